/// What an image file's first bytes say about it.
package struct ImageHeader: Sendable, Equatable {
    package var format: ImageFormat
    /// Stored pixel size, before orientation is applied.
    package var width: Int
    package var height: Int
    /// EXIF orientation, 1 to 8; 1 when the file states none.
    package var orientation: Int
    /// The metadata the file carries (XMP, IPTC-IIM, EXIF), when the reader found any.
    package var embedded = EmbeddedMetadata()

    package init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }
}
