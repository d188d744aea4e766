/// Recognises raw HTML as CommonMark defines it: the seven starts and five ends of HTML blocks,
/// and inline tags, comments, processing instructions, declarations and CDATA sections.
enum MarkdownHTMLScanner {
    private static let rawTextNames = ["script", "pre", "textarea", "style"]
    private static let blockNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "title", "tr", "track", "ul",
    ]

    /// The start condition (1–7) a line beginning with `<` meets, if any.
    static func blockStart(_ text: [Unicode.Scalar]) -> Int? {
        guard text.first == "<" else { return nil }
        let name = tagName(text, from: text.count > 1 && text[1] == "/" ? 2 : 1)
        if text.count > 1 && text[1] != "/", let name, rawTextNames.contains(name.lowercased) {
            let after = name.end < text.count ? text[name.end] : nil
            if after == nil || after == ">" || after!.isMarkdownWhitespace { return 1 }
        }
        if text.starts(with: Array("<!--".unicodeScalars)) { return 2 }
        if text.starts(with: Array("<?".unicodeScalars)) { return 3 }
        if text.count > 2 && text[1] == "!" && text[2].isASCIILetter { return 4 }
        if text.starts(with: Array("<![CDATA[".unicodeScalars)) { return 5 }
        if let name, blockNames.contains(name.lowercased) {
            let after = name.end < text.count ? text[name.end] : nil
            if after == nil || after == ">" || after!.isMarkdownWhitespace
                || (after == "/" && name.end + 1 < text.count && text[name.end + 1] == ">")
            {
                return 6
            }
        }
        var scan = Scan(text: text, position: 0, misses: [:])
        if scan.openTag() || scan.closeTag() {
            if text[scan.position...].allSatisfy(\.isMarkdownWhitespace) { return 7 }
        }
        return nil
    }

    /// Whether a line holds the end of an HTML block of start condition `type` (1–5).
    static func endsBlock(_ type: Int, _ text: [Unicode.Scalar]) -> Bool {
        switch type {
        case 1:
            let lower = String(String.UnicodeScalarView(text)).lowercased()
            return rawTextNames.contains { lower.contains("</\($0)>") }
        case 2: return contains(text, "-->")
        case 3: return contains(text, "?>")
        case 4: return text.contains(">")
        case 5: return contains(text, "]]>")
        default: return false
        }
    }

    /// The length of the inline raw HTML at `start` of `text`, if there is one.
    /// `misses` remembers, per terminator, a position from which the text holds none, so that
    /// many unclosed comments cost one search, not one each.
    static func inlineHTML(_ text: [Unicode.Scalar], at start: Int, misses: inout [String: Int]) -> Int? {
        var scan = Scan(text: text, position: start, misses: misses)
        defer { misses = scan.misses }
        guard scan.anyInline() else { return nil }
        return scan.position - start
    }

    private static func contains(_ text: [Unicode.Scalar], _ needle: String) -> Bool {
        let needle = Array(needle.unicodeScalars)
        guard text.count >= needle.count else { return false }
        for start in 0...(text.count - needle.count) where text[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }

    private static func tagName(_ text: [Unicode.Scalar], from start: Int) -> (lowercased: String, end: Int)? {
        guard start < text.count, text[start].isASCIILetter else { return nil }
        var end = start + 1
        while end < text.count && (text[end].isASCIILetter || text[end].asciiDigitValue != nil || text[end] == "-") {
            end += 1
        }
        return (String(String.UnicodeScalarView(text[start..<end])).lowercased(), end)
    }

    /// A cursor over raw HTML constructs; each method moves past what it matched or leaves the
    /// position where it was.
    struct Scan {
        let text: [Unicode.Scalar]
        var position: Int
        var misses: [String: Int]

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            position + offset < text.count ? text[position + offset] : nil
        }

        mutating func literal(_ string: String) -> Bool {
            let scalars = Array(string.unicodeScalars)
            guard position + scalars.count <= text.count,
                text[position..<position + scalars.count].elementsEqual(scalars)
            else { return false }
            position += scalars.count
            return true
        }

        mutating func whitespace() -> Int {
            let start = position
            while let scalar = peek(), scalar.isMarkdownWhitespace { position += 1 }
            return position - start
        }

        mutating func name(first: (Unicode.Scalar) -> Bool, rest: (Unicode.Scalar) -> Bool) -> Bool {
            guard let scalar = peek(), first(scalar) else { return false }
            position += 1
            while let scalar = peek(), rest(scalar) { position += 1 }
            return true
        }

        mutating func tagName() -> Bool {
            name(first: \.isASCIILetter) { $0.isASCIILetter || $0.asciiDigitValue != nil || $0 == "-" }
        }

        mutating func attribute() -> Bool {
            let start = position
            guard whitespace() > 0,
                name(
                    first: { $0.isASCIILetter || $0 == "_" || $0 == ":" },
                    rest: { $0.isASCIILetter || $0.asciiDigitValue != nil || "_.:-".unicodeScalars.contains($0) })
            else {
                position = start
                return false
            }
            let beforeValue = position
            _ = whitespace()
            guard peek() == "=" else {
                position = beforeValue
                return true
            }
            position += 1
            _ = whitespace()
            switch peek() {
            case "\"", "'":
                let quote = peek() == "'" ? "'" : "\""
                position += 1
                guard through(quote) else {
                    position = beforeValue
                    return true
                }
            default:
                let start = position
                while let scalar = peek(), !"\"'=<>`".unicodeScalars.contains(scalar), scalar.value > 0x20 {
                    position += 1
                }
                if position == start { position = beforeValue }
            }
            return true
        }

        mutating func openTag() -> Bool {
            let start = position
            guard literal("<"), tagName() else {
                position = start
                return false
            }
            while attribute() {}
            _ = whitespace()
            _ = literal("/")
            guard literal(">") else {
                position = start
                return false
            }
            return true
        }

        mutating func closeTag() -> Bool {
            let start = position
            guard literal("</"), tagName() else {
                position = start
                return false
            }
            _ = whitespace()
            guard literal(">") else {
                position = start
                return false
            }
            return true
        }

        /// Moves to the end of the first `terminator` from here.
        mutating func through(_ terminator: String) -> Bool {
            if let miss = misses[terminator], miss <= position { return false }
            let needle = Array(terminator.unicodeScalars)
            var index = position
            while index + needle.count <= text.count {
                if text[index..<index + needle.count].elementsEqual(needle) {
                    position = index + needle.count
                    return true
                }
                index += 1
            }
            misses[terminator] = position
            return false
        }

        mutating func anyInline() -> Bool {
            let start = position
            if openTag() || closeTag() { return true }
            if literal("<!--") {
                if literal(">") || literal("->") || through("-->") { return true }
            } else if literal("<?") {
                if through("?>") { return true }
            } else if literal("<![CDATA[") {
                if through("]]>") { return true }
            } else if literal("<!"), let letter = peek(), letter.isASCIILetter {
                if through(">") { return true }
            }
            position = start
            return false
        }
    }
}
