import AshlarTemplate

/// Turns the catalog into the files of the site: one page per album, the stylesheet, the theme's
/// assets and the images. Pure: no disk access.
package struct SiteRenderer: Sendable {
    package var configuration: SiteConfiguration
    package var theme: Theme
    package var library: TemplateLibrary
    /// The `sizes` of every gallery tile, worked out once from the theme's page geometry.
    var tileSizes: String
    /// The theme's page geometry, from which each photo page's `sizes` is worked out.
    var geometry: PageGeometry
    /// Whether the site publishes `feed.xml` (set by `render(root:)`).
    var hasFeed = false
    /// The site's keyword and place pages (set by `render(root:)`).
    var terms = TermPages()
    /// The root album's title, the first step of keyword and place pages' breadcrumbs.
    var rootTitle = ""
    /// Turns a path relative to the source root into the one messages show.
    package var displaySource: @Sendable (String) -> String = { $0 }
    /// The site-wide inputs (version, configuration, theme), part of every album's signature.
    package var siteFingerprint = ""
    /// Signatures of the previous build (albums', keyword and place pages'), by output path, whose
    /// pages are all still in the output: pages whose signature is unchanged are not rendered again.
    package var reusableAlbums: [String: String] = [:]
    /// Pages rendered at once; nil is one per core (`--jobs`).
    package var workers: Int?
    /// What to do with each page as soon as it is rendered, on the thread that rendered it; the
    /// file it returns takes the page's place. A build writes the page to disk there and then,
    /// so that the pages of a large site are never all in memory together.
    package var pageHandler: (@Sendable (OutputFile) -> OutputFile)?
    /// What the rendition stage published for each item, beside the catalog: pages show it, and
    /// its files are copied from the cache.
    package var published = PublishedImages()
    /// The Markdown files of `pages/`, each made a page of the site.
    package var pageSources: [PageSource] = []
    /// The other files of `pages/`, published beside the pages that show them.
    package var pageAttachments: [PageAttachment] = []
    /// The pages read from `pageSources` (set by `render(root:)`).
    var pages: [SitePage] = []
    /// The image `icon` names, made into the site's icons.
    var icon: IconSource?
    /// The user's own `robots.txt`, published in place of Ashlar's.
    var userRobots: [UInt8]?

    package init(
        configuration: SiteConfiguration, theme: Theme, library: TemplateLibrary,
        geometry: PageGeometry = PageGeometry()
    ) {
        self.configuration = configuration
        self.theme = theme
        self.library = library
        self.geometry = geometry
        self.tileSizes = geometry.tileSizes(
            breakpoints: configuration.layout.breakpoints, gap: configuration.layout.gap)
    }

    /// An album and the albums above it, root first, held once for all of its pages' jobs: a job
    /// then costs a reference, not a copy of the album (its cover's metadata and its photo list).
    final class AlbumInTree: Sendable {
        let album: Album
        let ancestors: [Album]

        init(_ album: Album, ancestors: [Album]) {
            self.album = album
            self.ancestors = ancestors
        }
    }

    /// One page to render: an album page, a photo page, a keyword's (or place's) page or their
    /// index.
    enum PageJob: Sendable {
        case album(AlbumInTree, page: Int, pageLinks: [Encoded<PaginationNav.PageLink>]?)
        case photo(AlbumInTree, index: Int, shared: PhotoPageModel.Shared)
        case term(TermIndex.Kind, TermIndex.Term, page: Int, pageLinks: [Encoded<PaginationNav.PageLink>]?)
        case termIndex(TermIndex)
        case page(SitePage)

        var templateName: String {
            switch self {
            case .album: "album"
            case .photo: "photo"
            case .term: "tag"
            case .termIndex: "tags"
            case .page: "page"
            }
        }

        /// The page's path in the output.
        var path: String {
            switch self {
            case .album(let tree, let page, _):
                URLPath.indexFile(of: Pagination.folder(ofPage: page, in: tree.album.outputPath))
            case .photo(let tree, let index, _):
                URLPath.indexFile(of: PhotoPageModel.folder(of: tree.album.photos[index], in: tree.album))
            case .term(let kind, let term, let page, _):
                URLPath.indexFile(of: Pagination.folder(ofPage: page, in: term.folder(in: kind)))
            case .termIndex(let index):
                URLPath.indexFile(of: index.kind.folder)
            case .page(let page):
                URLPath.indexFile(of: page.folder)
            }
        }
    }

    /// What `render(root:)` produces.
    package struct Rendered: Sendable {
        package var files: [OutputFile]
        package var diagnostics: [Diagnostic]
        /// Each album's signature, and each keyword's, place's and their indexes' (see
        /// `TermSignature`), by output path, for the next build.
        package var albumSignatures: [String: String]
    }

    /// Every output file, and diagnostics for what could not be rendered.
    package func render(root: Album) -> Rendered {
        var renderer = self
        let feed = configuration.baseURL.flatMap {
            AtomFeed(baseURL: $0, configuration: configuration, root: root, published: published).xml
        }
        renderer.hasFeed = feed != nil
        renderer.terms = TermPages(
            root: root, configuration: configuration, display: displaySource, workers: workers)
        renderer.rootTitle = root.title
        let (siteFiles, siteDiagnostics, iconSignature) = renderer.makeSiteFiles()
        let pageDiagnostics = renderer.readPages(root: root)
        let (attachments, attachmentDiagnostics) = renderer.attachmentFiles()
        var rendered = renderer.renderPages(root: root, feed: feed)
        rendered.files += siteFiles + attachments
        if let iconSignature { rendered.albumSignatures[SiteIcon.signatureKey] = iconSignature }
        rendered.diagnostics = siteDiagnostics + pageDiagnostics + attachmentDiagnostics + rendered.diagnostics
        return rendered
    }

    private func renderPages(root: Album, feed: String?) -> Rendered {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        var jobs: [PageJob] = []
        var copied = Set<String>()
        var signatures: [String: String] = [:]
        let albums = Self.albumsWithAncestors(root)
        let digests = PhotoDigests(albums: albums.map(\.0), published: published, workers: workers)
        let albumSignatures = albums.parallelMap(workers: workers) { album, ancestors in
            AlbumSignature.of(
                album, ancestors: ancestors, site: siteFingerprint, hasFeed: hasFeed, published: published,
                digests: digests, links: terms.links(of:))
        }
        for ((album, ancestors), signature) in zip(albums, albumSignatures) {
            signatures[album.outputPath] = signature
            let pagination = Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
            if reusableAlbums[album.outputPath] == signature {
                for page in 0..<pagination.pageCount {
                    files.append(
                        OutputFile(
                            path: URLPath.indexFile(of: Pagination.folder(ofPage: page, in: album.outputPath)),
                            contents: .unchanged))
                }
                for photo in album.photos {
                    files.append(
                        OutputFile(
                            path: URLPath.indexFile(of: PhotoPageModel.folder(of: photo, in: album)),
                            contents: .unchanged))
                }
            } else {
                // Every page but the first sees the others' links alike (see `AlbumPageModel.pageLinks`).
                let links =
                    pagination.pageCount > 1
                    ? [0, 1].map { AlbumPageModel.pageLinks(album, fromPage: $0, configuration: configuration) } : []
                let tree = AlbumInTree(album, ancestors: ancestors)
                for page in 0..<pagination.pageCount {
                    jobs.append(.album(tree, page: page, pageLinks: links.isEmpty ? nil : links[min(page, 1)]))
                }
                let shared = PhotoPageModel.shared(
                    album: album, ancestors: ancestors, configuration: configuration, hasFeed: hasFeed)
                for index in album.photos.indices {
                    jobs.append(.photo(tree, index: index, shared: shared))
                }
            }
            for photo in album.photos {
                if let video = photo.video, case .output(let path) = video.location, copied.insert(path).inserted {
                    files.append(
                        OutputFile(
                            path: path, contents: .video(sourcePath: video.sourcePath, patches: video.patches)))
                }
                guard let shown = published.shown(photo) else { continue }
                if let generated = shown.generated {
                    for file in generated.files where copied.insert(file.outputPath).inserted {
                        files.append(
                            OutputFile(
                                path: file.outputPath, contents: .cached(file)))
                    }
                    continue
                }
                if case .output(let path) = shown.image, let source = shown.sourcePath, copied.insert(path).inserted {
                    files.append(OutputFile(path: path, contents: .copy(sourcePath: source)))
                }
                for rendition in shown.renditions {
                    if case .output(let path) = rendition.image, let source = rendition.sourcePath,
                        copied.insert(path).inserted
                    {
                        files.append(OutputFile(path: path, contents: .copy(sourcePath: source)))
                    }
                }
            }
        }
        let termPages = termJobs(digests: digests)
        jobs += termPages.jobs
        files += termPages.unchanged
        signatures.merge(termPages.signatures) { album, _ in album }
        diagnostics += terms.diagnostics
        jobs += pages.map { .page($0) }
        // A page template that failed to parse was reported with its own error; its pages are not
        // rendered, each failing again. Neither they nor pages whose render fails cost the site
        // the page it had: the previous build's file stays.
        let unparsed = jobs.filter { library[$0.templateName] == nil }
        files += unparsed.map { OutputFile(path: $0.path, contents: .keepPrevious) }
        jobs.removeAll { library[$0.templateName] == nil }
        // Pages are independent: render them on every core, then collect them in order.
        let pages = jobs.parallelMap(workers: workers) { job -> Result<OutputFile, TemplateError> in
            do throws(TemplateError) {
                let page = try render(job)
                return .success(pageHandler?(page) ?? page)
            } catch {
                return .failure(error)
            }
        }
        for (job, page) in zip(jobs, pages) {
            switch page {
            case .success(let file): files.append(file)
            case .failure(let error):
                diagnostics.append(Diagnostic(error))
                files.append(OutputFile(path: job.path, contents: .keepPrevious))
            }
        }
        if let baseURL = configuration.baseURL {
            files.append(
                OutputFile(
                    path: "sitemap.xml",
                    contents: .bytes(
                        Array(
                            Sitemap(
                                baseURL: baseURL, configuration: configuration, root: root, terms: terms,
                                published: published, pages: self.pages
                            ).xml.utf8))
                ))
        }
        if let feed { files.append(OutputFile(path: "feed.xml", contents: .bytes(Array(feed.utf8)))) }
        let (assets, assetDiagnostics) = renderAssets()
        return Rendered(
            files: files + assets,
            diagnostics: Array(Set(diagnostics)).sorted { $0.description < $1.description } + assetDiagnostics,
            albumSignatures: signatures)
    }

    func render(_ job: PageJob) throws(TemplateError) -> OutputFile {
        switch job {
        case .album(let tree, let page, let pageLinks):
            let model = AlbumPageModel(
                album: tree.album, ancestors: tree.ancestors, page: page, configuration: configuration,
                tileSizes: tileSizes,
                hasFeed: hasFeed,
                sharedPageLinks: pageLinks, published: published)
            let html = try library.renderBytes("album", with: model.content.templateValue)
            return OutputFile(path: URLPath.indexFile(of: model.folder), contents: .bytes(html))
        case .photo(let tree, let index, let shared):
            let model = PhotoPageModel(
                album: tree.album, ancestors: tree.ancestors, index: index, configuration: configuration,
                hasFeed: hasFeed, shared: shared, geometry: geometry, terms: terms, published: published)
            let html = try library.renderBytes("photo", with: model.content.templateValue)
            return OutputFile(
                path: URLPath.indexFile(of: PhotoPageModel.folder(of: model.photo, in: tree.album)),
                contents: .bytes(html))
        case .term, .termIndex, .page:
            return try renderTermPage(job)
        }
    }

    /// The first page of an album. `ancestors` are the albums above it, root first.
    package func renderAlbumPage(_ album: Album, ancestors: [Album], page: Int = 0) throws(TemplateError) -> String {
        try library.render(
            "album",
            with: AlbumPageModel(
                album: album, ancestors: ancestors, page: page, configuration: configuration, tileSizes: tileSizes,
                hasFeed: hasFeed, published: published
            ).content.templateValue)
    }

    /// One photo's page.
    package func renderPhotoPage(_ album: Album, ancestors: [Album], index: Int) throws(TemplateError) -> String {
        try library.render(
            "photo",
            with: PhotoPageModel(
                album: album, ancestors: ancestors, index: index, configuration: configuration, hasFeed: hasFeed,
                geometry: geometry, terms: terms, published: published
            ).content.templateValue)
    }

    /// Every album with the albums above it, parents before children.
    static func albumsWithAncestors(_ root: Album) -> [(Album, [Album])] {
        var result: [(Album, [Album])] = []
        func visit(_ album: Album, _ ancestors: [Album]) {
            result.append((album, ancestors))
            for child in album.albums { visit(child, ancestors + [album]) }
        }
        visit(root, [])
        return result
    }

    /// What `assets/NAME.mustache` templates receive: the site and the layout's breakpoints.
    var stylesheetData: StylesheetData {
        StylesheetData(
            site: PageContext(configuration: configuration, folder: "assets").site,
            breakpoints: GalleryModel.breakpointValues(configuration: configuration))
    }

    /// Theme files under `assets/`: `NAME.mustache` is rendered to `NAME` with the site data,
    /// anything else is copied as it is.
    func renderAssets() -> ([OutputFile], [Diagnostic]) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        let data = stylesheetData.templateValue
        for (path, file) in theme.files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("assets/") {
            // `"script": false`: no page loads the theme's script, so the site does not carry it.
            if !configuration.script, path == PageContext.scriptAsset || path == PageContext.scriptAsset + ".mustache" {
                continue
            }
            if path.hasSuffix(".mustache") {
                let name = String(path.dropLast(".mustache".count))
                // A template that failed to parse was reported already.
                guard library[name] != nil else { continue }
                do {
                    let text = try library.render(name, with: data)
                    files.append(OutputFile(path: name, contents: .bytes(Array(text.utf8))))
                } catch {
                    diagnostics.append(Diagnostic(error))
                }
            } else {
                files.append(OutputFile(path: path, contents: .bytes(file.bytes)))
            }
        }
        return (files, diagnostics)
    }
}
