extension Pagination {
    /// Links to every page below `base` (an album's or a keyword's folder), from the folder of
    /// page `page`, none marked current. An album of 100,000 photos has 1,667 pages, each linking
    /// to all the others: made once, not 1,667 times.
    func links(
        in base: String, fromPage page: Int, configuration: SiteConfiguration
    ) -> [Encoded<PaginationNav.PageLink>] {
        let prefix = PageContext(configuration: configuration, folder: Self.folder(ofPage: page, in: base)).prefix
        return (0..<pageCount).map { index in
            Encoded(
                PaginationNav.PageLink(
                    number: index + 1, url: prefix + URLPath.index(of: Self.folder(ofPage: index, in: base)),
                    current: false))
        }
    }

    /// The `pagination` the `pagination` partial reads, for page `page` below `base`; `shared`
    /// are the links `links(in:fromPage:configuration:)` made for it, or nil to make them here.
    func nav(
        in base: String, page: Int, context: PageContext, shared: [Encoded<PaginationNav.PageLink>]?,
        configuration: SiteConfiguration
    ) -> PaginationNav {
        var pages = shared ?? links(in: base, fromPage: page, configuration: configuration)
        pages[page] = Encoded(
            PaginationNav.PageLink(
                number: page + 1, url: context.link(toFolder: Self.folder(ofPage: page, in: base)), current: true))
        return PaginationNav(
            pages: pages, number: page + 1, count: pageCount, label: context.words.page(page + 1, of: pageCount),
            previous: page > 0
                ? PaginationNav.PageTarget(url: context.link(toFolder: Self.folder(ofPage: page - 1, in: base))) : nil,
            next: page + 1 < pageCount
                ? PaginationNav.PageTarget(url: context.link(toFolder: Self.folder(ofPage: page + 1, in: base))) : nil)
    }
}
