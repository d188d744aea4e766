/// Escaping for XML text and attribute values, used by every XML (and small HTML) writer.
enum XMLText {
    /// `text` with markup characters escaped, and every character XML 1.0 forbids (C0 controls
    /// other than tab, LF and CR; U+FFFE and U+FFFF) replaced by U+FFFD, so that one odd sidecar
    /// cannot make `feed.xml` or `sitemap.xml` ill-formed. Swift strings hold no lone surrogates.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            default: output.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return output
    }

    /// Whether XML 1.0's `Char` production admits `scalar`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
