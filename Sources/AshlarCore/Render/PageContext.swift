import AshlarImage

/// What every page's data shares: the site, and the way back to the output root from the page's
/// folder (all links are relative, so the site works from any path and from disk).
struct PageContext {
    let configuration: SiteConfiguration
    /// The page's folder relative to the output root (`""`, `travel/coast`, `travel/page/2`).
    let folder: String
    /// Whether the site publishes `feed.xml`.
    let hasFeed: Bool
    /// What the rendition stage published for each item, beside the catalog.
    let published: PublishedImages
    /// The way back to the output root from `folder` (`../../`), worked out once: every link
    /// and image URL of the page starts with it.
    let prefix: String

    init(
        configuration: SiteConfiguration, folder: String, hasFeed: Bool = false,
        published: PublishedImages = PublishedImages()
    ) {
        self.configuration = configuration
        self.folder = folder
        self.hasFeed = hasFeed
        self.published = published
        prefix = URLPath.rootPrefix(depth: folder.isEmpty ? 0 : folder.utf8.count { $0 == UInt8(ascii: "/") } + 1)
    }

    var sharing: SharingModel? {
        configuration.baseURL.map { SharingModel(baseURL: $0, configuration: configuration, published: published) }
    }

    /// A link to a folder's page, relative to this page.
    func link(toFolder target: String) -> String {
        prefix + URLPath.index(of: target)
    }

    /// The URL of an item's image as this page sees it: its still's as published; for a video
    /// without a poster, the video's (which no page puts in an `<img>`).
    func source(of photo: Photo) -> String {
        if let shown = published.shown(photo) { return url(of: shown.image) }
        return photo.video.map { url(of: $0.location) } ?? ""
    }

    /// The colours an item's image shows while it loads; nil without renditions.
    func placeholder(of photo: Photo) -> ColourPlaceholder? {
        published.shown(photo)?.placeholder
    }

    /// Where an item's original is published for download; nil when it is not.
    func original(of photo: Photo) -> ImageLocation? {
        published.shown(photo)?.generated?.original
    }

    /// The width of the file ``source(of:)`` links to when it is a rendition narrower than the
    /// item's image; nil when it is the image itself.
    func imageWidth(of photo: Photo) -> Int? {
        published.shown(photo)?.imageWidth
    }

    /// An image location as a URL relative to this page (or absolute, for remote images).
    func url(of location: ImageLocation) -> String {
        switch location {
        case .output(let path), .referenced(let path): prefix + URLPath.encodePath(path)
        case .remote(let url): url
        }
    }

    /// `srcset` with `w` descriptors: the renditions, then the image itself (the original, or the
    /// largest generated rendition); nil without renditions.
    func srcset(of photo: Photo) -> String? {
        guard let shown = published.shown(photo), !shown.renditions.isEmpty else { return nil }
        let imageWidth = shown.imageWidth ?? photo.width
        var candidates: [String] = []
        for rendition in shown.renditions where rendition.width < imageWidth {
            let url = url(of: rendition.image)
            candidates.append("\(Self.srcsetURL(url)) \(rendition.width)w")
        }
        candidates.append("\(Self.srcsetURL(url(of: shown.image))) \(imageWidth)w")
        return candidates.joined(separator: ", ")
    }

    /// A tile's `src`, for browsers that do not read `srcset`: a generated rendition of middling
    /// size (the narrowest at least 640 px wide) rather than the largest.
    func tileSource(of photo: Photo) -> String {
        guard let shown = published.shown(photo), shown.generated != nil,
            let middle = shown.renditions.first(where: { $0.width >= 640 }) ?? shown.renditions.last
        else { return source(of: photo) }
        return url(of: middle.image)
    }

    /// Commas and spaces separate `srcset` candidates, so a URL must not contain them raw.
    static func srcsetURL(_ url: String) -> String {
        url.split(separator: ",", omittingEmptySubsequences: false).joined(separator: "%2C")
            .split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20")
    }

    var site: SiteSummary {
        SiteSummary(configuration: configuration, prefix: prefix, hasFeed: hasFeed, folder: folder)
    }

    /// The theme's script, which photo pages load unless `ashlar.json` says `"script": false`
    /// (and which the site then leaves out).
    static let scriptAsset = "assets/ashlar.js"

    var page: PageLocation {
        PageLocation(root: prefix, url: URLPath.index(of: folder))
    }

    /// Breadcrumbs from the root through `albums`; the last is the current page unless a photo
    /// page adds its own last step.
    func breadcrumbs(_ albums: [Album], currentIsLast: Bool) -> [Breadcrumb] {
        albums.enumerated().map { index, album in
            Breadcrumb(
                title: album.title, url: link(toFolder: album.outputPath),
                current: currentIsLast && index == albums.count - 1)
        }
    }

    /// Alt text: the metadata's, else its title, else the file name's title, else a readable
    /// position; never a camera's file name. (`ashlar check` still reports the alt text missing.)
    static func alt(of photo: Photo, position: Int, of total: Int, words: ThemeWords) -> String {
        photo.metadata.alt ?? title(of: photo, position: position, of: total, words: words)
    }

    /// The title a page shows: the metadata's, else the file name's, else a readable position
    /// in the site's words ("Photo 3 of 5", "Video 5 of 5").
    static func title(of photo: Photo, position: Int, of total: Int, words: ThemeWords) -> String {
        photo.metadata.title ?? photo.titleFromFileName
            ?? words.position(position, of: total, isVideo: photo.video != nil)
    }

    /// The theme's words in the site's language.
    var words: ThemeWords { configuration.words }
}
