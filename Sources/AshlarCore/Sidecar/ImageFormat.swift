/// The image formats Ashlar reads headers of, detected from their first bytes.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg
    case png
    case gif
    case webp
    case avif

    /// The format's name in messages: `JPEG`, `WebP`.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .avif: "AVIF"
        }
    }
}
