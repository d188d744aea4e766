/// A strict, non-validating reader for the subset of XML 1.0 that XMP packets use, over UTF-8
/// bytes, building an `XMLNode` tree with namespace prefixes resolved to URIs.
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
struct XMLReader {
    typealias ParseError = XMLNode.ParseError

    let bytes: [UInt8]
    /// Where the readable input ends: the first byte that is not valid UTF-8 or not an XML
    /// character, else the end of `bytes`. Reaching it early is reported as that byte's error.
    let end: Int
    let invalidCharacter: String?
    var position = 0
    /// The open elements, outermost first, and beside them where each one is in the source.
    var nodes: [XMLNode] = []
    var stack: [OpenElement] = []
    /// The namespace declarations in scope, innermost last.
    var bindings: [Binding] = []
    /// The character data of the open elements, each element's after its parent's.
    var text: [UInt8] = []
    /// The attributes of the start tag being read, and their values.
    var attributes: [RawAttribute] = []
    var attributeValues: [String] = []
    var root: XMLNode?
    private var located = (offset: 0, line: 1, column: 1)

    struct OpenElement {
        var qualifiedName: Range<Int>
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
        var name: Range<Int>
        /// The offset of the colon in `name`, if any.
        var colon: Int?
        var localHash: UInt64
        var isDeclaration: Bool
    }

    /// Parses a whole document.
    static func read(_ bytes: [UInt8]) -> Result<XMLNode, ParseError> {
        var reader = XMLReader(bytes)
        do {
            return .success(try reader.document())
        } catch {
            return .failure(error)
        }
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if let invalid = Self.firstInvalidCharacter(in: bytes) {
            end = invalid.offset
            invalidCharacter = invalid.reason
        } else {
            end = bytes.count
            invalidCharacter = nil
        }
    }

