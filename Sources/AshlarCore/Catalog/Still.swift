import AshlarImage

/// A still image as the source has it: a photo's own file, or the poster that stands for a video.
/// What the rendition stage makes renditions of; what it publishes sits beside the catalog
/// (``PublishedImages``), never here.
package struct Still: Sendable, Equatable {
    /// The image's path relative to the source root, or nil for an image hosted elsewhere.
    package var sourcePath: String?
    /// The image as the browser fetches it when it is published as the source has it: a path
    /// relative to the output root, a path back into the source folder, or an `http(s)` URL.
    package var image: ImageLocation
    /// Size in pixels, after orientation.
    package var width: Int
    package var height: Int
    /// The format of the bytes it is made from (a RAW's preview is a JPEG); nil when its name
    /// names none Ashlar knows.
    package var format: ImageFormat?
    /// Smaller copies the source provides (a sidecar's `renditions`, `NAME@800w.EXT` files),
    /// narrowest first.
    package var renditions: [PhotoRendition] = []
    /// For a camera RAW, the embedded JPEG it is published from; nil for any other image.
    package var preview: EmbeddedPreview?

    package init(
        sourcePath: String?, image: ImageLocation, width: Int, height: Int, format: ImageFormat?,
        renditions: [PhotoRendition] = [], preview: EmbeddedPreview? = nil
    ) {
        self.sourcePath = sourcePath
        self.image = image
        self.width = width
        self.height = height
        self.format = format
        self.renditions = renditions
        self.preview = preview
    }
}
