import AshlarImage
import Dispatch
import Synchronization

/// The memory the photos a build decodes at once may hold between them: each worker takes a
/// photo's estimate (`Renditions.memoryNeeded`) before decoding it and gives it back when done,
/// so that `--jobs` workers never hold more than `total` together, however many there are.
///
/// Requests are served in the order they come: one that does not fit waits, and every request
/// after it waits behind it even if it would fit, so a large photo is not passed over for ever by
/// smaller ones. A request for more than `total` is refused at once rather than left waiting for
/// memory that never comes — or, with `runsLargerAlone` (a budget sized from the machine, which
/// must never be less than one photo's need), served as a request for the whole budget: alone.
/// A worker holds one reservation at a time and gives it back without waiting for anything, so
/// a waiting request waits only for decodes that finish: once they have, the whole budget is
/// free, and the first request, at most `total`, fits.
package final class DecodeMemoryBudget: Sendable {
    /// The most bytes held at once.
    package let total: Int
    /// Whether a request for more than `total` waits for the whole budget instead of being refused.
    package let runsLargerAlone: Bool
    private let state: Mutex<State>

    private struct State {
        var available: Int
        /// Requests that did not fit, first come first, each with the semaphore its worker
        /// sleeps on.
        var waiting: [(bytes: Int, wakeUp: DispatchSemaphore)] = []
        /// Reservations held now, and the most held at once so far.
        var holders = 0
        var mostHolders = 0

        mutating func take(_ bytes: Int) {
            available -= bytes
            holders += 1
            mostHolders = max(mostHolders, holders)
        }
    }

    /// A budget of `total` bytes; by default what one image may need (`ImageLimits`), 1 GiB.
    /// A budget that runs larger requests alone is at least 1 byte, so that they take something.
    package init(total: Int = ImageLimits.default.maxMemoryBytes, runsLargerAlone: Bool = false) {
        self.total = max(total, runsLargerAlone ? 1 : 0)
        self.runsLargerAlone = runsLargerAlone
        state = Mutex(State(available: self.total))
    }

    /// What a request for `bytes` takes of the budget; nil when it is refused.
    private func charge(_ bytes: Int) -> Int? {
        let bytes = max(bytes, 0)
        if bytes <= total { return bytes }
        return runsLargerAlone ? total : nil
    }

    /// Waits until `bytes` are free and every earlier request has been served, and takes them;
    /// false, at once, when `bytes` is more than the whole budget (unless `runsLargerAlone`).
    func acquire(_ bytes: Int) -> Bool {
        guard let bytes = charge(bytes) else { return false }
        let wakeUp: DispatchSemaphore? = state.withLock { state in
            if state.waiting.isEmpty && bytes <= state.available {
                state.take(bytes)
                return nil
            }
            let semaphore = DispatchSemaphore(value: 0)
            state.waiting.append((bytes, semaphore))
            return semaphore
        }
        // Woken by `release` once the bytes have been taken on this worker's behalf.
        wakeUp?.wait()
        return true
    }

    /// Gives back `bytes` taken by ``acquire(_:)``, and wakes the waiting requests that now fit,
    /// in order, up to the first that does not.
    func release(_ bytes: Int) {
        let bytes = charge(bytes) ?? 0
        state.withLock { state in
            state.available = min(state.available + bytes, total)
            state.holders = max(state.holders - 1, 0)
            while let first = state.waiting.first, first.bytes <= state.available {
                state.take(first.bytes)
                state.waiting.removeFirst()
                first.wakeUp.signal()
            }
        }
    }

    /// `body`'s result, run holding `bytes` of the budget (given back however `body` ends); nil,
    /// without running it, when `bytes` is more than the whole budget.
    func withReservation<T, Failure: Error>(of bytes: Int, _ body: () throws(Failure) -> T) throws(Failure) -> T? {
        guard acquire(bytes) else { return nil }
        defer { release(bytes) }
        return try body()
    }

    /// The most reservations held at the same time so far: how many photos were decoded at once.
    package var mostAtOnce: Int { state.withLock { $0.mostHolders } }

    /// How many requests of `bytes` each this budget admits at once with `workers` workers asking
    /// (at least one, when it admits them at all): what a build of photos that need `bytes`
    /// reaches, without decoding any.
    package func admittedAtOnce(needing bytes: Int, workers: Int) -> Int {
        guard let charged = charge(bytes), workers > 0 else { return 0 }
        return charged == 0 ? workers : min(workers, max(1, total / charged))
    }

    /// Bytes free now, and requests waiting: for tests.
    var available: Int { state.withLock { $0.available } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }
}
