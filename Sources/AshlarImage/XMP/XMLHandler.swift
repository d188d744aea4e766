/// What `XMLReader` hands the elements of a document to, in document order.
protocol XMLHandler {
    /// An element's start tag, its attributes checked and their namespaces resolved.
    mutating func startElement(_ tag: XMLStartTag)
    /// The end of the innermost open element, with its own character data (not its children's),
    /// entities and character references already replaced.
    mutating func endElement(text: ArraySlice<UInt8>)
}

/// A start tag as `XMLReader` hands it over: valid only during the call.
struct XMLStartTag {
    /// The document being read.
    let source: UnsafeBufferPointer<UInt8>
    let namespace: String
    /// The local name's place in `source`.
    let name: Range<Int>
    /// Without namespace declarations.
    let attributes: [XMLAttribute]
    /// Where the start tag ends: its `>`, or the `/` of `/>`.
    let line: Int
    let column: Int

    var localName: String { String(decoding: UnsafeBufferPointer(rebasing: source[name]), as: UTF8.self) }

    /// Whether the element is `namespace`'s `local` (ASCII), without making a string.
    func isNamed(_ namespace: String, _ local: StaticString) -> Bool {
        guard name.count == local.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: local.utf8Start, count: local.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() where source[name.lowerBound + offset] != byte { return false }
        return self.namespace == namespace
    }

    /// The local name's bytes, valid during the call.
    var localNameBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: source[name]) }

    func localNameBytes(of attribute: XMLAttribute) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: source[attribute.name])
    }

    func localName(of attribute: XMLAttribute) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: source[attribute.name]), as: UTF8.self)
    }

    /// The value of the attribute `namespace`'s `local`, if the tag has it.
    func attribute(_ namespace: String, _ local: StaticString) -> String? {
        let expected = UnsafeBufferPointer(start: local.utf8Start, count: local.utf8CodeUnitCount)
        for attribute in attributes where attribute.name.count == expected.count {
            if expected.indices.allSatisfy({ source[attribute.name.lowerBound + $0] == expected[$0] }),
                attribute.namespace == namespace
            {
                return attribute.value
            }
        }
        return nil
    }
}

/// An attribute of an `XMLStartTag`.
struct XMLAttribute {
    /// Empty for an unprefixed attribute.
    var namespace: String
    /// The local name's place in the source.
    var name: Range<Int>
    var value: String
    /// The byte offset of the value, just after its opening quote, for diagnostics.
    var valueOffset: Int
}

/// Builds the `XMLNode` tree of a document.
struct XMLTreeBuilder: XMLHandler {
    /// The open elements, outermost first.
    private var open: [XMLNode] = []
    private(set) var root: XMLNode?

    init() {
        open.reserveCapacity(16)
    }

    mutating func startElement(_ tag: XMLStartTag) {
        open.append(
            XMLNode(
                namespace: tag.namespace, name: tag.localName,
                attributes: tag.attributes.map {
                    XMLNode.Attribute(
                        namespace: $0.namespace, name: tag.localName(of: $0), value: $0.value,
                        valueOffset: $0.valueOffset)
                }, line: tag.line, column: tag.column))
    }

    mutating func endElement(text: ArraySlice<UInt8>) {
        guard var node = open.popLast() else { return }
        // Only a leaf's text means anything in XMP; mixed content is layout.
        if node.children.isEmpty, !text.isEmpty { node.text = String(decoding: text, as: UTF8.self) }
        if open.isEmpty {
            root = node
        } else {
            open[open.count - 1].children.append(node)
        }
    }
}

extension XMLReader where Handler == XMLTreeBuilder {
    /// Parses a whole document into a tree.
    static func read(_ bytes: [UInt8]) -> Result<XMLNode, ParseError> {
        let (builder, error) = read(bytes, handler: XMLTreeBuilder())
        if let error { return .failure(error) }
        guard let root = builder.root else {
            return .failure(ParseError(reason: "the document has no root element", line: 1, column: 1))
        }
        return .success(root)
    }
}
