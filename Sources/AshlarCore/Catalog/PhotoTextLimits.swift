/// How much of a photo's text its pages show. A title or alt text is a line, a caption a few
/// paragraphs; a sidecar with megabytes there (a paste gone wrong, or a hostile file) must not
/// make a photo page of megabytes. Longer text is cut at a character boundary, with a warning.
enum PhotoTextLimits {
    /// Characters a title or an alt text may have (about 2 KB).
    static let title = 2_000
    /// Characters a caption may have (about 16 KB).
    static let caption = 16_000

    /// Cuts `metadata`'s texts to their limits, warning for each: the caption and long
    /// description to `caption`, every line of text (title, alt, credits, place names, camera and lens) to `title`.
    static func apply(to metadata: inout PhotoMetadata, path: String, diagnostics: inout [Diagnostic]) {
        // Field by field rather than through key paths: every photo of a build comes through.
        func line(_ text: inout String?, _ key: String) {
            cut(&text, key: key, limit: title, path: path, diagnostics: &diagnostics)
        }
        line(&metadata.title, "title")
        line(&metadata.alt, "alt")
        line(&metadata.creator, "creator")
        line(&metadata.rights, "rights")
        line(&metadata.label, "label")
        line(&metadata.location, "location")
        line(&metadata.city, "city")
        line(&metadata.region, "region")
        line(&metadata.country, "country")
        line(&metadata.make, "make")
        line(&metadata.model, "model")
        line(&metadata.lens, "lens")
        // A URL cut short would lead somewhere else: a licence link that long is left out.
        if let license = metadata.license, license.utf8.count > title {
            metadata.license = nil
            diagnostics.append(
                .warning("'license' is \(license.utf8.count) bytes long; it is left out", path: path, key: "license"))
        }
        cut(&metadata.caption, key: "caption", limit: caption, path: path, diagnostics: &diagnostics)
        cut(&metadata.longDescription, key: "longDescription", limit: caption, path: path, diagnostics: &diagnostics)
    }

    private static func cut(
        _ text: inout String?, key: String, limit: Int, path: String, diagnostics: inout [Diagnostic]
    ) {
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
