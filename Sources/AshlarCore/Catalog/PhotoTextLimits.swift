/// How much of a photo's text its pages show. A title or alt text is a line, a caption a few
/// paragraphs; a sidecar with megabytes there (a paste gone wrong, or a hostile file) must not
/// make a photo page of megabytes. Longer text is cut at a character boundary, with a warning.
enum PhotoTextLimits {
    /// Characters a title or an alt text may have (about 2 KB).
    static let title = 2_000
    /// Characters a caption may have (about 16 KB).
    static let caption = 16_000

    /// Cuts `metadata`'s title, alt text and caption to their limits, warning for each.
    static func apply(to metadata: inout PhotoMetadata, path: String, diagnostics: inout [Diagnostic]) {
        cut(&metadata.title, key: "title", limit: title, path: path, diagnostics: &diagnostics)
        cut(&metadata.alt, key: "alt", limit: title, path: path, diagnostics: &diagnostics)
        cut(&metadata.caption, key: "caption", limit: caption, path: path, diagnostics: &diagnostics)
    }

    private static func cut(_ text: inout String?, key: String, limit: Int, path: String, diagnostics: inout [Diagnostic]) {
        // UTF-8 bytes bound characters from above: most texts are decided without counting.
        guard let value = text, value.utf8.count > limit else { return }
        let count = value.count
        guard count > limit else { return }
        text = String(value.prefix(limit)) + "…"
        diagnostics.append(
            .warning(
                "'\(key)' is \(count) characters long; pages show its first \(limit)", path: path, key: key))
    }
}
