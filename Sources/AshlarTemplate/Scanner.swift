/// Cuts template source into text, line breaks and tags, following set-delimiter tags.
///
/// Works on UTF-8 bytes. Delimiters may be any byte sequences without whitespace.
struct Scanner {
    let bytes: [UInt8]
    let path: String
    private var opening: [UInt8] = Array("{{".utf8)
    private var closing: [UInt8] = Array("}}".utf8)

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func scan() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                let isCRLF = index > textStart && bytes[index - 1] == UInt8(ascii: "\r")
                let breakStart = isCRLF ? index - 1 : index
                if breakStart > textStart {
                    tokens.append(.text(textStart..<breakStart))
                }
                tokens.append(.lineBreak(breakStart..<index + 1))
                index += 1
                textStart = index
            } else if byte == opening[0] && matches(opening, at: index) {
                if index > textStart {
                    tokens.append(.text(textStart..<index))
                }
                let tag = try scanTag(at: index)
                tokens.append(.tag(tag))
                index = tag.end
                textStart = index
            } else {
                index += 1
            }
        }
        if textStart < count {
            tokens.append(.text(textStart..<count))
        }
        return tokens
    }

    private mutating func scanTag(at start: Int) throws(TemplateError) -> Tag {
        let contentStart = start + opening.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : nil
        switch sigil {
        case UInt8(ascii: "{"):
            let end = Array("}".utf8) + closing
            guard let found = find(end, from: contentStart + 1) else {
                throw unclosedTag(at: start, expecting: end)
            }
            let name = try checkedName(contentStart + 1..<found, tagStart: start, tagEnd: found + end.count)
            return Tag(kind: .rawVariable, name: name, isDynamic: false, start: start, end: found + end.count)
        case UInt8(ascii: "="):
            guard let found = find(closing, from: contentStart + 1) else {
                throw unclosedTag(at: start, expecting: Array("=".utf8) + closing)
            }
            let end = found + closing.count
            try setDelimiters(contentStart + 1..<found, tagStart: start)
            return Tag(kind: .delimiters, name: "", isDynamic: false, start: start, end: end)
        default:
            guard let found = find(closing, from: contentStart) else {
                throw unclosedTag(at: start, expecting: closing)
            }
            let end = found + closing.count
            // The byte after the opening delimiter may be where the closing one starts (`|>` with
            // delimiters `|` and `>`): then the tag is empty, and that byte is no sigil.
            let kind = found > contentStart ? Self.kind(forSigil: sigil) : .variable
            if kind == .comment {
                return Tag(kind: .comment, name: "", isDynamic: false, start: start, end: end)
            }
            let nameStart = kind == .variable ? contentStart : contentStart + 1
            var name = trimmed(nameStart..<found)
            var isDynamic = false
            // `{{>*name}}`, `{{<*name}}`, and the `{{/*name}}` that closes a dynamic parent.
            let mayBeDynamic = kind == .partial || kind == .parent || kind == .close
            if mayBeDynamic && !name.isEmpty && bytes[name.lowerBound] == UInt8(ascii: "*") {
                isDynamic = true
                name = trimmed(name.lowerBound + 1..<name.upperBound)
            }
            let text = try checkedName(name, tagStart: start, tagEnd: end)
            return Tag(kind: kind, name: text, isDynamic: isDynamic, start: start, end: end)
        }
    }

    private static func kind(forSigil sigil: UInt8?) -> Tag.Kind {
        switch sigil {
        case UInt8(ascii: "&"): .rawVariable
        case UInt8(ascii: "#"): .section
        case UInt8(ascii: "^"): .invertedSection
        case UInt8(ascii: "/"): .close
        case UInt8(ascii: "!"): .comment
        case UInt8(ascii: ">"): .partial
        case UInt8(ascii: "<"): .parent
        case UInt8(ascii: "$"): .block
        default: .variable
        }
    }

    /// Applies `{{=open close=}}`; `content` lies between the `=` after the opening delimiter and the closing delimiter.
    private mutating func setDelimiters(_ content: Range<Int>, tagStart: Int) throws(TemplateError) {
        let text = String(decoding: bytes[content], as: UTF8.self)
        guard content.count >= 1, bytes[content.upperBound - 1] == UInt8(ascii: "=") else {
            throw error(at: tagStart, "invalid delimiters '\(text)': expected '=' before '\(string(closing))'")
        }
        let parts = bytes[content.lowerBound..<content.upperBound - 1]
            .split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2 else {
            let shown = String(decoding: bytes[trimmed(content.lowerBound..<content.upperBound - 1)], as: UTF8.self)
            throw error(at: tagStart, "invalid delimiters '\(shown)': expected an opening and a closing delimiter")
        }
        opening = Array(parts[0])
        closing = Array(parts[1])
    }

    /// Validates a tag's name: present, and without inner whitespace.
    private func checkedName(_ range: Range<Int>, tagStart: Int, tagEnd: Int) throws(TemplateError) -> String {
        let name = trimmed(range)
        guard !name.isEmpty else {
            let tag = String(decoding: bytes[tagStart..<tagEnd], as: UTF8.self)
            throw error(at: tagStart, "missing name in tag '\(tag)'")
        }
        let text = String(decoding: bytes[name], as: UTF8.self)
        if bytes[name].contains(where: Self.isWhitespace) {
            throw error(at: tagStart, "invalid name '\(text)': names cannot contain whitespace")
        }
        return text
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && Self.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower && Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] {
            return false
        }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first && matches(pattern, at: index) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func unclosedTag(at start: Int, expecting end: [UInt8]) -> TemplateError {
        error(at: start, "unclosed tag: expected '\(string(end))'")
    }

    private func error(at offset: Int, _ reason: String) -> TemplateError {
        var locator = SourceLocator(bytes: bytes)
        let location = locator.location(of: offset)
        return TemplateError(path: path, line: location.line, column: location.column, reason: reason)
    }

    private func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0B || byte == 0x0C
    }
}
