import AshlarTemplate

/// One link of `site.menu`, the site menu (`menu.mustache`).
struct MenuItem: TemplateValueConvertible {
    /// the album's or page's title; empty for the keyword and place indexes (the template names
    /// them)
    var title: String
    /// the link, relative to this page
    var url: String
    /// this page is the one the link leads to (the default theme marks it `aria-current="page"`)
    var current: Bool
    /// a top-level album
    var isAlbum: Bool
    /// a page of `pages/`
    var isPage: Bool
    /// the keyword index
    var isKeywords: Bool
    /// the place index
    var isPlaces: Bool

    init(entry: SiteMenu.Entry, prefix: String, pageFolder: String) {
        title = entry.title
        url = prefix + URLPath.index(of: entry.folder)
        current = entry.folder == pageFolder
        isAlbum = entry.kind == .album
        isPage = entry.kind == .page
        isKeywords = entry.kind == .keywords
        isPlaces = entry.kind == .places
    }

    var templateValue: TemplateValue {
        .object([
            "title": .string(title), "url": .string(url), "current": .bool(current), "isAlbum": .bool(isAlbum),
            "isPage": .bool(isPage), "isKeywords": .bool(isKeywords), "isPlaces": .bool(isPlaces),
        ])
    }
}
