/// Warnings about what a photo's text tells people who cannot see it: a missing title or alt
/// text, or alt text that only repeats a file or camera name.
enum PhotoLint {
    static func check(_ metadata: PhotoMetadata, name: String, path: String, diagnostics: inout [Diagnostic]) {
        // The title its pages show instead, named so the photographer sees what visitors will
        // (worked out only for a photo without a title).
        func shown() -> String {
            FileNameTitle.title(fromFileName: name).map { "one made from its file name, \($0.quotedForMessage)" }
                ?? "a numbered one such as \"Photo 3 of 40\""
        }
        switch (metadata.title, metadata.alt) {
        case (nil, nil):
            diagnostics.append(
                .warning(
                    "missing title and alt text (its pages show \(shown())); add 'title' and an 'alt' describing "
                        + "what the photo shows", path: path, key: "alt"))
        case (_, nil):
            diagnostics.append(
                .warning("missing alt text; add 'alt' describing what the photo shows", path: path, key: "alt"))
        case (nil, _):
            diagnostics.append(.warning("missing title; its pages show \(shown())", path: path, key: "title"))
        default:
            break
        }
        if let alt = metadata.alt, AltTextLint.isMeaningless(alt, fileName: name) {
            diagnostics.append(
                .warning(
                    "alt text \"\(alt.prefix(60))\" is a file or camera name; describe what the photo shows",
                    path: path, key: "alt"))
        }
    }
}
