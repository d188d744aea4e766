import AshlarTemplate

/// `site`: what every page (and the stylesheet) shows of the site, from `ashlar.json`.
struct SiteSummary: TemplateValueConvertible {
    /// `title` from `ashlar.json`
    var title: String
    /// `language` from `ashlar.json`, for `<html lang>`
    var language: String
    /// `description` from `ashlar.json`
    var description: String?
    /// `author` from `ashlar.json`
    var author: String?
    /// `copyright` from `ashlar.json`
    var copyright: String?
    /// relative URL of `feed.xml`, when the site has a feed
    var feed: String?
    /// relative URL of `assets/ashlar.js`; absent with `"script": false`. The default theme loads
    /// it (`defer`) on photo pages only
    var script: String?
    /// the site menu (albums, pages, keyword and place indexes, in the order of `"menu"` in
    /// `ashlar.json`), as links from this page
    var menu: [MenuItem]
    /// `menu` is not empty
    var hasMenu: Bool
    /// relative URLs of the site's icons, when `ashlar.json` names one
    var icons: SiteIcons?

    /// The site as a page `prefix` (its way back to the output root) links to it; `folder` is the
    /// page's own, which the menu marks current.
    init(configuration: SiteConfiguration, prefix: String, hasFeed: Bool, folder: String? = nil) {
        title = configuration.title
        language = configuration.language
        description = configuration.description
        author = configuration.author
        copyright = configuration.copyright
        feed = hasFeed ? prefix + "feed.xml" : nil
        script = configuration.script ? prefix + PageContext.scriptAsset : nil
        menu = configuration.siteMenu.entries.map { MenuItem(entry: $0, prefix: prefix, pageFolder: folder ?? "\u{0}") }
        hasMenu = !menu.isEmpty
        icons = configuration.hasIcons ? SiteIcons(prefix: prefix) : nil
    }

    var templateValue: TemplateValue {
        var site: TemplateObject = ["title": .string(title), "language": .string(language)]
        if let description { site["description"] = .string(description) }
        if let author { site["author"] = .string(author) }
        if let copyright { site["copyright"] = .string(copyright) }
        if let feed { site["feed"] = .string(feed) }
        if let script { site["script"] = .string(script) }
        site["menu"] = menu.templateValue
        site["hasMenu"] = .bool(hasMenu)
        if let icons { site["icons"] = icons.templateValue }
        return .object(site)
    }
}
