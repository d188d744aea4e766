import AshlarTemplate

/// One step of `breadcrumbs`, from the site's front page down to the page.
struct Breadcrumb: TemplateValueConvertible {
    /// the step's title
    var title: String
    /// its page
    var url: String
    /// true for the page itself (`aria-current="page"`)
    var current: Bool

    var templateValue: TemplateValue {
        .object(["title": .string(title), "url": .string(url), "current": .bool(current)])
    }
}
