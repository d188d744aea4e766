import AshlarTemplate

/// What a photo page needs to feel like a viewer with no script at all, and what the theme's
/// small script reads when it runs: the largest image for "View full size", and the neighbours
/// the browser may load ahead (speculation rules; the next image to prefetch).
extension PhotoPageModel {
    /// The largest image the page can show, with its size: what "View full size" links to and
    /// what the script zooms to in place.
    static func fullSize(of photo: Photo, context: PageContext) -> TemplateValue {
        let width = context.imageWidth(of: photo) ?? photo.width
        // A rendition keeps the photo's shape; round its height the way the renditions are made.
        let height =
            width == photo.width || photo.width <= 0
            ? photo.height : max(1, Int((Double(photo.height) * Double(width) / Double(photo.width)).rounded()))
        return .object([
            "url": .string(context.source(of: photo)),
            "width": .number(Double(width)),
            "height": .number(Double(height)),
        ])
    }

    /// `<script type="speculationrules">` text: prerender the previous and next photo pages, so
    /// that moving between photos is instant where the browser supports it. JSON, escaped for a
    /// `<script>` element; nil when the photo has no neighbour.
    static func speculationRules(neighbours: [String]) -> String? {
        guard !neighbours.isEmpty else { return nil }
        let rule = JSONText.Value.object([
            ("source", .string("list")),
            ("urls", .array(neighbours.map { .string($0) })),
            ("eagerness", .string("eager")),
        ])
        return JSONText.serialize(.object([("prerender", .array([rule]))]))
    }
}
