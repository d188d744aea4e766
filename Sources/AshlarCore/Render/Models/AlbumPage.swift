import AshlarTemplate

/// `album.mustache` and its partials: a page of an album (the root folder is an album too).
struct AlbumPage: TemplateValueConvertible {
    /// the site, as on every page
    var site: Encoded<SiteSummary>
    /// the theme's words in the site's language, with `ashlar.json`'s `words` over them
    /// (`{{words.next}}`)
    var words: ThemeWords
    /// where this page is
    var page: PageLocation
    /// with a `baseURL` only: the sharing tags
    var meta: ShareTags?
    /// the album
    var album: AlbumHeading
    /// from the root to this album, this album `current`
    var breadcrumbs: [Breadcrumb]
    /// true below the root
    var hasBreadcrumbs: Bool
    /// sub-albums (first page only)
    var albums: [AlbumTile]
    /// `albums` is not empty
    var hasAlbums: Bool
    /// as `gallery`, for the sub-albums' gallery
    var albumGallery: GalleryList
    /// this page's photos in reading order
    var tiles: [PhotoTile]
    /// `tiles` is not empty
    var hasTiles: Bool
    /// the list of `tiles`
    var gallery: GalleryList
    /// when the album has more than one page
    var pagination: PaginationNav?
    /// on the front page's first page, when the site has keyword pages: the keyword index
    var keywordIndex: String?
    /// on the front page's first page, when the site has place pages: the place index
    var placeIndex: String?
    /// `keywordIndex` or `placeIndex` is set
    var hasIndexes: Bool

    /// `album`: the album the page shows.
    struct AlbumHeading: TemplateValueConvertible {
        /// from `album.json`, else the folder name (`summer_trip` → `Summer trip`); the site
        /// title for the root
        var title: String
        /// from `album.json`
        var description: String?
        /// photos directly in this album (all pages)
        var photoCount: Int
        /// `photoCount` with the nouns, in the site's words: "1 photo", "4 photos, 1 video"
        var photoCountText: String
        /// true on the site's front page
        var isRoot: Bool

        var templateValue: TemplateValue {
            var album: TemplateObject = [
                "title": .string(title),
                "photoCount": .number(Double(photoCount)),
                "photoCountText": .string(photoCountText),
                "isRoot": .bool(isRoot),
            ]
            if let description { album["description"] = .string(description) }
            return .object(album)
        }
    }

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "site": site.templateValue,
            "words": words.templateValue,
            "page": page.templateValue,
            "album": album.templateValue,
            "breadcrumbs": breadcrumbs.templateValue,
            "hasBreadcrumbs": .bool(hasBreadcrumbs),
            "albums": albums.templateValue,
            "hasAlbums": .bool(hasAlbums),
            "albumGallery": albumGallery.templateValue,
            "tiles": tiles.templateValue,
            "hasTiles": .bool(hasTiles),
            "gallery": gallery.templateValue,
            "hasIndexes": .bool(hasIndexes),
        ]
        if let pagination { value["pagination"] = pagination.templateValue }
        if let keywordIndex { value["keywordIndex"] = .string(keywordIndex) }
        if let placeIndex { value["placeIndex"] = .string(placeIndex) }
        if let meta { value["meta"] = meta.templateValue }
        return .object(value)
    }
}
