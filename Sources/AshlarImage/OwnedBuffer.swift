/// Memory outside Swift arrays, owned by a final class and freed in its `deinit`: the one way
/// AshlarImage holds unsafe memory (decoder and encoder state, coefficient stores, scratch rows),
/// so a value that holds one may be copied, and no path can free it twice or forget to.
///
/// Hot loops work on ``base`` (no bounds or uniqueness checks). The memory lives while the owner
/// does, and Swift may end a local's life at its last mention: a local owner whose pointers are
/// used after that is kept with `defer { withExtendedLifetime(owner) {} }`. A stored owner lives
/// as long as the value holding it.
///
/// `@unchecked Sendable`, the package's one: a buffer shared between threads is a read-only table
/// (a Huffman lookup, the zigzag order), written only before it is shared; decoder state is
/// written by the one decode that owns it.
final class OwnedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The first of ``count`` elements (at least one is allocated, so it is never dangling).
    let base: UnsafeMutablePointer<Element>
    let count: Int

    /// `count` elements, each `value`.
    init(repeating value: Element, count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: value, count: max(count, 1))
    }

    /// `count` elements whose values are whatever the memory held: the caller writes before
    /// reading (an element type without invalid bit patterns, so reading early is not undefined).
    init(uninitializedCount count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
    }

    /// A copy of `elements`.
    convenience init(_ elements: [Element]) {
        self.init(uninitializedCount: elements.count)
        elements.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
        }
    }

    deinit { base.deallocate() }
}
