/// One element of a parsed XML document, with namespaces resolved to URIs.
struct XMLNode: Sendable {
    var namespace: String
    var name: String
    var attributes: [Attribute]
    var children: [XMLNode] = []
    /// The character data of an element without children; empty for one with children (XMP
    /// gives the whitespace between elements no meaning).
    var text = ""
    /// Where the element's start tag ends: its `>`, or the `/` of `/>` (where libxml2 reported
    /// elements, which `XMPSourceMap` relies on).
    var line: Int
    var column: Int

    struct Attribute: Sendable {
        var namespace: String
        var name: String
        var value: String
        /// The byte offset of the value in the source, just after its opening quote, for
        /// diagnostics that point at it.
        var valueOffset: Int
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    func attribute(_ namespace: String, _ name: String) -> String? {
        attributes.first { $0.namespace == namespace && $0.name == name }?.value
    }

    /// Why a document could not be parsed, and where.
    struct ParseError: Error, Sendable, Equatable {
        var reason: String
        var line: Int
        var column: Int
    }

    /// Elements nested deeper than this are refused; XMP needs fewer than ten.
    static let maximumDepth = 64

    /// Parses an XMP packet's bytes with `XMLReader`; reasons read "malformed XMP: …". Callers
    /// refuse documents with a DTD before calling this; the reader refuses them too.
    static func parse(_ bytes: [UInt8]) -> Result<XMLNode, ParseError> {
        XMLReader<XMLTreeBuilder>.read(bytes).mapError {
            ParseError(reason: "malformed XMP: " + $0.reason, line: $0.line, column: $0.column)
        }
    }
}
