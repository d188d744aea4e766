/// The template data of one page of a keyword's or a place's photos (`tag.mustache`): the same
/// gallery, pagination and tiles as an album page, each tile linking to the photo's page in its
/// album.
struct TermPageModel {
    var kind: TermIndex.Kind
    var term: TermIndex.Term
    /// 0-based page index.
    var page: Int
    /// The root album's title, the breadcrumbs' first step.
    var rootTitle: String
    var configuration: SiteConfiguration
    var tileSizes: String
    var hasFeed = false
    /// The page links every page but the first shares (see `Pagination.links`); nil: made here.
    var sharedPageLinks: [Encoded<PaginationNav.PageLink>]?
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()

    var pagination: Pagination { Pagination(photoCount: term.photos.count, pageSize: configuration.pageSize) }

    var folder: String { Pagination.folder(ofPage: page, in: term.folder(in: kind)) }

    var content: TermPage {
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed, published: published)
        let pagination = pagination
        let range = pagination.range(ofPage: page)
        let entries = term.photos[range]
        // Photos of different albums may share a slug; a page's ids may not.
        var taken = Set<String>()
        let photoTiles = PhotoTiles(
            items: entries.map { entry in
                .init(
                    photo: entry.photo, pageFolder: entry.pageFolder,
                    id: Slug.unique(entry.photo.slug, taken: &taken))
            },
            firstPosition: range.lowerBound + 1, total: term.photos.count, tileSizes: tileSizes)
        let gallery = photoTiles.gallery(configuration: configuration)
        let tiles = photoTiles.tiles(gallery: gallery, context: context)
        let words = context.words
        let described =
            kind == .tags
            ? words.text(.photosTagged, ["tag": term.name]) : words.text(.photosTakenIn, ["place": term.name])
        let label =
            pagination.pageCount > 1
            ? described + words[.listSeparator] + words.page(page + 1, of: pagination.pageCount) : described
        return TermPage(
            site: Encoded(context.site),
            words: words,
            page: context.page,
            meta: meta(entries: entries, range: range, described: described, context: context),
            kind: TermPage.TermKind(kind, words: words),
            term: .init(
                name: term.name, photoCount: term.photos.count,
                photoCountText: term.countText(words: words), description: described),
            breadcrumbs: Self.breadcrumbs(
                context: context, rootTitle: rootTitle, kind: kind, term: term.name, termFolder: term.folder(in: kind)),
            hasBreadcrumbs: true,
            tiles: tiles,
            hasTiles: !tiles.isEmpty,
            gallery: GalleryList(style: gallery.listStyle, label: label),
            pagination: pagination.pageCount > 1
                ? pagination.nav(
                    in: term.folder(in: kind), page: page, context: context, shared: sharedPageLinks,
                    configuration: configuration) : nil)
    }

    /// The sharing tags, with an `ImageGallery` of the page's photos; nil without a `baseURL`.
    private func meta(
        entries: ArraySlice<TermIndex.Entry>, range: Range<Int>, described: String, context: PageContext
    ) -> ShareTags? {
        guard let sharing = context.sharing else { return nil }
        let images = entries.enumerated().map { offset, entry in
            let position = range.lowerBound + offset + 1
            return sharing.imageObject(
                entry.photo,
                name: PageContext.title(
                    of: entry.photo, position: position, of: term.photos.count, words: context.words),
                alt: PageContext.alt(of: entry.photo, position: position, of: term.photos.count, words: context.words),
                page: sharing.pageURL(entry.pageFolder))
        }
        let jsonLD: JSONText.Value = .object([
            ("@context", .string("https://schema.org")),
            ("@type", .string("ImageGallery")),
            ("name", .string(described)),
            ("url", .string(sharing.pageURL(folder))),
            ("image", .array(images)),
        ])
        let cover = term.photos.first?.photo
        return sharing.meta(
            title: described, description: configuration.description, type: "website", folder: folder,
            image: cover,
            imageAlt: cover.map { PageContext.alt(of: $0, position: 1, of: term.photos.count, words: context.words) },
            jsonLD: jsonLD)
    }

    /// The site's front page, the index of the kind, then the term (current) when there is one.
    static func breadcrumbs(
        context: PageContext, rootTitle: String, kind: TermIndex.Kind, term: String?, termFolder: String?
    ) -> [Breadcrumb] {
        var steps = [
            Breadcrumb(title: rootTitle, url: context.link(toFolder: ""), current: false),
            Breadcrumb(
                title: context.words[kind == .tags ? .tags : .places], url: context.link(toFolder: kind.folder),
                current: term == nil
            ),
        ]
        if let term, let termFolder {
            steps.append(Breadcrumb(title: term, url: context.link(toFolder: termFolder), current: true))
        }
        return steps
    }
}
