/// Text transformations CommonMark applies: backslash escapes and entities in destinations,
/// titles and info strings, percent-encoding of destinations, label matching, HTML escaping.
enum MarkdownText {
    /// Removes backslashes before ASCII punctuation and replaces entity and numeric references.
    static func unescaped(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard text.contains(where: { $0 == "\\" || $0 == "&" }) else { return text }
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "\\", index + 1 < text.count, text[index + 1].isASCIIPunctuation {
                result.append(text[index + 1])
                index += 2
            } else if scalar == "&", let (decoded, length) = MarkdownEntities.reference(in: text, at: index) {
                result.append(contentsOf: decoded)
                index += length
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return result
    }

    /// A link destination percent-encoded as browsers expect: characters outside the URL-safe
    /// set are encoded as UTF-8; existing `%XX` escapes are kept.
    static func normalizedURI(_ text: [Unicode.Scalar]) -> String {
        let safe = Set(";/?:@&=+$,-_.!~*'()#".unicodeScalars)
        let bytes = Array(String(String.UnicodeScalarView(text)).utf8)
        var result = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let scalar = Unicode.Scalar(byte)
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, bytes[index + 1].isHexDigit,
                bytes[index + 2].isHexDigit
            {
                result.unicodeScalars.append(contentsOf: bytes[index...index + 2].map { Unicode.Scalar($0) })
                index += 3
                continue
            }
            if byte < 0x80 && (scalar.isASCIILetter || scalar.asciiDigitValue != nil || safe.contains(scalar)) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
            index += 1
        }
        return result
    }

    /// A link label as it is matched: brackets off, whitespace collapsed, case folded.
    static func normalizedLabel(_ label: [Unicode.Scalar]) -> String {
        let inner = label.count >= 2 ? Array(label[1..<label.count - 1]) : label
        var collapsed = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in inner {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = !collapsed.isEmpty
            } else {
                if pendingSpace { collapsed.append(" ") }
                pendingSpace = false
                collapsed.append(scalar)
            }
        }
        return String(collapsed).lowercased().uppercased()
    }

    /// Indented code's and HTML blocks' content without its trailing blank lines (one line feed
    /// kept).
    static func trimmingTrailingBlankLines(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var end = text.count
        var keep = text.count
        while end > 0 {
            let scalar = text[end - 1]
            if scalar == "\n" {
                keep = end
            } else if scalar != " " && scalar != "\t" {
                break
            }
            end -= 1
        }
        if end == 0 { return [] }
        return Array(text[..<keep])
    }

    /// Appends `text` to `output` with `&`, `<`, `>` and `"` escaped.
    static func appendEscaped<S: Sequence<Unicode.Scalar>>(_ text: S, to output: inout String) {
        for scalar in text {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }

    var asciiDigitValue: Int? { ("0"..."9").contains(self) ? Int(value) - 48 : nil }

    var isASCIIPunctuation: Bool {
        (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value)
            || (0x7B...0x7E).contains(value)
    }

    /// Space, tab, line feed, line tabulation, form feed or carriage return.
    var isMarkdownWhitespace: Bool { self == " " || ("\t"..."\r").contains(self) }

    /// Unicode whitespace as CommonMark means it (the Zs category, tab, line feed, form feed,
    /// carriage return).
    var isUnicodeWhitespace: Bool {
        self == "\t" || self == "\n" || self == "\u{0C}" || self == "\r"
            || properties.generalCategory == .spaceSeparator
    }

    /// Unicode punctuation as CommonMark means it: ASCII punctuation, or a P or S category.
    var isUnicodePunctuation: Bool {
        if value < 0x80 { return isASCIIPunctuation }
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
            .modifierSymbol, .otherSymbol:
            return true
        default: return false
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}

extension Array where Element == Unicode.Scalar {
    /// The scalars without leading and trailing spaces, tabs and line breaks.
    func trimmingMarkdownWhitespace() -> [Unicode.Scalar] {
        var start = startIndex
        var end = endIndex
        while start < end && self[start].isMarkdownWhitespace { start += 1 }
        while end > start && self[end - 1].isMarkdownWhitespace { end -= 1 }
        return Array(self[start..<end])
    }
}
