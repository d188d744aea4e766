extension XMLReader {
    /// Skips `<?target …?>`. The XML declaration is one, allowed only at the very start.
    mutating func processingInstruction(atDocumentStart: Bool) throws(ParseError) {
        let start = position
        position += 2
        guard let target = scanName()?.range else {
            if position >= end { throw endOfInput("unexpected end of file after '<?'") }
            throw error("expected a processing instruction target after '<?'")
        }
        if target.count == 3, startsIgnoringCase(at: target.lowerBound, "xml"), !atDocumentStart {
            throw error("the XML declaration '<?\(string(target))' is allowed only at the start of the document", at: start)
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

    static let cdataStart = Array("<![CDATA[".utf8)
    static let dtdKeywords = ["DOCTYPE", "ENTITY", "ELEMENT", "ATTLIST", "NOTATION"]

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
