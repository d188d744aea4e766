extension XMLReader {
    /// Skips `<?target …?>`. The XML declaration is one, allowed only at the very start.
    mutating func processingInstruction(atDocumentStart: Bool) throws(ParseError) {
        let start = position
        position += 2
        guard let name = scanName() else {
            if position >= end { throw endOfInput("unexpected end of file after '<?'") }
            throw error("expected a processing instruction target after '<?'")
        }
        let target = name.range
        if name.colon != nil {
            throw error("processing instruction target '\(string(target))' must not contain ':'", at: target.lowerBound)
        }
        if target.count == 3, startsIgnoringCase(at: target.lowerBound, "xml") {
            guard atDocumentStart else {
                throw error(
                    "the XML declaration '<?\(string(target))' is allowed only at the start of the document", at: start)
            }
            guard isXML(target) else { throw error("the XML declaration must be written '<?xml'", at: start) }
            try xmlDeclaration()
            return
        }
        let hadSpace = skipWhitespace()
        if !hadSpace, position < end, !startsIgnoringCase(at: position, "?>") {
            throw error("expected whitespace or '?>' after '<?\(string(target))'")
        }
        while position + 1 < end {
            if bytes[position] == UInt8(ascii: "?"), bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return
            }
            position += 1
        }
        throw endOfInput("unexpected end of file in a processing instruction")
    }

    /// The rest of `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, checked as XML
    /// specifies; what it declares is not used (`XMPSidecar` refuses encodings other than UTF-8).
    private mutating func xmlDeclaration() throws(ParseError) {
        guard skipWhitespace(), starts(at: position, Array("version".utf8)) else {
            throw declarationError(expected: "'version'")
        }
        position += 7
        let version = try declarationValue(expected: "a version like '1.0' in quotes")
        guard version.count > 2, sameBytes(version.lowerBound..<(version.lowerBound + 2), Array("1.".utf8)),
            bytes[(version.lowerBound + 2)..<version.upperBound].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else {
            throw error("invalid XML declaration: unknown version '\(string(version))'", at: version.lowerBound)
        }
        var hadSpace = skipWhitespace()
        if hadSpace, starts(at: position, Array("encoding".utf8)) {
            position += 8
            let encoding = try declarationValue(expected: "an encoding name in quotes")
            let isName = encoding.enumerated().allSatisfy { offset, index in
                let byte = bytes[index]
                let isLetter = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
                return isLetter || (offset > 0 && ((byte >= 0x30 && byte <= 0x39) || Array("._-".utf8).contains(byte)))
            }
            guard !encoding.isEmpty, isName else {
                throw error(
                    "invalid XML declaration: invalid encoding name '\(string(encoding))'", at: encoding.lowerBound)
            }
            let utf8 = Array("utf-8".utf8)
            guard encoding.count == 5 || encoding.count == 4,
                zip(encoding, encoding.count == 5 ? utf8 : utf8.filter { $0 != UInt8(ascii: "-") })
                    .allSatisfy({ bytes[$0] | 0x20 == $1 | 0x20 })
            else {
                throw error("unsupported encoding '\(string(encoding))'; only UTF-8 is read", at: encoding.lowerBound)
            }
            hadSpace = skipWhitespace()
        }
        if hadSpace, starts(at: position, Array("standalone".utf8)) {
            position += 10
            let standalone = try declarationValue(expected: "'yes' or 'no' in quotes")
            guard sameBytes(standalone, Array("yes".utf8)) || sameBytes(standalone, Array("no".utf8)) else {
                throw error("invalid XML declaration: standalone must be 'yes' or 'no'", at: standalone.lowerBound)
            }
            skipWhitespace()
        }
        guard starts(at: position, Array("?>".utf8)) else { throw declarationError(expected: "'?>'") }
        position += 2
    }

    /// `= "value"` in the XML declaration; returns where the value is.
    private mutating func declarationValue(expected: String) throws(ParseError) -> Range<Int> {
        skipWhitespace()
        guard position < end, bytes[position] == UInt8(ascii: "=") else { throw declarationError(expected: "'='") }
        position += 1
        skipWhitespace()
        guard position < end, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw declarationError(expected: expected)
        }
        let quote = bytes[position]
        let start = position + 1
        var index = start
        while index < end, bytes[index] != quote, bytes[index] != UInt8(ascii: "?"), !Self.isWhitespace(bytes[index]) {
            index += 1
        }
        guard index < end, bytes[index] == quote else { throw declarationError(expected: expected) }
        position = index + 1
        return start..<index
    }

    private func declarationError(expected: String) -> ParseError {
        if position >= end { return endOfInput("unexpected end of file in the XML declaration") }
        return error("invalid XML declaration: expected \(expected)")
    }

    /// After `<!`: a comment, a CDATA section, or DTD markup, which is refused.
    mutating func declaration() throws(ParseError) {
        let start = position
        if startsIgnoringCase(at: position, "<!--") {
            try comment()
        } else if starts(at: position, Self.cdataStart) {
            guard !stack.isEmpty else { throw error("unexpected CDATA section outside the root element") }
            try cdataSection()
        } else if let keyword = Self.dtdKeywords.first(where: { startsIgnoringCase(at: position + 2, $0) }) {
            throw error("DTD markup '<!\(keyword)' is not allowed", at: start)
        } else if position + 2 >= end {
            throw endOfInput("unexpected end of file after '<!'")
        } else {
            throw error("expected a comment or a CDATA section after '<!'")
        }
    }

    static var cdataStart: [UInt8] { XMLSyntax.cdataStart }
    static var dtdKeywords: [String] { XMLSyntax.dtdKeywords }

    /// Skips `<!-- … -->`. As XML requires, `--` may not appear inside.
    private mutating func comment() throws(ParseError) {
        position += 4
        while position + 1 < end {
            if bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-") {
                guard position + 2 < end else { break }
                guard bytes[position + 2] == UInt8(ascii: ">") else {
                    throw error("'--' is not allowed inside a comment")
                }
                position += 3
                return
            }
            position += 1
        }
        throw endOfInput("unexpected end of file in a comment")
    }

    /// Adds the contents of `<![CDATA[ … ]]>` to the element's text as they are, but for line ends.
    private mutating func cdataSection() throws(ParseError) {
        position += 9
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "]"), position + 2 < end, bytes[position + 1] == UInt8(ascii: "]"),
                bytes[position + 2] == UInt8(ascii: ">")
            {
                position += 3
                return
            }
            position += 1
            if byte == UInt8(ascii: "\r") {
                text.append(UInt8(ascii: "\n"))
                if position < end, bytes[position] == UInt8(ascii: "\n") { position += 1 }
            } else {
                text.append(byte)
            }
        }
        throw endOfInput("unexpected end of file in a CDATA section")
    }
}

/// Constants of the syntax (a generic type cannot hold them).
enum XMLSyntax {
    static let cdataStart = Array("<![CDATA[".utf8)
    static let dtdKeywords = ["DOCTYPE", "ENTITY", "ELEMENT", "ATTLIST", "NOTATION"]
}
