import Foundation
import FoundationXML

/// One element of a parsed XML document, with namespaces resolved to URIs.
struct XMLNode: Sendable {
    var namespace: String
    var name: String
    var attributes: [Attribute]
    var children: [XMLNode] = []
    var text = ""
    /// Where the parser reported the element: the end of its start tag.
    var line: Int
    var column: Int

    struct Attribute: Sendable {
        var namespace: String
        var name: String
        /// The name as written (`tiff:Make`), to find it in the source.
        var qualifiedName: String
        var value: String
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

    /// Parses `bytes` with FoundationXML's SAX parser into a tree. External entities are never
    /// resolved; callers refuse documents with a DTD before calling this.
    static func parse(_ bytes: [UInt8]) -> Result<XMLNode, ParseError> {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = XMLTreeBuilder()
        parser.delegate = builder
        _ = parser.parse()
        if let error = builder.error { return .failure(error) }
        guard let root = builder.root else {
            return .failure(ParseError(reason: "XMP has no elements", line: 1, column: 1))
        }
        return .success(root)
    }
}
