/// The template data of `tags/` or `places/` (`tags.mustache`): every name with its photo count,
/// linked to its page, in the index's order.
struct TermIndexPageModel {
    var index: TermIndex
    var rootTitle: String
    var configuration: SiteConfiguration
    var hasFeed = false

    var folder: String { index.kind.folder }

    var content: TermIndexPage {
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed)
        let terms = index.terms.map { term in
            TermIndexPage.TermLink(
                name: term.name, url: context.link(toFolder: term.folder(in: index.kind)),
                photoCount: term.photos.count, photoCountText: term.countText(words: context.words))
        }
        var meta: ShareTags?
        if let sharing = context.sharing {
            let title = context.words[index.kind == .tags ? .tags : .places]
            meta = sharing.meta(
                title: title, description: configuration.description, type: "website", folder: folder, image: nil,
                imageAlt: nil,
                jsonLD: .object([
                    ("@context", .string("https://schema.org")), ("@type", .string("CollectionPage")),
                    ("name", .string(title)), ("url", .string(sharing.pageURL(folder))),
                ]))
        }
        return TermIndexPage(
            site: Encoded(context.site), words: context.words, page: context.page, meta: meta,
            kind: TermPage.TermKind(index.kind, words: context.words),
            breadcrumbs: TermPageModel.breadcrumbs(
                context: context, rootTitle: rootTitle, kind: index.kind, term: nil, termFolder: nil),
            terms: terms, hasTerms: !terms.isEmpty)
    }
}
