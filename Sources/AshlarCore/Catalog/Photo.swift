import AshlarImage

/// An item of an album as the catalog reads it: a photo or a video (``Media``), with what both
/// have — its name, slug, metadata and display size. Immutable once the read stage has made it:
/// what the rendition stage publishes for it sits beside the catalog, in ``PublishedImages``
/// under its ``id``.
package struct Photo: Sendable, Equatable {
    /// A still photo, or a video and its poster.
    package var media: Media
    /// The sidecar or image file a diagnostic about this item names, relative to the source root.
    package var primaryPath: String
    /// The file name the item is known by (for natural sorting and fallbacks).
    package var name: String { didSet { titleFromFileName = FileNameTitle.title(fromFileName: name) } }
    /// The title the item's file name gives (`FileNameTitle`), for pages to show when its
    /// metadata names none; nil for names cameras invent. Worked out once, whenever `name` is set.
    package private(set) var titleFromFileName: String?
    package var slug: String
    /// The output folder of the album that holds it (`""` for the root), which with `slug` names
    /// it in the site (``id``).
    package var album = ""
    package var metadata: PhotoMetadata
    /// Display size in pixels, after orientation: a video's own, not its poster's.
    package var width: Int
    package var height: Int

    package init(
        media: Media, primaryPath: String, name: String, slug: String, metadata: PhotoMetadata, width: Int,
        height: Int
    ) {
        self.media = media
        self.primaryPath = primaryPath
        self.name = name
        self.titleFromFileName = FileNameTitle.title(fromFileName: name)
        self.slug = slug
        self.metadata = metadata
        self.width = width
        self.height = height
    }

    /// A still photo whose image is `image` at its display size, its format known by its name.
    package init(
        sourcePath: String?, image: ImageLocation, primaryPath: String, name: String, slug: String,
        metadata: PhotoMetadata, width: Int, height: Int
    ) {
        let still = Still(
            sourcePath: sourcePath, image: image, width: width, height: height,
            format: ImageFormat(fileExtension: PhotoFiles.fileExtension(of: name)))
        self.init(
            media: .photo(still), primaryPath: primaryPath, name: name, slug: slug, metadata: metadata, width: width,
            height: height)
    }

    /// The item's name in the site: its album's folder and its slug.
    package var id: PhotoID { PhotoID(album: album, slug: slug) }

    /// The still that stands for the item: a photo's own image, a video's poster; nil for a
    /// video without a poster, which no page puts in an `<img>`.
    package var still: Still? {
        switch media {
        case .photo(let still): still
        case .video(_, let poster): poster
        }
    }

    /// The video this item is, or nil for a photo.
    package var video: Video? {
        switch media {
        case .photo: nil
        case .video(let video, _): video
        }
    }

    /// Whether the item has an image to show: every photo does; a video only with a poster.
    package var hasImage: Bool { still != nil }

    package var aspectRatio: Double { Double(width) / Double(height) }

    /// The file name of what the item publishes: a video's file's, a photo's local file's, or the
    /// last path segment of its image's URL.
    package var imageFileName: String {
        switch media {
        case .video(let video, _):
            return String(Self.lastSegment(video.sourcePath[...]) ?? name[...])
        case .photo(let still):
            return switch still.image {
            case .output(let path), .referenced(let path):
                still.sourcePath.map { String(Self.lastSegment($0[...]) ?? "") } ?? path
            case .remote(let url):
                String(
                    Self.lastSegment(url.utf8.firstIndex(of: UInt8(ascii: "?")).map { url[..<$0] } ?? url[...])
                        ?? name[...]
                )
            }
        }
    }

    /// The last non-empty `/`-separated segment: `a/b/c.jpg` → `c.jpg`, `https://host/p/` → `p`;
    /// nil when there is none.
    static func lastSegment(_ path: Substring) -> Substring? {
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        let trimmed = path[..<end]
        guard !trimmed.isEmpty else { return nil }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return trimmed[trimmed.utf8.index(after: slash)...]
    }
}

/// A smaller copy of a photo, as the site publishes it.
package struct PhotoRendition: Sendable, Equatable {
    package var image: ImageLocation
    /// The file to copy, relative to the source root; nil for a remote URL.
    package var sourcePath: String?
    /// Width in pixels, for the `w` descriptor.
    package var width: Int

    package init(image: ImageLocation, sourcePath: String?, width: Int) {
        self.image = image
        self.sourcePath = sourcePath
        self.width = width
    }
}

/// Where the browser finds an image.
package enum ImageLocation: Sendable, Equatable {
    /// A path relative to the output root, `/`-separated, not percent-encoded.
    case output(String)
    /// An absolute `http` or `https` URL, used as given.
    case remote(String)
    /// Not copied: a path relative to the output root that leads back into the source folder
    /// (`../nature/IMG_1.jpg`), for `images: reference`.
    case referenced(String)
}
