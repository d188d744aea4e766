/// One rendition to make: a width in pixels (the height follows the photo's aspect ratio) and the
/// file format to write it in.
public struct RenditionRequest: Sendable, Hashable {
    public enum Format: Sendable, Hashable {
        /// Progressive JPEG, 4:2:0, at this quality (1–100, as `cjpeg -quality`).
        case jpeg(quality: Int)
        /// PNG, keeping alpha.
        case png
    }

    public var width: Int
    public var format: Format

    public init(width: Int, format: Format) {
        self.width = width
        self.format = format
    }
}

extension RenditionRequest.Format {
    /// The file format this writes.
    public var imageFormat: ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        }
    }
}
