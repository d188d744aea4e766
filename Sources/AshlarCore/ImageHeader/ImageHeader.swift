import AshlarImage

/// What an image file's first bytes say about it.
package struct ImageHeader: Sendable, Equatable {
    package var format: ImageFormat
    /// Stored pixel size, before orientation is applied.
    package var width: Int
    package var height: Int
    /// EXIF orientation, 1 to 8; 1 when the file states none.
    package var orientation: Int
    /// When the photo was taken (EXIF `DateTimeOriginal`, else `DateTimeDigitized`).
    package var date: PhotoDate?
    /// The text metadata the file carries (XMP, IPTC-IIM, EXIF text), when the reader found any.
    package var embedded = EmbeddedMetadata()

    package init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1, date: PhotoDate? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.date = date
    }

    /// The header's size, orientation and date as the weakest metadata source, to merge sidecars over.
    package var metadata: PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = width
        metadata.height = height
        metadata.orientation = orientation
        metadata.date = date
        return metadata
    }
}
