import AshlarTemplate

/// `pagination`: the links between the pages of an album (or a keyword's photos) that has more
/// than one, as the `pagination` partial reads them.
struct PaginationNav: TemplateValueConvertible {
    /// every page, each `{number, url, current}`
    var pages: [Encoded<PageLink>]
    /// this page's number, from 1
    var number: Int
    /// how many pages there are
    var count: Int
    /// `number` and `count` in the site's words, as titles add them: "page 2 of 5"
    var label: String
    /// the page before this one (`rel="prev"`)
    var previous: PageTarget?
    /// the page after this one (`rel="next"`)
    var next: PageTarget?

    /// One item of `pages`.
    struct PageLink: TemplateValueConvertible {
        /// the page's number, from 1
        var number: Int
        /// the page
        var url: String
        /// true for this page (`aria-current`)
        var current: Bool

        var templateValue: TemplateValue {
            .object(["number": .number(Double(number)), "url": .string(url), "current": .bool(current)])
        }
    }

    /// `previous` and `next`.
    struct PageTarget: TemplateValueConvertible {
        /// the page
        var url: String

        var templateValue: TemplateValue { .object(["url": .string(url)]) }
    }

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "pages": .array(pages.map { $0.templateValue }),
            "number": .number(Double(number)),
            "count": .number(Double(count)),
            "label": .string(label),
        ]
        if let previous { value["previous"] = previous.templateValue }
        if let next { value["next"] = next.templateValue }
        return .object(value)
    }
}
