/// What a photo page needs to feel like a viewer with no script at all: the neighbours the
/// browser may load ahead.
extension PhotoPageModel {
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
