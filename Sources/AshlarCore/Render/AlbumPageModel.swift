import AshlarImage

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
    var sharedPageLinks: [Encoded<PaginationNav.PageLink>]?
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()

    var pagination: Pagination {
        Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
    }

    var folder: String { Pagination.folder(ofPage: page, in: album.outputPath) }

    var content: AlbumPage {
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed, published: published)
        let pagination = pagination
        let range = pagination.range(ofPage: page)
        let photos = Array(album.photos[range])
        let total = album.photos.count
        let videoCount = album.photos.count { $0.video != nil }
        let photoTiles = PhotoTiles(
            items: photos.map { .init(photo: $0, pageFolder: PhotoPageModel.folder(of: $0, in: album), id: $0.slug) },
            firstPosition: range.lowerBound + 1, total: total, tileSizes: tileSizes)
        let gallery = photoTiles.gallery(configuration: configuration)
        let tiles = photoTiles.tiles(gallery: gallery, context: context)

        let children = page == 0 ? album.albums : []
        let albumGallery = GalleryModel(
            aspectRatios: children.map { child in child.coverPhoto.map { $0.hasImage ? $0.aspectRatio : 1.5 } ?? 1.5 },
            configuration: configuration)
        let albumTiles = children.indices.map { index in
            AlbumTile(
                child: children[index], index: index, of: children.count, gallery: albumGallery, tileSizes: tileSizes,
                context: context)
        }
        let words = context.words
        let inAlbum = words.text(.photosInAlbum, ["album": album.title])
        // The front page links the keyword and place indexes, which no other page but the menu does.
        let indexes = album.isRoot && page == 0 ? configuration.siteMenu.indexes : []
        let keywordIndex = indexes.first { $0.kind == .keywords }.map { context.link(toFolder: $0.folder) }
        let placeIndex = indexes.first { $0.kind == .places }.map { context.link(toFolder: $0.folder) }
        let label =
            pagination.pageCount > 1
            ? inAlbum + words[.listSeparator] + words.page(page + 1, of: pagination.pageCount) : inAlbum
        return AlbumPage(
            site: Encoded(context.site),
            words: words,
            page: context.page,
            meta: meta(photos: photos, range: range, context: context),
            album: .init(
                title: album.title, description: album.description, photoCount: total,
                photoCountText: words.count(photos: total - videoCount, videos: videoCount), isRoot: album.isRoot),
            breadcrumbs: context.breadcrumbs(ancestors + [album], currentIsLast: true),
            hasBreadcrumbs: !ancestors.isEmpty,
            albums: albumTiles,
            hasAlbums: !albumTiles.isEmpty,
            albumGallery: GalleryList(
                style: albumGallery.listStyle, label: words.text(.albumsInAlbum, ["album": album.title])),
            tiles: tiles,
            hasTiles: !tiles.isEmpty,
            gallery: GalleryList(style: gallery.listStyle, label: label),
            pagination: pagination.pageCount > 1
                ? pagination.nav(
                    in: album.outputPath, page: page, context: context, shared: sharedPageLinks,
                    configuration: configuration) : nil,
            keywordIndex: keywordIndex, placeIndex: placeIndex, hasIndexes: keywordIndex != nil || placeIndex != nil)
    }

    /// The sharing tags, with an `ImageGallery` of the page's photos; nil without a `baseURL`.
    private func meta(photos: [Photo], range: Range<Int>, context: PageContext) -> ShareTags? {
        guard let sharing = context.sharing else { return nil }
        let total = album.photos.count
        let images = photos.enumerated().map { offset, photo in
            let position = range.lowerBound + offset + 1
            return sharing.imageObject(
                photo, name: PageContext.title(of: photo, position: position, of: total, words: context.words),
                alt: PageContext.alt(of: photo, position: position, of: total, words: context.words),
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
        let coverAlt = cover.map { PageContext.alt(of: $0, position: 1, of: 1, words: context.words) }
        return sharing.meta(
            title: album.isRoot ? configuration.title : album.title,
            description: album.description ?? configuration.description,
            type: "website", folder: folder, image: cover, imageAlt: coverAlt, jsonLD: .object(gallery))
    }

    /// Links to every page of `album`, from the folder of page `page`, none marked current.
    static func pageLinks(_ album: Album, fromPage page: Int, configuration: SiteConfiguration) -> [Encoded<
        PaginationNav.PageLink
    >] {
        Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
            .links(in: album.outputPath, fromPage: page, configuration: configuration)
    }

    /// A tile's style with the photo's colours as `--p`, which the theme paints the tile with
    /// while the photo loads.
    static func withPlaceholder(_ style: String, _ placeholder: ColourPlaceholder?) -> String {
        guard let placeholder else { return style }
        return style + ";--p:" + placeholder.css
    }
}
