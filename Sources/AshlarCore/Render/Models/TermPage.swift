import AshlarTemplate

/// `tag.mustache`: a page of a keyword's (or, with `showPlace`, a place's) photos, with the
/// `breadcrumbs`, `gallery`, `tile` and `pagination` partials of album pages. Each tile links to
/// the photo's page in its album.
struct TermPage: TemplateValueConvertible {
    /// the site, as on every page
    var site: Encoded<SiteSummary>
    /// the theme's words in the site's language, with `ashlar.json`'s `words` over them
    /// (`{{words.next}}`)
    var words: ThemeWords
    /// where this page is
    var page: PageLocation
    /// with a `baseURL` only: the sharing tags
    var meta: ShareTags?
    /// keywords or places
    var kind: TermKind
    /// the keyword or place
    var term: TermHeading
    /// the site's front page, the index (`Tags`), and the keyword (current)
    var breadcrumbs: [Breadcrumb]
    /// always true
    var hasBreadcrumbs: Bool
    /// this page's photos in reading order; `position` and `setSize` count the keyword's photos
    var tiles: [PhotoTile]
    /// `tiles` is not empty
    var hasTiles: Bool
    /// the list of `tiles`
    var gallery: GalleryList
    /// when the keyword has more than one page
    var pagination: PaginationNav?

    /// `kind`: what the names are, as the templates word it.
    struct TermKind: TemplateValueConvertible {
        /// `Tags` or `Places`, in the site's words
        var title: String
        /// the page lists keywords
        var isTags: Bool
        /// the page lists places
        var isPlaces: Bool

        init(_ kind: TermIndex.Kind, words: ThemeWords) {
            title = words[kind == .tags ? .tags : .places]
            isTags = kind == .tags
            isPlaces = kind == .places
        }

        var templateValue: TemplateValue {
            .object(["title": .string(title), "isTags": .bool(isTags), "isPlaces": .bool(isPlaces)])
        }
    }

    /// `term`: the keyword or place the page shows.
    struct TermHeading: TemplateValueConvertible {
        /// the keyword as most of its photos spell it (on a tie, the first in the site's order)
        var name: String
        /// its photos on all pages
        var photoCount: Int
        /// `photoCount` with the nouns, in the site's words: "1 photo", "4 photos, 1 video"
        var photoCountText: String
        /// `Photos tagged NAME` or `Photos taken in NAME`, in the site's words
        var description: String

        var templateValue: TemplateValue {
            .object([
                "name": .string(name),
                "photoCount": .number(Double(photoCount)),
                "photoCountText": .string(photoCountText),
                "description": .string(description),
            ])
        }
    }

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "site": site.templateValue,
            "words": words.templateValue,
            "page": page.templateValue,
            "kind": kind.templateValue,
            "term": term.templateValue,
            "breadcrumbs": breadcrumbs.templateValue,
            "hasBreadcrumbs": .bool(hasBreadcrumbs),
            "tiles": tiles.templateValue,
            "hasTiles": .bool(hasTiles),
            "gallery": gallery.templateValue,
        ]
        if let pagination { value["pagination"] = pagination.templateValue }
        if let meta { value["meta"] = meta.templateValue }
        return .object(value)
    }
}
