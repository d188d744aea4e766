/// Checks on image references written in sidecars (`src`, rendition names), which are untrusted.
enum SourceReference {
    /// Why `text` cannot be an image reference (phrased to follow the key in a message), or nil
    /// when it is a relative path or an `http(s)` URL.
    static func problem(with text: String) -> String? {
        let bytes = text.utf8
        guard let first = bytes.first else { return "must not be empty" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "must not contain control characters" }
        if hasPrefixIgnoringCase(bytes, "http://") || hasPrefixIgnoringCase(bytes, "https://") { return nil }
        let notRelative = "must be a relative path or an http(s) URL"
        if first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") || first == UInt8(ascii: "~") {
            return notRelative
        }
        // A scheme (`file:`, `javascript:`, `C:`) is letters, digits, `+`, `-` and `.` before a colon.
        for byte in bytes {
            if byte == UInt8(ascii: ":") { return notRelative }
            let isSchemeByte =
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !isSchemeByte { break }
        }
        return nil
    }

    /// Whether `text` is an `http(s)` URL a page can link to (a licence, `xmpRights:WebStatement`):
    /// the scheme, something after it, and no space, control character, quote or angle bracket.
    static func isWebURL(_ text: String) -> Bool {
        let bytes = text.utf8
        let schemeLength =
            hasPrefixIgnoringCase(bytes, "https://") ? 8 : hasPrefixIgnoringCase(bytes, "http://") ? 7 : 0
        guard schemeLength > 0, bytes.count > schemeLength else { return false }
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x3C || $0 == 0x3E }
    }

    private static func hasPrefixIgnoringCase(_ bytes: String.UTF8View, _ prefix: StaticString) -> Bool {
        var iterator = bytes.makeIterator()
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for byte in expected {
            guard let next = iterator.next(), next | 0x20 == byte | 0x20 else { return false }
        }
        return true
    }
}
