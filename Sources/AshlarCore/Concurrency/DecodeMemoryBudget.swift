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
/// memory that never comes. A worker holds one reservation at a time and gives it back without
/// waiting for anything, so a waiting request waits only for decodes that finish: once they
/// have, the whole budget is free, and the first request, at most `total`, fits.
final class DecodeMemoryBudget: Sendable {
    /// The most bytes held at once.
    let total: Int
    private let state: Mutex<State>

    private struct State {
        var available: Int
        /// Requests that did not fit, first come first, each with the semaphore its worker
        /// sleeps on.
        var waiting: [(bytes: Int, wakeUp: DispatchSemaphore)] = []
    }

    /// A budget of `total` bytes; by default what one image may need (`ImageLimits`), 1 GiB.
    init(total: Int = ImageLimits.default.maxMemoryBytes) {
        self.total = max(total, 0)
        state = Mutex(State(available: max(total, 0)))
    }

    /// Waits until `bytes` are free and every earlier request has been served, and takes them;
    /// false, at once, when `bytes` is more than the whole budget.
    func acquire(_ bytes: Int) -> Bool {
        let bytes = max(bytes, 0)
        guard bytes <= total else { return false }
        let wakeUp: DispatchSemaphore? = state.withLock { state in
            if state.waiting.isEmpty && bytes <= state.available {
                state.available -= bytes
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
        state.withLock { state in
            state.available = min(state.available + max(bytes, 0), total)
            while let first = state.waiting.first, first.bytes <= state.available {
                state.available -= first.bytes
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

    /// Bytes free now, and requests waiting: for tests.
    var available: Int { state.withLock { $0.available } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }
}
