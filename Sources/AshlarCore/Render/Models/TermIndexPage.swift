import AshlarTemplate

/// `tags.mustache`: the index of keywords (`tags/`) or places (`places/`).
struct TermIndexPage: TemplateValueConvertible {
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
    var kind: TermPage.TermKind
    /// the site's front page and the index (`Tags`, current)
    var breadcrumbs: [Breadcrumb]
    /// every name, ordered by name (case aside)
    var terms: [TermLink]
    /// `terms` is not empty
    var hasTerms: Bool

    /// One item of `terms`.
    struct TermLink: TemplateValueConvertible {
        /// the keyword or place
        var name: String
        /// its page
        var url: String
        /// its photos
        var photoCount: Int
        /// `photoCount` with the nouns, in the site's words: "1 photo", "4 photos, 1 video"
        var photoCountText: String

        var templateValue: TemplateValue {
            .object([
                "name": .string(name),
                "url": .string(url),
                "photoCount": .number(Double(photoCount)),
                "photoCountText": .string(photoCountText),
            ])
        }
    }

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "site": site.templateValue,
            "words": words.templateValue,
            "page": page.templateValue,
            "kind": kind.templateValue,
            "breadcrumbs": breadcrumbs.templateValue,
            "terms": terms.templateValue,
            "hasTerms": .bool(hasTerms),
        ]
        if let meta { value["meta"] = meta.templateValue }
        return .object(value)
    }
}