    private mutating func document() throws(ParseError) -> XMLNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        let documentStart = position
        while true {
            if stack.isEmpty {
                skipWhitespace()
                if position >= end { break }
                guard bytes[position] == UInt8(ascii: "<") else {
                    throw error(root == nil ? "unexpected text before the root element" : "unexpected text after the root element")
                }
            } else {
                try characterData()
            }
            try markup(documentStart: documentStart)
        }
        if end < bytes.count { throw endOfInput("") }
        guard let root else { throw error("the document has no root element") }
        return root
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
        guard let name = scanName() else { throw error("expected an element name after '<'") }
        if stack.count >= XMLNode.maximumDepth {
            throw error("element '\(string(name))' nests deeper than \(XMLNode.maximumDepth) levels", at: tagStart)
        }
        if stack.isEmpty, root != nil {
            throw error("a second root element '<\(string(name))>'; a document has only one", at: tagStart)
        }
        let colon = try checkedColon(in: name)
        let bindingCount = bindings.count
        attributes.removeAll(keepingCapacity: true)
        attributeValues.removeAll(keepingCapacity: true)
        let tagEnd: Int
        let selfClosing: Bool
        while true {
            let hadSpace = skipWhitespace()
            guard position < end else { throw endOfInput("unexpected end of file in start tag '<\(string(name))'") }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                tagEnd = position
                selfClosing = false
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < end else {
                    throw endOfInput("unexpected end of file in start tag '<\(string(name))'")
                }
                guard bytes[position + 1] == UInt8(ascii: ">") else {
                    throw error("expected '>' after '/' in start tag '<\(string(name))'")
                }
                tagEnd = position
                selfClosing = true
                position += 2
                break
            }
            let attributeStart = position
            guard let attributeName = scanName() else {
                throw error("unexpected character '\(characterText(at: position))' in start tag '<\(string(name))'")
            }
            guard hadSpace else {
                throw error("expected whitespace before attribute '\(string(attributeName))'", at: attributeStart)
            }
            try attribute(named: attributeName)
        }
        try checkAttributes()
        let (line, column) = location(of: tagEnd)
        let node = XMLNode(
            namespace: try namespace(of: name, colon: colon, isAttribute: false), name: localName(name, colon: colon),
            attributes: try resolvedAttributes(), line: line, column: column)
        if selfClosing {
            bindings.removeSubrange(bindingCount...)
            if nodes.isEmpty {
                root = node
            } else {
                nodes[nodes.count - 1].children.append(node)
            }
        } else {
            nodes.append(node)
            stack.append(
                OpenElement(qualifiedName: name, tagStart: tagStart, bindingCount: bindingCount, textStart: text.count))
        }
    }

    /// Reads `="value"` after an attribute's name; declarations bind their prefix at once.
    private mutating func attribute(named name: Range<Int>) throws(ParseError) {
        let colon = try checkedColon(in: name)
        skipWhitespace()
        guard position < end else { throw endOfInput("unexpected end of file in attribute '\(string(name))'") }
        guard bytes[position] == UInt8(ascii: "=") else { throw error("expected '=' after attribute name '\(string(name))'") }
        position += 1
        skipWhitespace()
        guard position < end else { throw endOfInput("unexpected end of file in attribute '\(string(name))'") }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of attribute '\(string(name))' must be in quotes")
        }
        position += 1
        let value = try attributeValue(quote: quote)
        let isDeclaration: Bool
        if let colon, sameBytes(name.lowerBound..<colon, Self.xmlns) {
            let prefix = (colon + 1)..<name.upperBound
            try checkDeclaration(of: prefix, uri: value, at: name.lowerBound)
            bindings.append(Binding(prefix: prefix, prefixHash: hash(prefix), uri: value))
            isDeclaration = true
        } else if colon == nil, sameBytes(name, Self.xmlns) {
            bindings.append(Binding(prefix: name.lowerBound..<name.lowerBound, prefixHash: hash(0..<0), uri: value))
            isDeclaration = true
        } else {
            isDeclaration = false
        }
        let local = colon.map { ($0 + 1)..<name.upperBound } ?? name
        attributes.append(
            RawAttribute(name: name, colon: colon, localHash: hash(local), isDeclaration: isDeclaration))
        attributeValues.append(value)
    }

    private func checkDeclaration(of prefix: Range<Int>, uri: String, at offset: Int) throws(ParseError) {
        let isXML = sameBytes(prefix, Self.xml)
        if sameBytes(prefix, Self.xmlns) { throw error("the prefix 'xmlns' must not be declared", at: offset) }
        if isXML != (uri == XMLNode.xmlNamespace) {
            throw error("only the prefix 'xml' may be bound to '\(XMLNode.xmlNamespace)', and only to it", at: offset)
        }
        if uri.isEmpty { throw error("namespace prefix '\(string(prefix))' must not be bound to an empty URI", at: offset) }
    }

    /// Refuses an attribute written twice, or two with the same namespace and local name.
    private func checkAttributes() throws(ParseError) {
        guard attributes.count > 1 else { return }
        for later in 1..<attributes.count {
            let second = attributes[later]
            for earlier in 0..<later where attributes[earlier].localHash == second.localHash {
                let first = attributes[earlier]
                guard sameBytes(first.localName, second.localName) else { continue }
                if sameBytes(first.prefix, second.prefix) {
                    throw error("duplicate attribute '\(string(second.name))'", at: second.name.lowerBound)
                }
                if !first.isDeclaration, !second.isDeclaration, !first.prefix.isEmpty, !second.prefix.isEmpty,
                    try namespace(of: first.name, colon: first.colon, isAttribute: true)
                        == namespace(of: second.name, colon: second.colon, isAttribute: true)
                {
                    throw error(
                        "attributes '\(string(first.name))' and '\(string(second.name))' have the same namespace and name",
                        at: second.name.lowerBound)
                }
            }
        }
    }

    private func resolvedAttributes() throws(ParseError) -> [XMLNode.Attribute] {
        var resolved: [XMLNode.Attribute] = []
        resolved.reserveCapacity(attributes.count)
        for (attribute, value) in zip(attributes, attributeValues) where !attribute.isDeclaration {
            resolved.append(
                XMLNode.Attribute(
                    namespace: try namespace(of: attribute.name, colon: attribute.colon, isAttribute: true),
                    name: localName(attribute.name, colon: attribute.colon), qualifiedName: string(attribute.name),
                    value: value))
        }
        return resolved
    }

    private mutating func endTag() throws(ParseError) {
        let tagStart = position
        position += 2
        guard let name = scanName() else {
            if position >= end { throw endOfInput("unexpected end of file after '</'") }
            throw error("expected an element name after '</'")
        }
        skipWhitespace()
        guard position < end else { throw endOfInput("unexpected end of file in end tag '</\(string(name))'") }
        guard bytes[position] == UInt8(ascii: ">") else { throw error("expected '>' to end end tag '</\(string(name))'") }
        position += 1
        guard let open = stack.last else { throw error("unexpected end tag '</\(string(name))>'", at: tagStart) }
        guard sameBytes(open.qualifiedName, name) else {
            throw error(
                "mismatched end tag '</\(string(name))>'; expected '</\(string(open.qualifiedName))>'", at: tagStart)
        }
        closeElement()
    }

    private mutating func closeElement() {
        guard let open = stack.popLast(), var node = nodes.popLast() else { return }
        if text.count > open.textStart {
            node.text = String(decoding: text[open.textStart...], as: UTF8.self)
            text.removeSubrange(open.textStart...)
        }
        bindings.removeSubrange(open.bindingCount...)
        if nodes.isEmpty {
            root = node
        } else {
            nodes[nodes.count - 1].children.append(node)
        }
    }

    /// The URI of a name's prefix. Unprefixed attributes have no namespace; unprefixed elements
    /// have the default one, if any.
    private func namespace(of name: Range<Int>, colon: Int?, isAttribute: Bool) throws(ParseError) -> String {
        if colon == nil, isAttribute { return "" }
        let prefix = name.lowerBound..<(colon ?? name.lowerBound)
        let prefixHash = hash(prefix)
        var index = bindings.count - 1
        while index >= 0 {
            if bindings[index].prefixHash == prefixHash, sameBytes(bindings[index].prefix, prefix) {
                return bindings[index].uri
            }
            index -= 1
        }
        if colon == nil { return "" }
        if sameBytes(prefix, Self.xml) { return XMLNode.xmlNamespace }
        let kind = isAttribute ? "attribute" : "element"
        throw error("undeclared namespace prefix '\(string(prefix))' in \(kind) '\(string(name))'", at: name.lowerBound)
    }

    /// The colon of a qualified name, refusing names that start or end with one or have two.
    private func checkedColon(in name: Range<Int>) throws(ParseError) -> Int? {
        var colon: Int?
        for index in name where bytes[index] == UInt8(ascii: ":") {
            guard colon == nil, index != name.lowerBound, index != name.upperBound - 1 else {
                throw error("invalid qualified name '\(string(name))'", at: name.lowerBound)
            }
            colon = index
        }
        return colon
    }

    private func localName(_ name: Range<Int>, colon: Int?) -> String {
        string(colon.map { ($0 + 1)..<name.upperBound } ?? name)
    }

    /// The line and column of `offset`. Offsets asked for only grow, so each byte is counted once.
    private mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if offset < located.offset { located = (0, 1, 1) }
        var (index, line, column) = located
        bytes.withUnsafeBytes { buffer in
            while index < offset {
                // Eight ASCII bytes without a line feed at a time.
                if index + 8 <= offset {
                    let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if word & Self.highBits == 0, !Self.hasZeroByte(word ^ (Self.lowBits &* 0x0A)) {
                        column += 8
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
        }
        located = (index, line, column)
        return (line, column)
    }
}

extension XMLReader.RawAttribute {
    var prefix: Range<Int> { name.lowerBound..<(colon ?? name.lowerBound) }
    var localName: Range<Int> { colon.map { ($0 + 1)..<name.upperBound } ?? name }
}
