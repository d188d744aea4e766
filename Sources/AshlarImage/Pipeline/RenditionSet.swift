/// What ``Renditions/make(from:widths:quality:limits:keepingCameraEXIF:)`` made of one photo.
public struct RenditionSet: Sendable, Equatable {
    /// The photo's width as displayed: after its EXIF orientation is applied, at full resolution.
    public var width: Int
    /// The photo's height as displayed.
    public var height: Int
    /// The EXIF orientation (1–8) that was applied to the pixels; 1 when there was none.
    public var orientation: Int
    /// Problems with a damaged file whose pixels could still be decoded, and with its colour
    /// profile.
    public var warnings: [ImageWarning]
    /// The file is damaged (cut short, corrupt data): part of the picture may be missing, filled
    /// as a decoder fills it. Only damage warnings (``ImageWarning/isDamage``) count.
    public var isDamaged: Bool { warnings.contains { $0.isDamage } }
    /// One rendition per distinct width that was asked for, widest first.
    public var renditions: [EncodedRendition]
    /// The photo's colours, for pages to show while it loads (from the narrowest rendition); nil
    /// for a photo with alpha.
    public var placeholder: ColourPlaceholder?

    public init(
        width: Int, height: Int, orientation: Int, warnings: [ImageWarning], renditions: [EncodedRendition],
        placeholder: ColourPlaceholder? = nil
    ) {
        self.placeholder = placeholder
        self.width = width
        self.height = height
        self.orientation = orientation
        self.warnings = warnings
        self.renditions = renditions
    }
}
