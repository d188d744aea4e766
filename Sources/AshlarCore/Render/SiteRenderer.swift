import AshlarTemplate

/// Turns the catalog into the files of the site: one page per album, the stylesheet, the theme's
/// assets and the images. Pure: no disk access.
public struct SiteRenderer: Sendable {
    public var configuration: SiteConfiguration
    public var theme: Theme
    public var library: TemplateLibrary

    public init(configuration: SiteConfiguration, theme: Theme, library: TemplateLibrary) {
        self.configuration = configuration
        self.theme = theme
        self.library = library
    }

    /// Every output file, and diagnostics for what could not be rendered.
    public func render(root: Album) -> (files: [OutputFile], diagnostics: [Diagnostic]) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        let albums = Self.albumsWithAncestors(root)
        // Pages are independent: render them on every core, then collect them in album order.
        let pages = albums.parallelMap { album, ancestors -> Result<String, TemplateError> in
            do throws(TemplateError) {
                return .success(try renderAlbumPage(album, ancestors: ancestors))
            } catch {
                return .failure(error)
            }
        }
        for ((album, _), page) in zip(albums, pages) {
            switch page {
            case .success(let html):
                files.append(OutputFile(path: album.outputPath.isEmpty ? "index.html" : album.outputPath + "/index.html", contents: .bytes(Array(html.utf8))))
            case .failure(let error):
                diagnostics.append(Diagnostic(error))
            }
            for photo in album.photos {
                if case .output(let path) = photo.image, let source = photo.sourcePath {
                    files.append(OutputFile(path: path, contents: .copy(sourcePath: source)))
                }
            }
        }
        let (assets, assetDiagnostics) = renderAssets()
        return (files + assets, diagnostics + assetDiagnostics)
    }

    /// One album's page. `ancestors` are the albums above it, root first, for breadcrumbs.
    public func renderAlbumPage(_ album: Album, ancestors: [Album]) throws(TemplateError) -> String {
        try library.render("album", with: albumPage(album, ancestors: ancestors))
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

    /// Theme files under `assets/`: `NAME.mustache` is rendered to `NAME` with the site data,
    /// anything else is copied as it is.
    func renderAssets() -> ([OutputFile], [Diagnostic]) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        let data = TemplateValue.object([
            "site": siteValue,
            "breakpoints": GalleryModel.breakpointValues(configuration: configuration),
        ])
        for (path, file) in theme.files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("assets/") {
            if path.hasSuffix(".mustache") {
                let name = String(path.dropLast(".mustache".count))
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

    var siteValue: TemplateValue {
        var site: [String: TemplateValue] = [
            "title": .string(configuration.title),
            "language": .string(configuration.language),
        ]
        if let description = configuration.description { site["description"] = .string(description) }
        return .object(site)
    }

    func albumPage(_ album: Album, ancestors: [Album]) -> TemplateValue {
        let prefix = URLPath.rootPrefix(depth: album.depth)
        let gallery = GalleryModel(aspectRatios: album.photos.map(\.aspectRatio), configuration: configuration)
        let tiles: [TemplateValue] = album.photos.enumerated().map { index, photo in
            let source: String
            switch photo.image {
            case .output(let path): source = prefix + URLPath.encodePath(path)
            case .remote(let url): source = url
            }
            let alt = photo.metadata.alt ?? photo.metadata.title ?? "Photo \(index + 1) of \(album.photos.count)"
            var tile: [String: TemplateValue] = [
                "id": .string(photo.slug),
                "url": .string(source),
                "src": .string(source),
                "alt": .string(alt),
                "width": .number(Double(photo.width)),
                "height": .number(Double(photo.height)),
                "position": .number(Double(index + 1)),
                "setSize": .number(Double(album.photos.count)),
                "style": .string(gallery.tileStyle(index: index, width: photo.width, height: photo.height)),
            ]
            if let title = photo.metadata.title { tile["title"] = .string(title) }
            return .object(tile)
        }
        let crumbs = (ancestors + [album]).map { step in
            crumb(title: step.title, folder: step.outputPath, prefix: prefix, current: step.outputPath == album.outputPath)
        }
        let children: [TemplateValue] = album.albums.map { child in
            .object([
                "title": .string(child.title),
                "url": .string(prefix + URLPath.index(of: child.outputPath)),
                "photoCount": .number(Double(child.totalPhotoCount)),
            ])
        }
        var albumValue: [String: TemplateValue] = [
            "title": .string(album.title),
            "photoCount": .number(Double(album.photos.count)),
            "isRoot": .bool(album.isRoot),
        ]
        if let description = album.description { albumValue["description"] = .string(description) }
        return .object([
            "site": siteValue,
            "page": .object(["root": .string(prefix), "url": .string(URLPath.index(of: album.outputPath))]),
            "album": .object(albumValue),
            "breadcrumbs": .array(crumbs),
            "hasBreadcrumbs": .bool(crumbs.count > 1),
            "albums": .array(children),
            "hasAlbums": .bool(!children.isEmpty),
            "hasTiles": .bool(!tiles.isEmpty),
            "tiles": .array(tiles),
            "gallery": .object(["style": .string(gallery.listStyle), "label": .string("Photos in \(album.title)")]),
        ])
    }

    private func crumb(title: String, folder: String, prefix: String, current: Bool) -> TemplateValue {
        .object([
            "title": .string(title),
            "url": .string(prefix + URLPath.index(of: folder)),
            "current": .bool(current),
        ])
    }
}
