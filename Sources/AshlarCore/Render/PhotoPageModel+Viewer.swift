/// What a photo page needs to feel like a viewer with no script at all: the neighbours the
/// browser may load ahead.
extension PhotoPageModel {
    /// `<script type="speculationrules">` text: prerender the previous and next photo pages, so
    /// that moving between photos is instant where the browser supports it. JSON, escaped for a
    /// `<script>` element; nil when the photo has no neighbour.
    static func speculationRules(neighbours: [String]) -> String? {
        guard !neighbours.isEmpty else { return nil }
        // Written straight out, as `JSONText.serialize` would write the rule: a tree of
        // `JSONText.Value`s made and freed for every photo page cost 2 % of a large site's build.
        var output = Array(#"{"prerender":[{"source":"list","urls":["#.utf8)
        for (index, url) in neighbours.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONText.writeString(url, to: &output)
        }
        output += #"],"eagerness":"eager"}]}"#.utf8
        return String(decoding: output, as: UTF8.self)
    }
}
