/// One encoded rendition of a photo.
public struct EncodedRendition: Sendable, Equatable {
    /// The file's bytes.
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int
    public var format: RenditionRequest.Format

    public init(bytes: [UInt8], width: Int, height: Int, format: RenditionRequest.Format) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.format = format
    }
}
