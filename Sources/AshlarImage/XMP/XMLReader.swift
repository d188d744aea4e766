/// A strict, non-validating reader for the subset of XML 1.0 that XMP packets use, over UTF-8
/// bytes, handing each element, with namespace prefixes resolved to URIs, to its `Handler`:
/// `XMLTreeBuilder` makes an `XMLNode` tree; `XMPPacketReader` keeps only the properties asked for.
///
/// It checks well-formedness: one root element, matching end tags, quoted attributes without
/// repeats, the five predefined entities and character references only, declared namespace
/// prefixes, valid UTF-8 and XML characters. Comments and processing instructions are skipped;
/// CDATA sections are text. Any DTD markup is an error. Parsing is iterative with an explicit
/// stack, and elements nest at most `XMLNode.maximumDepth` deep.
///
/// An element's `line` and `column` are those of the `>` (or the `/` of `/>`) ending its start
/// tag, where libxml2 reported elements. Errors point at the start of what is wrong, or at the
/// end of the input when it ends too soon. Columns count Unicode scalars.
struct XMLReader<Handler: XMLHandler> {
    typealias ParseError = XMLNode.ParseError

    /// The document, valid only during `read`: the reader never outlives it.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the readable input ends: the first byte that is not valid UTF-8 or not an XML
    /// character, else the end of `bytes`. Reaching it early is reported as that byte's error.
    let end: Int
    let invalidCharacter: String?
    var position = 0
    var handler: Handler
    /// The open elements, outermost first.
    var stack: [OpenElement] = []
    /// The namespace declarations in scope, innermost last.
    var bindings: [Binding] = []
    /// The character data of the open elements, each element's after its parent's.
    var text: [UInt8] = []
    /// The attributes of the start tag being read, their values and hashes of their local names.
    var attributes: [RawAttribute] = []
    var attributeValues: [String] = []
    var attributeHashes: [UInt64] = []
    /// The attributes of the start tag being read, without namespace declarations, as the handler
    /// gets them.
    var resolved: [XMLAttribute] = []
    var sawRoot = false
    private var located = (offset: 0, line: 1, column: 1)

    /// A name's place in the source and the offset of its colon, if it has one.
    struct Name {
        var range: Range<Int>
        var colon: Int?

        var prefix: Range<Int> { range.lowerBound..<(colon ?? range.lowerBound) }
        var local: Range<Int> { colon.map { ($0 + 1)..<range.upperBound } ?? range }
    }

    struct OpenElement {
        var name: Range<Int>
        var tagStart: Int
        var bindingCount: Int
        var textStart: Int
    }

    /// `xmlns:prefix="uri"`, or `xmlns="uri"` with an empty prefix.
    struct Binding {
        var prefix: Range<Int>
        var prefixHash: UInt64
        var uri: String
    }

    struct RawAttribute {
        var name: Name
        var isDeclaration: Bool
        /// Just after the value's opening quote.
        var valueOffset: Int
    }

