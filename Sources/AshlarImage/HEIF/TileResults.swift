import Synchronization

/// The tiles of a grid as threads decode them (``HEIFImageDecoder``): the next tile to take, and
/// each tile's picture or error in its place. Once a tile fails, no further tile is handed out.
final class TileResults: Sendable {
    private struct State {
        var next = 0
        var failed = false
        var results: [Result<PixelImage, ImageError>?]
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(results: Array(repeating: nil, count: count)))
    }

    /// The index of the next tile to decode; nil when none is left or one has failed.
    func next() -> Int? {
        state.withLock { state in
            guard !state.failed, state.next < state.results.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func store(_ result: Result<PixelImage, ImageError>, at index: Int) {
        state.withLock { state in
            state.results[index] = result
            if case .failure = result { state.failed = true }
        }
    }

    /// The pictures in tile order, or the error of the first tile (in order) that failed.
    func images() throws(ImageError) -> [PixelImage] {
        let results = state.withLock { $0.results }
        var images: [PixelImage] = []
        images.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let image): images.append(image)
            case .failure(let error): throw error
            case nil: continue // after a failure, tiles never handed out
            }
        }
        return images
    }
}
