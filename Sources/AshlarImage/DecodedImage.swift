/// What a decoder returns: the pixels, the colour profile the file carries, and what was wrong
/// with a damaged file whose pixels were still decoded (missing data is filled, not guessed).
public struct DecodedImage: Sendable, Equatable {
    public var image: PixelImage
    /// The embedded ICC profile, byte for byte (JPEG APP2 chunks joined, PNG `iCCP` inflated).
    public var iccProfile: [UInt8]?
    /// Problems found while decoding (truncated data, a bad restart marker, an ignored chunk);
    /// empty when clean.
    public var warnings: [ImageWarning]

    /// Part of the picture is missing or corrupt, filled as the decoder fills it.
    public var isDamaged: Bool { warnings.contains { $0.isDamage } }

    public init(image: PixelImage, iccProfile: [UInt8]? = nil, warnings: [ImageWarning] = []) {
        self.image = image
        self.iccProfile = iccProfile
        self.warnings = warnings
    }
}
