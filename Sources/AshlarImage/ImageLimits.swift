/// Bounds on the work and memory one image may cost. Past any of them decoding stops with an
/// ``ImageError`` of kind `.tooLarge` before the memory is allocated or the work is done.
public struct ImageLimits: Sendable, Equatable {
    /// The most pixels (width × height, as declared by the file) an image may have.
    public var maxPixels: Int
    /// The most scans a progressive JPEG may have (libjpeg-turbo's default warning point is 1,000).
    public var maxScans: Int
    /// The most 8×8 blocks a JPEG's scans may decode, summed over its scans: a scan of one
    /// component covers that component's blocks, an interleaved scan every block of its
    /// components' MCUs. A decoder visits every block a scan covers whatever its data holds, so
    /// this, not the number of scans or the file's size, is what a progressive JPEG's decoding
    /// time follows: 999 valid scans of one coefficient each, over a 4096 × 4096 image, are 137
    /// KB and took 12.5 s to decode before this limit.
    ///
    /// The default, 225 million, is 16 passes over the 14.1 million blocks of a 300-megapixel
    /// (``maxPixels``) 4:4:4 image, so every progressive JPEG an encoder writes by its own script
    /// passes: libjpeg's decodes each block 4.7 times (5.3 at 4:2:0), scripts that split the
    /// spectrum finer (mozjpeg's, jpegli's) 5 to 15 times. Measured with `ashlar-bench images
    /// decode` on one core: a 24-megapixel camera photo made progressive by `jpegtran` (10
    /// scans, 5.2 million block visits) decodes at 142 ns a visit, all its work included; a
    /// visit that reads no data costs from 21 ns (an end-of-band run in a first AC scan) to
    /// 105 ns (a refinement of all 63 coefficients, the costliest), so the most a file's scans
    /// can cost is about 24 seconds (1,000 scans of such refinements over 14 megapixels, in 117
    /// KB: 23.7 s). Visits that cost more read more data, which the file's size bounds.
    public var maxScanBlocks: Int
    /// The most bytes decompressed data (PNG's zlib stream, ICC profiles, XMP) may expand to.
    public var maxDecompressedBytes: Int
    /// The largest embedded ICC profile kept: a larger one is ignored with a warning rather than
    /// inflated in full and copied into every rendition. Display profiles are a few kilobytes;
    /// camera and scanner profiles with tables rarely pass a few hundred.
    public var maxICCProfileBytes: Int
    /// The most memory decoding one image and making its renditions may hold at once, as
    /// worked out from its headers before anything large is allocated
    /// (``Renditions/memoryNeeded(for:widths:limits:)``; a decoder alone checks its own part).
    /// For a gallery's default widths (up to 2,560 pixels), the 12- to 42-megapixel camera
    /// photos of `../shared` need 50–59 MiB by the estimate (44–48 MiB measured above what the
    /// process held before); made progressive, up to 277 MiB, nearly all of it coefficients
    /// (6 bytes a pixel at 4:4:4, so a progressive 4:4:4 JPEG fits up to about 170 megapixels).
    public var maxMemoryBytes: Int
    /// The most entropy-coded bytes a JPEG rendition may take a block (of 8 × 8 samples): what
    /// the memory estimate counts its encoder's output at. A rendition that would take more at
    /// the quality asked for (none of the photographs measured, nor noise at quality 100, which
    /// takes about 60) is written at a lower quality, with a warning
    /// (`JPEGEncoder.encodeWithinBound`).
    public var maxCodedBytesPerBlock: Int

    public init(
        maxPixels: Int = 300_000_000, maxScans: Int = 1_000, maxScanBlocks: Int = 225_000_000,
        maxDecompressedBytes: Int = 1 << 30, maxICCProfileBytes: Int = 512 << 10, maxMemoryBytes: Int = 1 << 30,
        maxCodedBytesPerBlock: Int = JPEGEncoder.codedBytesPerBlockLimit
    ) {
        self.maxPixels = maxPixels
        self.maxScans = maxScans
        self.maxScanBlocks = maxScanBlocks
        self.maxDecompressedBytes = maxDecompressedBytes
        self.maxICCProfileBytes = maxICCProfileBytes
        self.maxMemoryBytes = maxMemoryBytes
        self.maxCodedBytesPerBlock = max(maxCodedBytesPerBlock, 1)
    }

    /// 300 megapixels, 1,000 scans decoding 225 million blocks in all, 1 GiB of decompressed
    /// data, ICC profiles up to 512 KiB, 1 GiB of memory, 80 coded bytes a JPEG rendition block.
    public static let `default` = ImageLimits()

    /// Why `subject` ("JPEG", "image") is refused when it needs `bytes` of memory to `doing`
    /// ("decode") and that is more than ``maxMemoryBytes``; nil when it fits. In MiB, the need
    /// rounded up and the limit down, so that the one shown is always more than the other.
    func memoryRefusal(_ subject: String, needs bytes: Int, doing: String) -> ImageError? {
        guard bytes > maxMemoryBytes else { return nil }
        return ImageError(
            .tooLarge,
            "\(subject) needs \((bytes + (1 << 20) - 1) >> 20) MiB of memory to \(doing), "
                + "more than the limit of \(maxMemoryBytes >> 20) MiB")
    }
}