    /// Reads a whole document into `handler`; the error is nil when it is well-formed.
    static func read(_ bytes: [UInt8], handler: Handler) -> (handler: Handler, error: ParseError?) {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = XMLReader(buffer, handler: handler)
            do throws(ParseError) {
                try reader.document()
                return (reader.handler, nil)
            } catch {
                return (reader.handler, error)
            }
        }
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, handler: Handler) {
        self.bytes = bytes
        self.handler = handler
        resolved.reserveCapacity(64)
        stack.reserveCapacity(16)
        bindings.reserveCapacity(32)
        text.reserveCapacity(1024)
        attributes.reserveCapacity(64)
        attributeValues.reserveCapacity(64)
        attributeHashes.reserveCapacity(64)
        if let invalid = Self.firstInvalidCharacter(in: bytes) {
            end = invalid.offset
            invalidCharacter = invalid.reason
        } else {
            end = bytes.count
            invalidCharacter = nil
        }
    }

    private mutating func document() throws(ParseError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        let documentStart = position
        while true {
            if stack.isEmpty {
                skipWhitespace()
                if position >= end { break }
                guard bytes[position] == UInt8(ascii: "<") else {
                    throw error(
                        !sawRoot
                            ? "unexpected text before the root element" : "unexpected text after the root element")
                }
            } else {
                try characterData()
            }
            try markup(documentStart: documentStart)
        }
        // Only a byte that is not UTF-8 or not an XML character can stop the reading early.
        if end < bytes.count { throw endOfInput("unexpected end of file") }
        guard sawRoot else { throw error("the document has no root element") }
    }

    /// Dispatches on what follows the `<` at `position`.
    private mutating func markup(documentStart: Int) throws(ParseError) {
        guard position + 1 < end else { throw endOfInput("unexpected end of file after '<'") }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"): try endTag()
        case UInt8(ascii: "?"): try processingInstruction(atDocumentStart: position == documentStart)
        case UInt8(ascii: "!"): try declaration()
        default: try startTag()
        }
    }

    private mutating func startTag() throws(ParseError) {
        let tagStart = position
        position += 1
        guard let name = try qualifiedName() else { throw error("expected an element name after '<'") }
        if stack.count >= XMLNode.maximumDepth {
            throw error(
                "element '\(string(name.range))' nests deeper than \(XMLNode.maximumDepth) levels", at: tagStart)
        }
        if stack.isEmpty, sawRoot {
            throw error("a second root element '<\(string(name.range))>'; a document has only one", at: tagStart)
        }
        let bindingCount = bindings.count
        attributes.removeAll(keepingCapacity: true)
        attributeValues.removeAll(keepingCapacity: true)
        attributeHashes.removeAll(keepingCapacity: true)
        let tagEnd: Int
        let selfClosing: Bool
        while true {
            let hadSpace = skipWhitespace()
            guard position < end else {
                throw endOfInput("unexpected end of file in start tag '<\(string(name.range))'")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                tagEnd = position
                selfClosing = false
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < end else {
                    throw endOfInput("unexpected end of file in start tag '<\(string(name.range))'")
                }
                guard bytes[position + 1] == UInt8(ascii: ">") else {
                    throw error("expected '>' after '/' in start tag '<\(string(name.range))'")
                }
                tagEnd = position
                selfClosing = true
                position += 2
                break
            }
            let attributeStart = position
            guard let attributeName = try qualifiedName() else {
                throw error(
                    "unexpected character '\(characterText(at: position))' in start tag '<\(string(name.range))'")
            }
            guard hadSpace else {
                throw error("expected whitespace before attribute '\(string(attributeName.range))'", at: attributeStart)
            }
            try attribute(named: attributeName)
        }
        try checkAttributes()
        let (line, column) = location(of: tagEnd)
        let namespace = try namespace(of: name, isAttribute: false)
        try resolveAttributes()
        if stack.isEmpty { sawRoot = true }
        handler.startElement(
            XMLStartTag(
                source: bytes, namespace: namespace, name: name.local, attributes: resolved, line: line,
                column: column))
        if selfClosing {
            bindings.removeSubrange(bindingCount...)
            handler.endElement(text: [])
        } else {
            stack.append(
                OpenElement(name: name.range, tagStart: tagStart, bindingCount: bindingCount, textStart: text.count))
        }
    }

    /// Reads `="value"` after an attribute's name; declarations bind their prefix at once.
    private mutating func attribute(named name: Name) throws(ParseError) {
        skipWhitespace()
        guard position < end else { throw endOfInput("unexpected end of file in attribute '\(string(name.range))'") }
        guard bytes[position] == UInt8(ascii: "=") else {
            throw error("expected '=' after attribute name '\(string(name.range))'")
        }
        position += 1
        skipWhitespace()
        guard position < end else { throw endOfInput("unexpected end of file in attribute '\(string(name.range))'") }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of attribute '\(string(name.range))' must be in quotes")
        }
        position += 1
        let valueOffset = position
        let value = try attributeValue(quote: quote)
        let isDeclaration: Bool
        if name.colon != nil, isXMLNS(name.prefix) {
            try checkDeclaration(of: name.local, uri: value, at: name.range.lowerBound)
            bindings.append(Binding(prefix: name.local, prefixHash: hash(name.local), uri: value))
            isDeclaration = true
        } else if name.colon == nil, isXMLNS(name.range) {
            let empty = name.range.lowerBound..<name.range.lowerBound
            bindings.append(Binding(prefix: empty, prefixHash: hash(empty), uri: value))
            isDeclaration = true
        } else {
            isDeclaration = false
        }
        attributes.append(RawAttribute(name: name, isDeclaration: isDeclaration, valueOffset: valueOffset))
        attributeValues.append(value)
        attributeHashes.append(hash(name.local))
    }

    private mutating func endTag() throws(ParseError) {
        let tagStart = position
        position += 2
        guard let name = scanName() else {
            if position >= end { throw endOfInput("unexpected end of file after '</'") }
            throw error("expected an element name after '</'")
        }
        skipWhitespace()
        guard position < end else { throw endOfInput("unexpected end of file in end tag '</\(string(name.range))'") }
        guard bytes[position] == UInt8(ascii: ">") else {
            throw error("expected '>' to end end tag '</\(string(name.range))'")
        }
        position += 1
        guard let open = stack.last else { throw error("unexpected end tag '</\(string(name.range))>'", at: tagStart) }
        guard sameBytes(open.name, name.range) else {
            throw error(
                "mismatched end tag '</\(string(name.range))>'; expected '</\(string(open.name))>'", at: tagStart)
        }
        closeElement()
    }

    private mutating func closeElement() {
        guard let open = stack.popLast() else { return }
        handler.endElement(text: text[open.textStart...])
        if text.count > open.textStart { text.removeSubrange(open.textStart...) }
        bindings.removeSubrange(open.bindingCount...)
    }

    /// A name at `position` that is a valid qualified name: no colon first, last or twice, and a
    /// local part that starts as a name does.
    private mutating func qualifiedName() throws(ParseError) -> Name? {
        let start = position
        guard let name = scanName() else { return nil }
        if let colon = name.colon {
            var index = colon + 1
            while index < name.range.upperBound, bytes[index] != UInt8(ascii: ":") { index += 1 }
            if colon == start || colon == name.range.upperBound - 1 || index < name.range.upperBound
                || !Self.isNameStart(bytes[colon + 1])
            {
                throw error("invalid qualified name '\(string(name.range))'", at: start)
            }
        }
        return name
    }

    /// The line and column of `offset`. Offsets asked for only grow, so each byte is counted once.
    private mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if offset < located.offset { located = (0, 1, 1) }
        var (index, line, column) = located
        let buffer = UnsafeRawBufferPointer(bytes)
        while index < offset {
            // Eight ASCII bytes at a time, counting their line feeds.
            if index + 8 <= offset {
                let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & Self.highBits == 0 {
                    let lineFeeds = Self.zeroBytes(word ^ (Self.lowBits &* 0x0A))
                    if lineFeeds == 0 {
                        column += 8
                    } else {
                        line += lineFeeds.nonzeroBitCount
                        // Little-endian: the last line feed is the highest marked byte.
                        column = 1 + (lineFeeds.leadingZeroBitCount / 8)
                    }
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        located = (index, line, column)
        return (line, column)
    }
}
