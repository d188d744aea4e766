import AshlarTemplate

/// The template data of `tags/` or `places/` (`tags.mustache`): every name with its photo count,
/// linked to its page, in the index's order.
struct TermIndexPageModel {
    var index: TermIndex
    var rootTitle: String
    var configuration: SiteConfiguration
    var hasFeed = false

    var folder: String { index.kind.folder }

    var value: TemplateValue {
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed)
        let terms: [TemplateValue] = index.terms.map { term in
            .object([
                "name": .string(term.name),
                "url": .string(context.link(toFolder: term.folder(in: index.kind))),
                "photoCount": .number(Double(term.photos.count)),
                "photoCountText": .string(AlbumPageModel.photoCountText(term.photos.count)),
            ])
        }
        var value: [String: TemplateValue] = [
            "site": context.site,
            "page": context.page,
            "kind": TermPageModel.kindValue(index.kind),
            "breadcrumbs": TermPageModel.breadcrumbs(
                context: context, rootTitle: rootTitle, kind: index.kind, term: nil, termFolder: nil),
            "terms": .array(terms),
            "hasTerms": .bool(!terms.isEmpty),
        ]
        if let sharing = context.sharing {
            let title = index.kind == .tags ? "Tags" : "Places"
            value["meta"] = sharing.meta(
                title: title, description: configuration.description, type: "website", folder: folder, image: nil,
                imageAlt: nil,
                jsonLD: .object([
                    ("@context", .string("https://schema.org")), ("@type", .string("CollectionPage")),
                    ("name", .string(title)), ("url", .string(sharing.pageURL(folder))),
                ]))
        }
        return .object(value)
    }
}
