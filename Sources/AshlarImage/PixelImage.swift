/// A decoded raster: 8 bits per channel, interleaved, rows top to bottom with no padding.
public struct PixelImage: Sendable, Equatable {
    /// Width in pixels (at least 1).
    public var width: Int
    /// Height in pixels (at least 1).
    public var height: Int
    /// The channels each pixel has, in storage order.
    public var format: PixelFormat
    /// `width * height * format.channels` samples.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * format.channels)
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
    }

    /// An image of the given size with every sample zero.
    public init(width: Int, height: Int, format: PixelFormat) {
        self.init(
            width: width, height: height, format: format,
            pixels: [UInt8](repeating: 0, count: width * height * format.channels))
    }

    /// Bytes in one row.
    public var rowBytes: Int { width * format.channels }
}
