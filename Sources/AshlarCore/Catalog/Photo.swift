import AshlarImage

/// A photo as the site shows it: where its image is, what it is called, how it is shaped.
package struct Photo: Sendable, Equatable {
    /// The image's path relative to the source root, or nil for a photo hosted elsewhere.
    package var sourcePath: String?
    /// The image as the browser fetches it: a path relative to the output root, or an
    /// absolute `http(s)` URL.
    package var image: ImageLocation
    /// The sidecar or image file a diagnostic about this photo names, relative to the source root.
    package var primaryPath: String
    /// The file name the photo is known by (for natural sorting and fallbacks).
    package var name: String { didSet { titleFromFileName = FileNameTitle.title(fromFileName: name) } }
    /// The title the photo's file name gives (`FileNameTitle`), for pages to show when its
    /// metadata names none; nil for names cameras invent. Worked out once, whenever `name` is set.
    package private(set) var titleFromFileName: String?
    package var slug: String
    package var metadata: PhotoMetadata
    /// Display size in pixels, after orientation.
    package var width: Int
    package var height: Int
    /// Smaller copies for `srcset`, narrowest first.
    package var renditions: [PhotoRendition] = []
    /// The width of the file at `image` when it is a rendition narrower than the photo; nil when
    /// `image` is the original.
    package var imageWidth: Int?
    /// The files the rendition stage made of this photo; nil when the photo is published as the
    /// source has it.
    package var generated: GeneratedImages?
    /// The photo's colours, for pages to show while it loads: made with its renditions; nil for
    /// a photo published without them.
    package var placeholder: ColourPlaceholder?
    /// For a camera RAW, the embedded JPEG it is published from; nil for any other photo.
    package var preview: EmbeddedPreview?
    /// A photo, or a video (whose `image` and `sourcePath` are then its poster's).
    package var media = Media.photo

    package init(
        sourcePath: String?, image: ImageLocation, primaryPath: String, name: String, slug: String,
        metadata: PhotoMetadata, width: Int, height: Int
    ) {
        self.sourcePath = sourcePath
        self.image = image
        self.primaryPath = primaryPath
        self.name = name
        self.titleFromFileName = FileNameTitle.title(fromFileName: name)
        self.slug = slug
        self.metadata = metadata
        self.width = width
        self.height = height
    }

    /// The format of the bytes the photo is made from: a RAW's preview is a JPEG; other files
    /// are known by their extension.
    package var sourceFormat: ImageFormat? {
        if preview != nil { return .jpeg }
        if let video { return video.poster.flatMap { ImageFormat(fileExtension: PhotoFiles.fileExtension(of: $0)) } }
        return ImageFormat(fileExtension: PhotoFiles.fileExtension(of: name))
    }

    package var aspectRatio: Double { Double(width) / Double(height) }

    /// The image's file name: the local file's, or the last path segment of a remote URL.
    package var imageFileName: String {
        if let video { return String(Self.lastSegment(video.sourcePath[...]) ?? name[...]) }
        return switch image {
        case .output(let path), .referenced(let path):
            sourcePath.map { String(Self.lastSegment($0[...]) ?? "") } ?? path
        case .remote(let url):
            String(
                Self.lastSegment(url.utf8.firstIndex(of: UInt8(ascii: "?")).map { url[..<$0] } ?? url[...]) ?? name[...]
            )
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
