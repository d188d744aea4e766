/// Checks on image references written in sidecars (`src`, rendition names), which are untrusted.
enum SourceReference {
    /// Why `text` cannot be an image reference (phrased to follow the key in a message), or nil
    /// when it is a relative path or an `http(s)` URL.
    static func problem(with text: String) -> String? {
        if text.isEmpty { return "must not be empty" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "must not contain control characters"
        }
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return nil }
        if text.hasPrefix("/") || text.hasPrefix("\\") || text.hasPrefix("~") {
            return "must be a relative path or an http(s) URL"
        }
        if let colon = text.firstIndex(of: ":"),
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            return "must be a relative path or an http(s) URL"
        }
        return nil
    }
}
