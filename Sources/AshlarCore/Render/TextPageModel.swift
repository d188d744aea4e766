/// The template data of a page of `pages/` (`page.mustache`).
struct TextPageModel {
    var page: SitePage
    var configuration: SiteConfiguration
    var hasFeed = false

    var content: TextPage {
        let context = PageContext(configuration: configuration, folder: page.folder, hasFeed: hasFeed)
        var meta: ShareTags?
        if let sharing = context.sharing {
            meta = sharing.meta(
                title: page.title, description: configuration.description, type: "website", folder: page.folder,
                image: nil, imageAlt: nil,
                jsonLD: .object([
                    ("@context", .string("https://schema.org")), ("@type", .string("WebPage")),
                    ("name", .string(page.title)), ("url", .string(sharing.pageURL(page.folder))),
                ]))
        }
        return TextPage(
            site: Encoded(context.site), words: context.words, page: context.page, meta: meta, title: page.title,
            body: page.html,
            hasHeading: page.html.hasPrefix("<h1>"))
    }
}
