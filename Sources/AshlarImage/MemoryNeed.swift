/// The parts the memory estimates (``Renditions/memoryNeeded(for:widths:limits:)``) are made of.
/// Each type whose code allocates something large has a `memoryNeeded` beside that code, which
/// counts what the code writes there at the most its input allows (pages an allocation never
/// touches cost no memory): the decoders', the row assembler's, the resampler's and the
/// encoders'. They are upper bounds worked out from the code, not measurements; a change to
/// what the code allocates changes its `memoryNeeded` with it.
enum MemoryNeed {
    /// All the buffers too small to count one by one, together: Huffman, quantization and
    /// resampling tables, single blocks, a deflate window's hash chains (320 KiB), lists of a
    /// few entries.
    static let smallBuffers = 1 << 20

    /// An array of `count` elements built by appending: its capacity doubles as it grows, and
    /// while it moves, the old storage and the new are both held.
    static func appended<Element>(_ count: Int, of type: Element.Type) -> Int {
        3 * count * MemoryLayout<Element>.stride
    }
}
