/// Bounds on the work and memory one image may cost. Past any of them decoding stops with an
/// ``ImageError`` of kind `.tooLarge` before the memory is allocated.
public struct ImageLimits: Sendable, Equatable {
    /// The most pixels (width × height, as declared by the file) an image may have.
    public var maxPixels: Int
    /// The most scans a progressive JPEG may have (libjpeg-turbo's default warning point is 1,000).
    public var maxScans: Int
    /// The most bytes decompressed data (PNG's zlib stream, ICC profiles, XMP) may expand to.
    public var maxDecompressedBytes: Int
    /// The largest embedded ICC profile kept: a larger one is ignored with a warning rather than
    /// inflated in full and copied into every rendition. Display profiles are a few kilobytes;
    /// camera and scanner profiles with tables rarely pass a few hundred.
    public var maxICCProfileBytes: Int

    public init(
        maxPixels: Int = 300_000_000, maxScans: Int = 1_000, maxDecompressedBytes: Int = 1 << 30,
        maxICCProfileBytes: Int = 512 << 10
    ) {
        self.maxPixels = maxPixels
        self.maxScans = maxScans
        self.maxDecompressedBytes = maxDecompressedBytes
        self.maxICCProfileBytes = maxICCProfileBytes
    }

    /// 300 megapixels, 1,000 scans, 1 GiB of decompressed data, ICC profiles up to 512 KiB.
    public static let `default` = ImageLimits()
}
