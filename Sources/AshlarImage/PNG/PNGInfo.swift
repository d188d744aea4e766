/// What a PNG file's chunks before its image data say about it.
public struct PNGInfo: Sendable, Equatable {
    /// The colour types of PNG's `IHDR` chunk.
    public enum ColorType: UInt8, Sendable, Equatable {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        /// Samples per pixel in the file (a palette index is one sample).
        var samples: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    public var width: Int
    public var height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    public var colorType: ColorType
    /// Adam7 interlacing.
    public var isInterlaced: Bool
    /// Whether a `tRNS` chunk gives transparency to a colour type without alpha.
    public var hasTransparency: Bool
    /// What ``PNGDecoder/decode(_:limits:)`` returns: the smallest format holding every sample
    /// without loss (a palette with any translucent entry gives `.rgba`).
    public var outputFormat: PixelFormat
    /// The `gAMA` chunk: the file's gamma times 100,000 (45,455 for 1/2.2). Not applied.
    public var gamma: Int?
    /// The `sRGB` chunk's rendering intent (0 perceptual … 3 absolute colorimetric).
    public var srgbIntent: Int?
    /// The name in the `iCCP` chunk, when there is one.
    public var iccProfileName: String?
    /// The frame count an APNG's `acTL` chunk declares; only the default image is decoded.
    public var animationFrameCount: Int?

    var bitsPerPixel: Int { bitDepth * colorType.samples }
}
