/// How much of a photo's text its pages show. A title or alt text is a line, a caption a few
/// paragraphs; a sidecar with megabytes there (a paste gone wrong, or a hostile file) must not
/// make a photo page of megabytes. Longer text is cut at a character boundary, with a warning.
enum PhotoTextLimits {
    /// Characters a title or an alt text may have (about 2 KB).
    static let title = 2_000
    /// Characters a caption may have (about 16 KB).
    static let caption = 16_000

    /// Cuts `metadata`'s texts to their limits (the field table's `limit`), warning for each:
    /// paragraphs (caption, long description) to `caption`, lines (title, alt, credits, place
    /// names, camera and lens) to `title`; a URL longer than a line is left out.
    static func apply(to metadata: inout PhotoMetadata, path: String, diagnostics: inout [Diagnostic]) {
        for field in limited {
            guard let text = metadata[field]?.text else { continue }
            switch field.definition.limit {
            case .line: cut(text, field: field, limit: title, in: &metadata, path: path, diagnostics: &diagnostics)
            case .paragraphs:
                cut(text, field: field, limit: caption, in: &metadata, path: path, diagnostics: &diagnostics)
            case .url:
                // A URL cut short would lead somewhere else: a link that long is left out.
                guard text.utf8.count > title else { continue }
                metadata[field] = nil
                diagnostics.append(
                    .warning(
                        "'\(field.name)' is \(text.utf8.count) bytes long; it is left out", path: path, key: field.name)
                )
            case nil: break
            }
        }
    }

    /// The fields with a limit: lines, then URLs, then paragraphs (the order of the warnings).
    private static let limited: [MetadataField] = [MetadataField.TextLimit.line, .url, .paragraphs].flatMap { limit in
        MetadataField.allCases.filter { $0.definition.limit == limit }
    }

    private static func cut(
        _ value: String, field: MetadataField, limit: Int, in metadata: inout PhotoMetadata, path: String,
        diagnostics: inout [Diagnostic]
    ) {
        // UTF-8 bytes bound characters from above: most texts are decided without counting.
        guard value.utf8.count > limit else { return }
        let count = value.count
        guard count > limit else { return }
        let key = field.name
        metadata[field] = .text(String(value.prefix(limit)) + "…")
        diagnostics.append(
            .warning(
                "'\(key)' is \(count) characters long; pages show its first \(limit)", path: path, key: key))
    }
}
