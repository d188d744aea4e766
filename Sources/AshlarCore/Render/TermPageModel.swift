import AshlarTemplate

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
    var sharedPageLinks: [TemplateValue]?
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()

    var pagination: Pagination { Pagination(photoCount: term.photos.count, pageSize: configuration.pageSize) }

    var folder: String { Pagination.folder(ofPage: page, in: term.folder(in: kind)) }

    var value: TemplateValue {
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
        let tiles = photoTiles.values(gallery: gallery, context: context)
        let kindValue = Self.kindValue(kind)
        let described = kind == .tags ? "Photos tagged \(term.name)" : "Photos taken in \(term.name)"
        let label =
            pagination.pageCount > 1 ? "\(described), page \(page + 1) of \(pagination.pageCount)" : described
        var value: [String: TemplateValue] = [
            "site": context.site,
            "page": context.page,
            "kind": kindValue,
            "term": .object([
                "name": .string(term.name),
                "photoCount": .number(Double(term.photos.count)),
                "photoCountText": .string(AlbumPageModel.photoCountText(term.photos.count)),
                "description": .string(described),
            ]),
            "breadcrumbs": Self.breadcrumbs(
                context: context, rootTitle: rootTitle, kind: kind, term: term.name, termFolder: term.folder(in: kind)),
            "hasBreadcrumbs": .bool(true),
            "tiles": .array(tiles),
            "hasTiles": .bool(!tiles.isEmpty),
            "gallery": .object(["style": .string(gallery.listStyle), "label": .string(label)]),
        ]
        if pagination.pageCount > 1 {
            value["pagination"] = pagination.value(
                in: term.folder(in: kind), page: page, context: context, shared: sharedPageLinks,
                configuration: configuration)
        }
        if let sharing = context.sharing {
            let images = entries.enumerated().map { offset, entry in
                let position = range.lowerBound + offset + 1
                return sharing.imageObject(
                    entry.photo, name: PageContext.title(of: entry.photo, position: position, of: term.photos.count),
                    alt: PageContext.alt(of: entry.photo, position: position, of: term.photos.count),
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
            value["meta"] = sharing.meta(
                title: described, description: configuration.description, type: "website", folder: folder,
                image: cover, imageAlt: cover.map { PageContext.alt(of: $0, position: 1, of: term.photos.count) },
                jsonLD: jsonLD)
        }
        return .object(value)
    }

    /// `kind`: what the names are, as the templates word it.
    static func kindValue(_ kind: TermIndex.Kind) -> TemplateValue {
        .object([
            "title": .string(kind == .tags ? "Tags" : "Places"),
            "isTags": .bool(kind == .tags),
            "isPlaces": .bool(kind == .places),
        ])
    }

    /// The site's front page, the index of the kind, then the term (current) when there is one.
    static func breadcrumbs(
        context: PageContext, rootTitle: String, kind: TermIndex.Kind, term: String?, termFolder: String?
    ) -> TemplateValue {
        var steps: [TemplateValue] = [
            .object([
                "title": .string(rootTitle), "url": .string(context.link(toFolder: "")), "current": .bool(false),
            ]),
            .object([
                "title": .string(kind == .tags ? "Tags" : "Places"),
                "url": .string(context.link(toFolder: kind.folder)),
                "current": .bool(term == nil),
            ]),
        ]
        if let term, let termFolder {
            steps.append(
                .object([
                    "title": .string(term), "url": .string(context.link(toFolder: termFolder)),
                    "current": .bool(true),
                ]))
        }
        return .array(steps)
    }
}
