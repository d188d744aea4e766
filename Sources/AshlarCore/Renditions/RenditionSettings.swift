import AshlarImage

/// How the build makes renditions of local JPEG and PNG photos: `"renditions"`, `"originals"`
/// in `ashlar.json`.
package struct RenditionSettings: Sendable, Equatable {
    /// `"renditions": false` publishes every photo as it is, as Ashlar did before it made
    /// renditions.
    package var enabled = true
    /// Widths in pixels; nil derives them from the layout (`RenditionWidths`).
    package var widths: [Int]?
    /// JPEG quality, 1–100 (as `cjpeg -quality`).
    package var quality = 82
    /// No rendition is wider than this.
    package var maxWidth = 2560
    /// Whether the original is published beside its renditions.
    package var originals = Originals.omit
    /// What JPEG renditions carry besides the ICC profile (`"metadata"`).
    package var metadata = Metadata.none
    /// Formats whose files are published byte for byte, location and all, where Ashlar would
    /// otherwise publish a copy with its metadata chosen from an allowlist or, for AVIF, leave
    /// the photo out (`"publishAsIs"`).
    package var publishAsIs: Set<ImageFormat> = []

    package init() {}

    package enum Originals: String, Sendable, Equatable {
        /// Only the renditions are published.
        case omit
        /// The original is published too, with its location data removed, and offered for
        /// download on its photo page.
        case publish
    }

    package enum Metadata: String, Sendable, Equatable, CaseIterable {
        /// Nothing: no EXIF, no XMP, no IPTC.
        case none
        /// The camera's EXIF (make, model, lens, exposure, date), without location and without
        /// orientation (the pixels are upright).
        case camera
    }

    static let keys = ["widths", "quality", "maxWidth"]
    /// Widths allowed in `widths` and `maxWidth`.
    static let widthRange = 16...16_384
}
