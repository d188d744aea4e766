import AshlarTemplate

/// `meta`: with a `baseURL` only, the tags sharing previews and search engines read, which the
/// base template writes into `<head>`.
struct ShareTags: TemplateValueConvertible {
    /// the page's absolute URL
    var canonical: String
    /// the page's title
    var title: String
    /// `website` or `article`
    var type: String
    /// what the page shows
    var description: String?
    /// the image a preview shows
    var image: ShareImage?
    /// JSON-LD text, safe to output raw with `{{{meta.jsonLD}}}`
    var jsonLD: String

    /// `meta.image`: the generated rendition about 1,200 px wide, else the photo's own image.
    struct ShareImage: TemplateValueConvertible {
        /// the image's absolute URL
        var url: String
        /// its width in pixels
        var width: Int
        /// its height in pixels
        var height: Int
        /// its alt text
        var alt: String

        var templateValue: TemplateValue {
            .object([
                "url": .string(url), "width": .number(Double(width)), "height": .number(Double(height)),
                "alt": .string(alt),
            ])
        }
    }

    var templateValue: TemplateValue {
        var meta: TemplateObject = [
            "canonical": .string(canonical), "title": .string(title), "type": .string(type),
            "jsonLD": .string(jsonLD),
        ]
        if let description { meta["description"] = .string(description) }
        if let image { meta["image"] = image.templateValue }
        return .object(meta)
    }
}
