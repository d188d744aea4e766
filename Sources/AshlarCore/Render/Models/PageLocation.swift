import AshlarTemplate

/// `page`: where the page is, for its links.
struct PageLocation: TemplateValueConvertible {
    /// relative path from this page to the site root: `""`, `"../"`, `"../../"`; prefix every
    /// link with it so the site works from any folder and from disk
    var root: String
    /// this page's path from the site root (`nature/index.html`)
    var url: String

    var templateValue: TemplateValue {
        .object(["root": .string(root), "url": .string(url)])
    }
}
