import AshlarTemplate

extension Pagination {
    /// Links to every page below `base` (an album's or a keyword's folder), from the folder of
    /// page `page`, none marked current. An album of 100,000 photos has 1,667 pages, each linking
    /// to all the others: made once, not 1,667 times.
    func links(in base: String, fromPage page: Int, configuration: SiteConfiguration) -> [TemplateValue] {
        let prefix = PageContext(configuration: configuration, folder: Self.folder(ofPage: page, in: base)).prefix
        return (0..<pageCount).map { index in
            .object([
                "number": .number(Double(index + 1)),
                "url": .string(prefix + URLPath.index(of: Self.folder(ofPage: index, in: base))),
                "current": .bool(false),
            ])
        }
    }

    /// The `pagination` the `pagination` partial reads, for page `page` below `base`; `shared`
    /// are the links `links(in:fromPage:configuration:)` made for it, or nil to make them here.
    func value(
        in base: String, page: Int, context: PageContext, shared: [TemplateValue]?, configuration: SiteConfiguration
    ) -> TemplateValue {
        var pages = shared ?? links(in: base, fromPage: page, configuration: configuration)
        pages[page] = .object([
            "number": .number(Double(page + 1)),
            "url": .string(context.link(toFolder: Self.folder(ofPage: page, in: base))),
            "current": .bool(true),
        ])
        var value: [String: TemplateValue] = [
            "pages": .array(pages),
            "number": .number(Double(page + 1)),
            "count": .number(Double(pageCount)),
        ]
        if page > 0 {
            value["previous"] = .object([
                "url": .string(context.link(toFolder: Self.folder(ofPage: page - 1, in: base)))
            ])
        }
        if page + 1 < pageCount {
            value["next"] = .object(["url": .string(context.link(toFolder: Self.folder(ofPage: page + 1, in: base)))])
        }
        return .object(value)
    }
}
