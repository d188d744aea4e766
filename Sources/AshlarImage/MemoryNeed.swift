/// The parts the memory estimates (``Renditions/memoryNeeded(for:widths:limits:)``) are made of.
/// Each type whose code allocates something large has a `memoryNeeded` beside that code, which
/// counts what the code writes there at the most its input allows (pages an allocation never
/// touches cost no memory): the decoders', the row assembler's, the resampler's and the
/// encoders'. They are upper bounds worked out from the code, not measurements; a change to
/// what the code allocates changes its `memoryNeeded` with it.
enum MemoryNeed {
    /// What each part adds for all that is too small to count one by one: Huffman,
    /// quantization and resampling tables, single blocks, a deflate window's hash chains (320
    /// KiB), lists of a few entries, and the code a first decode pages in. Measured against
    /// `mmap` calls (`strace`), the large allocations of a 4000 × 3000 RGBA PNG's renditions
    /// were exactly the estimate's, and everything else took 0.8 MiB.
    static let smallBuffers = 2 << 20

    /// An array of `count` elements built by appending: its capacity doubles as it grows, and
    /// while it moves, the old storage and the new are both held.
    static func appended<Element>(_ count: Int, of type: Element.Type) -> Int {
        3 * count * MemoryLayout<Element>.stride
    }
}
