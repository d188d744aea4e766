/// What an image file's first bytes say about it.
public struct ImageHeader: Sendable, Equatable {
    public var format: ImageFormat
    /// Stored pixel size, before orientation is applied.
    public var width: Int
    public var height: Int
    /// EXIF orientation, 1 to 8; 1 when the file states none.
    public var orientation: Int
    /// When the photo was taken (EXIF `DateTimeOriginal`, else `DateTimeDigitized`).
    public var date: PhotoDate?
    /// EXIF `ImageDescription`, when it holds more than spaces.
    public var description: String?

    public init(
        format: ImageFormat, width: Int, height: Int, orientation: Int = 1, date: PhotoDate? = nil,
        description: String? = nil
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.date = date
        self.description = description
    }

    /// The header as the weakest metadata source, to merge sidecars over.
    public var metadata: PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = width
        metadata.height = height
        metadata.orientation = orientation
        metadata.date = date
        metadata.caption = description
        return metadata
    }
}
