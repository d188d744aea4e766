/// The rows of an image that a streamed filter still needs: rows `first..<first + count`, kept
/// contiguous from the start of one buffer (a filter reads its taps as consecutive rows), added
/// at the end and dropped from the front.
final class RowWindow<Element: BitwiseCopyable> {
    let rowSamples: Int
    private(set) var capacity: Int
    private(set) var storage: OwnedBuffer<Element>
    /// The image row held first, and how many are held.
    private(set) var first = 0
    private(set) var count = 0
    /// Whether rows ever needed more room than the window was made with.
    private(set) var grew = false

    /// A window for rows of `rowSamples` samples, with room for `capacity` rows (it grows if a
    /// caller needs more).
    init(rowSamples: Int, capacity: Int) {
        self.rowSamples = rowSamples
        self.capacity = max(capacity, 1)
        storage = OwnedBuffer(uninitializedCount: self.capacity * rowSamples)
    }

    /// The row after the last held.
    var end: Int { first + count }

    /// The first row held.
    var base: UnsafePointer<Element> { UnsafePointer(storage.base) }

    /// Where the next `rows` rows (from row ``end``, or `row` when none is held) are written;
    /// ``didAppend(_:)`` then counts them in.
    func room(for rows: Int, startingAt row: Int) -> UnsafeMutablePointer<Element> {
        if count == 0 { first = row }
        if count + rows > capacity {
            let grown = OwnedBuffer<Element>(uninitializedCount: (count + rows) * rowSamples)
            grown.base.update(from: storage.base, count: count * rowSamples)
            storage = grown
            capacity = count + rows
            grew = true
        }
        return storage.base + count * rowSamples
    }

    func didAppend(_ rows: Int) { count += rows }

    /// Forgets the rows before `row`.
    func drop(before row: Int) {
        let dropped = min(max(row - first, 0), count)
        guard dropped > 0 else { return }
        count -= dropped
        first += dropped
        storage.base.update(from: storage.base + dropped * rowSamples, count: count * rowSamples)
    }
}
