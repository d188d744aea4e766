/// The top-level properties of an XMP packet, read from every `rdf:Description` under
/// `rdf:RDF`, whether written as attributes or as child elements.
struct XMPPacket {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    struct Name: Hashable {
        var namespace: String
        var name: String

        /// The local name only: namespace URIs are long and shared by most properties, so
        /// hashing them costs much and separates little. Equality still compares both.
        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
        }
    }

    /// A property's value: simple text, or the items of an `rdf:Alt`, `rdf:Bag` or `rdf:Seq`.
    enum Value {
        case text(String)
        case list([Item])
    }

    struct Item {
        var text: String
        var language: String?
    }

    struct Property {
        var value: Value
        /// Where the value is written.
        var location: Location
    }

    /// A property's place in the source: an element (`line`/`column` where the parser reported
    /// it) or an attribute of one.
    struct Location {
        var line: Int
        var column: Int
        var attribute: String?
    }

    private(set) var properties: [Name: Property] = [:]

    /// Nil when there is no `rdf:RDF` element.
    init?(root: XMLNode) {
        guard let rdf = Self.findRDF(root) else { return nil }
        properties.reserveCapacity(64)
        for description in rdf.children where description.namespace == Self.rdf && description.name == "Description" {
            for attribute in description.attributes where Self.isProperty(attribute) {
                let location = Location(
                    line: description.line, column: description.column, attribute: attribute.qualifiedName)
                add(
                    Name(namespace: attribute.namespace, name: attribute.name),
                    Property(value: .text(attribute.value), location: location))
            }
            for element in description.children {
                guard let value = Self.value(of: element) else { continue }
                add(
                    Name(namespace: element.namespace, name: element.name),
                    Property(
                        value: value, location: Location(line: element.line, column: element.column, attribute: nil)))
            }
        }
    }

    /// Attributes in RDF's or XML's own namespace, or in none, are syntax rather than properties.
    private static func isProperty(_ attribute: XMLNode.Attribute) -> Bool {
        !attribute.namespace.isEmpty && attribute.namespace != rdf && attribute.namespace != XMLNode.xmlNamespace
    }

    subscript(namespace: String, name: String) -> Property? {
        properties[Name(namespace: namespace, name: name)]
    }

    private mutating func add(_ name: Name, _ property: Property) {
        if properties[name] == nil { properties[name] = property }
    }

    /// `rdf:RDF` is the root or sits inside `x:xmpmeta` (possibly wrapped further).
    private static func findRDF(_ node: XMLNode) -> XMLNode? {
        if node.namespace == rdf && node.name == "RDF" { return node }
        for child in node.children {
            if let found = findRDF(child) { return found }
        }
        return nil
    }

    /// Simple text, an array, or nil for structures (which Ashlar does not read).
    private static func value(of element: XMLNode) -> Value? {
        if let resource = element.attribute(rdf, "resource") { return .text(resource) }
        if let container = element.children.first(where: {
            $0.namespace == rdf && ["Alt", "Bag", "Seq"].contains($0.name)
        }) {
            let items = container.children.filter { $0.namespace == rdf && $0.name == "li" }.map {
                Item(text: $0.text, language: $0.attribute(XMLNode.xmlNamespace, "lang"))
            }
            return .list(items)
        }
        if !element.children.isEmpty || element.attribute(rdf, "parseType") != nil { return nil }
        if element.attributes.contains(where: { $0.namespace != rdf && $0.namespace != XMLNode.xmlNamespace }) {
            return nil
        }
        return .text(element.text)
    }
}
