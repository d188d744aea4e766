import AshlarImage

/// The image a page shows for an item: its still as the source has it, or as the rendition stage
/// published it (``PublishedImage``). Worked out by the render stage from the catalog and the
/// published images; neither is changed.
struct ShownImage: Sendable, Equatable {
    /// The image as the browser fetches it: the widest rendition when there are renditions.
    var image: ImageLocation
    /// The still's file, relative to the source root; nil for a remote image.
    var sourcePath: String?
    /// The width of the file at `image` when it is a rendition narrower than the still; nil when
    /// `image` is the still's own.
    var imageWidth: Int?
    /// Smaller copies for `srcset`, narrowest first.
    var renditions: [PhotoRendition]
    /// The files the rendition stage made of the still; nil when it is published as the source
    /// has it.
    var generated: GeneratedImages?
    /// The still's colours, for pages to show while it loads; nil without renditions.
    var placeholder: ColourPlaceholder?

    /// The still with what the rendition stage published for it: with renditions its `image`
    /// becomes the widest, the narrower ones its `srcset`, and `generated` keeps the files to
    /// publish, the sharing preview and the published original (the source's own image is
    /// published only through that, without its location).
    init(_ still: Still, published: PublishedImage?) {
        image = still.image
        sourcePath = still.sourcePath
        renditions = still.renditions
        switch published {
        case .renditions(let published):
            var renditions = published.renditions
            guard let largest = renditions.popLast() else { return }
            image = largest.image
            imageWidth = published.largestWidth
            self.renditions = renditions
            generated = published.generated
            placeholder = published.placeholder
        case .copy(let file):
            generated = GeneratedImages(files: [file])
        case .leftOut, nil:
            break
        }
    }
}

extension PublishedImages {
    /// What a page shows for `photo`; nil for a video without a poster, which has no image.
    func shown(_ photo: Photo) -> ShownImage? {
        guard let still = photo.still else { return nil }
        return ShownImage(still, published: items.isEmpty ? nil : items[photo.id])
    }
}
