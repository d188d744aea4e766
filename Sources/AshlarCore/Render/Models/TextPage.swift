import AshlarTemplate

/// `page.mustache`: a page made from a Markdown file of `pages/` (`pages/about.md` → `about/`).
struct TextPage: TemplateValueConvertible {
    /// the site, as on every page
    var site: Encoded<SiteSummary>
    /// the theme's words in the site's language, with `ashlar.json`'s `words` over them
    /// (`{{words.next}}`)
    var words: ThemeWords
    /// where this page is
    var page: PageLocation
    /// with a `baseURL` only: the sharing tags
    var meta: ShareTags?
    /// the front matter's `title`, else the first heading, else the file's name
    var title: String
    /// the Markdown rendered as HTML (use `{{{body}}}`: raw HTML in it is escaped unless
    /// `"markdown": {"html": true}`)
    var body: String
    /// the body's first block is a level-1 heading (the default theme then adds no `<h1>`
    /// of its own)
    var hasHeading: Bool

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "site": site.templateValue,
            "words": words.templateValue,
            "page": page.templateValue,
            "title": .string(title),
            "body": .string(body),
            "hasHeading": .bool(hasHeading),
        ]
        if let meta { value["meta"] = meta.templateValue }
        return .object(value)
    }
}
