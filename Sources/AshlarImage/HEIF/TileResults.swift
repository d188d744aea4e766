import Synchronization

/// The tiles of a grid as threads decode them (``HEIFImageDecoder``): the next tile to take, and
/// the error of each tile that failed. Once a tile fails, no further tile is handed out.
final class TileResults: Sendable {
    private struct State {
        var next: Int
        let end: Int
        var failures: [Int: ImageError] = [:]
    }

    private let state: Mutex<State>

    init(_ indices: Range<Int>) {
        state = Mutex(State(next: indices.lowerBound, end: indices.upperBound))
    }

    /// The index of the next tile to decode; nil when none is left or one has failed.
    func next() -> Int? {
        state.withLock { state in
            guard state.failures.isEmpty, state.next < state.end else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func fail(_ error: ImageError, at index: Int) {
        state.withLock { $0.failures[index] = error }
    }

    /// The error of the first tile (in tile order) that failed; nil when none did.
    var firstError: ImageError? {
        state.withLock { state in state.failures.min { $0.key < $1.key }?.value }
    }
}
