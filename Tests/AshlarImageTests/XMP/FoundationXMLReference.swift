import Foundation
import FoundationXML
import Synchronization

@testable import AshlarImage

/// The FoundationXML path `AshlarImage.XMLNode.parse` used before `XMLReader`, kept in the tests only to
/// check that the new reader builds the same trees.
final class FoundationXMLReference: NSObject, XMLParserDelegate {
    /// FoundationXML's parser crashes when tests run it on several threads at once.
    private static let lock = Mutex(())

    static func parse(_ bytes: [UInt8]) -> Result<AshlarImage.XMLNode, AshlarImage.XMLNode.ParseError> {
        lock.withLock { _ in parseAlone(bytes) }
    }

    private static func parseAlone(_ bytes: [UInt8]) -> Result<AshlarImage.XMLNode, AshlarImage.XMLNode.ParseError> {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = FoundationXMLReference()
        parser.delegate = builder
        _ = parser.parse()
        if let error = builder.error { return .failure(error) }
        guard let root = builder.root else {
            return .failure(AshlarImage.XMLNode.ParseError(reason: "XMP has no elements", line: 1, column: 1))
        }
        return .success(root)
    }

    private(set) var root: AshlarImage.XMLNode?
    private(set) var error: AshlarImage.XMLNode.ParseError?
    private var stack: [AshlarImage.XMLNode] = []
    private var scopes: [[String: String]] = [["xml": AshlarImage.XMLNode.xmlNamespace]]

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard stack.count < AshlarImage.XMLNode.maximumDepth else {
            fail(parser, "XMP nests elements deeper than \(AshlarImage.XMLNode.maximumDepth) levels")
            return
        }
        var scope = scopes.last ?? [:]
        for (name, value) in attributes {
            if name == "xmlns" {
                scope[""] = value
            } else if name.hasPrefix("xmlns:") {
                scope[String(name.dropFirst(6))] = value
            }
        }
        scopes.append(scope)
        let (elementPrefix, elementName) = Self.split(elementName)
        var resolved: [AshlarImage.XMLNode.Attribute] = []
        for (name, value) in attributes where name != "xmlns" && !name.hasPrefix("xmlns:") {
            let (prefix, local) = Self.split(name)
            // Unprefixed attributes belong to no namespace.
            let namespace = prefix.isEmpty ? "" : scope[prefix] ?? ""
            resolved.append(
                AshlarImage.XMLNode.Attribute(namespace: namespace, name: local, value: value, valueOffset: 0))
        }
        stack.append(
            AshlarImage.XMLNode(
                namespace: scope[elementPrefix] ?? "", name: elementName, attributes: resolved,
                line: parser.lineNumber, column: parser.columnNumber))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let node = stack.popLast() else { return }
        scopes.removeLast()
        if stack.isEmpty {
            if root == nil { root = node }
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        let code = (parseError as NSError).code
        fail(parser, "malformed XMP: " + Self.describe(libxml2Error: code, openElements: stack.count))
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        fail(parser, "malformed XMP: invalid document")
    }

    // Any sign of a DTD stops the parse, even though the bytes were checked before.

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(parser, "DTD")
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        fail(parser, "DTD")
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        fail(parser, "DTD")
    }

    /// Never resolves anything; an undeclared entity then fails as a parse error.
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        nil
    }

    private func fail(_ parser: XMLParser, _ reason: String) {
        if error == nil {
            error = AshlarImage.XMLNode.ParseError(
                reason: reason, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
        }
        parser.abortParsing()
    }

    private static func split(_ qualifiedName: String) -> (prefix: String, local: String) {
        let utf8 = qualifiedName.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return ("", qualifiedName) }
        return (String(qualifiedName[..<colon]), String(qualifiedName[utf8.index(after: colon)...]))
    }

    /// A readable reason for libxml2's error numbers (`xmlParserErrors`), which FoundationXML
    /// reports as the error's code.
    static func describe(libxml2Error code: Int, openElements: Int) -> String {
        switch code {
        case 4: "not XML"
        case 5 where openElements > 0: "the document ends before all its elements are closed"
        case 5: "unexpected content after the document's root element"
        case 9: "invalid character"
        case 26: "undefined entity"
        case 38: "'<' is not allowed in an attribute value"
        case 39, 41: "attribute value must be in quotes"
        case 42: "an attribute appears twice in one element"
        case 73: "expected '>'"
        case 76: "closing tag does not match the open element"
        case 77: "the document ends inside a tag"
        case 201: "undeclared namespace prefix"
        default: "not well-formed XML (libxml2 error \(code))"
        }
    }
}
