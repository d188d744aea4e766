import AshlarImage
import AshlarTemplate

/// The template data of one page of an album: breadcrumbs, sub-albums (on the first page), the
/// page's photos laid out as a masonry gallery, and the pagination.
struct AlbumPageModel {
    var album: Album
    var ancestors: [Album]
    /// 0-based page index.
    var page: Int
    var configuration: SiteConfiguration
    /// The `sizes` attribute every photo tile shares.
    var tileSizes: String
    var hasFeed = false
    /// The pagination's page links as this page's folder sees them, none marked current: the
    /// same for every page but the first, so an album's pages share them (see `pageLinks`).
    /// Nil: made for this page alone.
    var sharedPageLinks: [TemplateValue]?
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()

    var pagination: Pagination {
        Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
    }

    var folder: String { Pagination.folder(ofPage: page, in: album.outputPath) }

    var value: TemplateValue {
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed, published: published)
        let pagination = pagination
        let range = pagination.range(ofPage: page)
        let photos = Array(album.photos[range])
        let total = album.photos.count
        let photoTiles = PhotoTiles(
            items: photos.map { .init(photo: $0, pageFolder: PhotoPageModel.folder(of: $0, in: album), id: $0.slug) },
            firstPosition: range.lowerBound + 1, total: total, tileSizes: tileSizes)
        let gallery = photoTiles.gallery(configuration: configuration)
        let tiles = photoTiles.values(gallery: gallery, context: context)

        let children = page == 0 ? album.albums : []
        let albumGallery = GalleryModel(
            aspectRatios: children.map { child in child.coverPhoto.map { $0.hasImage ? $0.aspectRatio : 1.5 } ?? 1.5 },
            configuration: configuration)
        let albumTiles: [TemplateValue] = children.enumerated().map { index, child in
            var tile: [String: TemplateValue] = [
                "id": .string("album-" + (child.outputPath.split(separator: "/").last.map(String.init) ?? "")),
                "title": .string(child.title),
                "url": .string(context.link(toFolder: child.outputPath)),
                "photoCount": .number(Double(child.totalPhotoCount)),
                "photoCountText": .string(Self.photoCountText(child.totalPhotoCount)),
                "position": .number(Double(index + 1)),
                "setSize": .number(Double(children.count)),
                "loading": .string(albumGallery.isInFirstScreen(index) ? "eager" : "lazy"),
            ]
            if let cover = child.coverPhoto, cover.hasImage {
                var coverValue: [String: TemplateValue] = [
                    "src": .string(context.tileSource(of: cover)),
                    "width": .number(Double(cover.width)),
                    "height": .number(Double(cover.height)),
                ]
                // Album tiles are laid out in the same columns as photo tiles: the same sizes.
                if let srcset = context.srcset(of: cover) {
                    coverValue["srcset"] = .string(srcset)
                    coverValue["sizes"] = .string(tileSizes)
                }
                if let placeholder = context.placeholder(of: cover) {
                    coverValue["placeholder"] = .string(placeholder.css)
                }
                tile["cover"] = .object(coverValue)
                tile["style"] = .string(
                    Self.withPlaceholder(
                        albumGallery.tileStyle(index: index, width: cover.width, height: cover.height),
                        context.placeholder(of: cover)))
            } else {
                tile["style"] = .string(albumGallery.tileStyle(index: index, width: 3, height: 2))
            }
            return .object(tile)
        }

        var albumValue: [String: TemplateValue] = [
            "title": .string(album.title),
            "photoCount": .number(Double(total)),
            "photoCountText": .string(Self.photoCountText(total)),
            "isRoot": .bool(album.isRoot),
        ]
        if let description = album.description { albumValue["description"] = .string(description) }
        let crumbs = context.breadcrumbs(ancestors + [album], currentIsLast: true)
        let label =
            pagination.pageCount > 1
            ? "Photos in \(album.title), page \(page + 1) of \(pagination.pageCount)" : "Photos in \(album.title)"
        var value: [String: TemplateValue] = [
            "site": context.site,
            "page": context.page,
            "album": .object(albumValue),
            "breadcrumbs": crumbs,
            "hasBreadcrumbs": .bool(!ancestors.isEmpty),
            "albums": .array(albumTiles),
            "hasAlbums": .bool(!albumTiles.isEmpty),
            "albumGallery": .object([
                "style": .string(albumGallery.listStyle), "label": .string("Albums in \(album.title)"),
            ]),
            "tiles": .array(tiles),
            "hasTiles": .bool(!tiles.isEmpty),
            "gallery": .object(["style": .string(gallery.listStyle), "label": .string(label)]),
        ]
        if pagination.pageCount > 1 {
            value["pagination"] = paginationValue(pagination, context: context)
        }
        if let sharing = context.sharing {
            let images = photos.enumerated().map { offset, photo in
                let position = range.lowerBound + offset + 1
                return sharing.imageObject(
                    photo, name: PageContext.title(of: photo, position: position, of: total),
                    alt: PageContext.alt(of: photo, position: position, of: total),
                    page: sharing.pageURL(PhotoPageModel.folder(of: photo, in: album)))
            }
            var gallery: [(String, JSONText.Value)] = [
                ("@context", .string("https://schema.org")),
                ("@type", .string("ImageGallery")),
                ("name", .string(album.title)),
                ("url", .string(sharing.pageURL(folder))),
            ]
            if let description = album.description ?? configuration.description {
                gallery.append(("description", .string(description)))
            }
            gallery.append(("image", .array(images)))
            let cover = album.coverPhoto
            let coverAlt = cover.map { PageContext.alt(of: $0, position: 1, of: 1) }
            value["meta"] = sharing.meta(
                title: album.isRoot ? configuration.title : album.title,
                description: album.description ?? configuration.description,
                type: "website", folder: folder, image: cover, imageAlt: coverAlt, jsonLD: .object(gallery))
        }
        return .object(value)
    }

    /// Links to every page of `album`, from the folder of page `page`, none marked current.
    static func pageLinks(_ album: Album, fromPage page: Int, configuration: SiteConfiguration) -> [TemplateValue] {
        Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
            .links(in: album.outputPath, fromPage: page, configuration: configuration)
    }

    private func paginationValue(_ pagination: Pagination, context: PageContext) -> TemplateValue {
        pagination.value(
            in: album.outputPath, page: page, context: context, shared: sharedPageLinks, configuration: configuration)
    }

    /// A tile's style with the photo's colours as `--p`, which the theme paints the tile with
    /// while the photo loads.
    static func withPlaceholder(_ style: String, _ placeholder: ColourPlaceholder?) -> String {
        guard let placeholder else { return style }
        return style + ";--p:" + placeholder.css
    }

    /// A count of photos as a page says it: "1 photo", "12 photos".
    static func photoCountText(_ count: Int) -> String {
        count == 1 ? "1 photo" : "\(count) photos"
    }
}

extension AlbumPageModel {
    /// A video's tile: named as a video for screen readers, and with no `<img>` when it has no
    /// poster (`noImage`: the template shows a placeholder with a "Video" label instead).
    static func addVideo(_ photo: Photo, to tile: inout [String: TemplateValue], position: Int, of total: Int) {
        guard let video = photo.video else { return }
        tile["isVideo"] = .bool(true)
        tile["alt"] = .string("Video: " + PageContext.alt(of: photo, position: position, of: total))
        if !photo.hasImage { tile["noImage"] = .bool(true) }
        if let duration = video.durationText { tile["duration"] = .string(duration) }
    }
}
