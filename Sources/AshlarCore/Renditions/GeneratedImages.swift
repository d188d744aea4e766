/// What the rendition stage made of a photo: each file to publish and the cache file that holds
/// it, and the published original, if any.
package struct GeneratedImages: Sendable, Equatable {
    package var files: [CachedFile]
    /// Where the original is published (its location data removed), for the download link.
    package var original: ImageLocation?
    /// The rendition about 1,200 px wide that sharing previews use.
    package var sharing: (image: ImageLocation, width: Int, height: Int)?

    package init(files: [CachedFile], original: ImageLocation? = nil) {
        self.files = files
        self.original = original
    }

    package static func == (lhs: GeneratedImages, rhs: GeneratedImages) -> Bool {
        lhs.files == rhs.files && lhs.original == rhs.original && lhs.sharing?.image == rhs.sharing?.image
            && lhs.sharing?.width == rhs.sharing?.width && lhs.sharing?.height == rhs.sharing?.height
    }
}
