/// Reads an `XMPPacket` straight from `XMLReader`'s elements, without building a tree: the
/// properties of every `rdf:Description` directly under the first `rdf:RDF`, written as attributes
/// or as child elements, each valued as simple text, an `rdf:resource`, or the items of its first
/// `rdf:Alt`, `rdf:Bag` or `rdf:Seq`. Structures, `rdf:parseType` and qualified values are not
/// read. Properties not asked for are parsed (the packet must be well-formed) but not kept.
package struct XMPPacketReader: XMLHandler {
    private(set) var packet: XMPPacket
    /// Whether an `rdf:RDF` element was found.
    private(set) var foundRDF = false

    /// Open elements, counting the one being started.
    private var depth = 0
    /// The depth of the `rdf:RDF` element read, while it is open.
    private var rdfDepth: Int?
    /// Whether the open element at `rdfDepth + 1` is an `rdf:Description`.
    private var inDescription = false
    /// The property element being read (at `rdfDepth + 2`), nil for one Ashlar skips.
    private var property: PropertyElement?

    init(properties: XMPPropertySet) {
        packet = XMPPacket(properties: properties)
    }

    private struct PropertyElement {
        var slot: Int
        var location: XMPPacket.Location
        var resource: String?
        /// `rdf:parseType`, or an attribute that makes the value a qualified structure.
        var isStructure: Bool
        var childCount = 0
        /// The first container child: open now, or read already.
        var container = ContainerState.none
        var items: [XMPPacket.Item] = []
        /// The `rdf:li` being read: its language and whether it has children.
        var item: (language: String?, hasChildren: Bool)?
    }

    private enum ContainerState { case none, open, done }

    mutating func startElement(_ tag: XMLStartTag) {
        depth += 1
        guard let rdfDepth else {
            if !foundRDF, tag.isNamed(XMPPacket.rdf, "RDF") {
                foundRDF = true
                rdfDepth = depth
            }
            return
        }
        switch depth - rdfDepth {
        case 1:
            inDescription = tag.isNamed(XMPPacket.rdf, "Description")
            if inDescription { readAttributes(of: tag) }
        case 2 where inDescription:
            property = propertyElement(tag)
        case 3:
            property?.childCount += 1
            if property?.container == ContainerState.none,
                tag.isNamed(XMPPacket.rdf, "Alt") || tag.isNamed(XMPPacket.rdf, "Bag")
                    || tag.isNamed(XMPPacket.rdf, "Seq")
            {
                property?.container = .open
            }
        case 4:
            if property?.container == .open, tag.isNamed(XMPPacket.rdf, "li") {
                property?.item = (tag.attribute(XMLNode.xmlNamespace, "lang"), false)
            }
        case 5:
            property?.item?.hasChildren = true
        default:
            break
        }
    }

    mutating func endElement(text: ArraySlice<UInt8>) {
        defer { depth -= 1 }
        guard let rdfDepth else { return }
        switch depth - rdfDepth {
        case 0:
            self.rdfDepth = nil
        case 1:
            inDescription = false
        case 2:
            if let element = property { finish(element, text: text) }
            property = nil
        case 3:
            if property?.container == .open { property?.container = .done }
        case 4:
            if let item = property?.item {
                property?.items.append(
                    XMPPacket.Item(
                        text: item.hasChildren ? "" : String(decoding: text, as: UTF8.self), language: item.language))
                property?.item = nil
            }
        default:
            break
        }
    }

    /// A Description's attributes in RDF's or XML's own namespace, or in none, are syntax; the
    /// others are properties.
    private mutating func readAttributes(of tag: XMLStartTag) {
        for attribute in tag.attributes
        where !attribute.namespace.isEmpty && attribute.namespace != XMPPacket.rdf
            && attribute.namespace != XMLNode.xmlNamespace
        {
            guard
                let slot = packet.properties.slot(
                    namespace: attribute.namespace, name: tag.localNameBytes(of: attribute)),
                packet[slot: slot] == nil
            else { continue }
            packet.set(
                slot: slot,
                XMPPacket.Property(
                    value: .text(attribute.value),
                    location: XMPPacket.Location(line: tag.line, column: tag.column, valueOffset: attribute.valueOffset)
                ))
        }
    }

    /// A property element worth reading: one Ashlar reads that has no value yet.
    private func propertyElement(_ tag: XMLStartTag) -> PropertyElement? {
        guard let slot = packet.properties.slot(namespace: tag.namespace, name: tag.localNameBytes),
            packet[slot: slot] == nil
        else { return nil }
        var resource: String?
        var isStructure = false
        for attribute in tag.attributes {
            if attribute.namespace == XMPPacket.rdf {
                let name = tag.localName(of: attribute)
                if name == "resource", resource == nil { resource = attribute.value }
                if name == "parseType" { isStructure = true }
            } else if attribute.namespace != XMLNode.xmlNamespace {
                isStructure = true
            }
        }
        return PropertyElement(
            slot: slot, location: XMPPacket.Location(line: tag.line, column: tag.column, valueOffset: nil),
            resource: resource, isStructure: isStructure)
    }

    private mutating func finish(_ element: PropertyElement, text: ArraySlice<UInt8>) {
        let value: XMPPacket.Value
        if let resource = element.resource {
            value = .text(resource)
        } else if element.container != .none {
            value = .list(element.items)
        } else if element.childCount > 0 || element.isStructure {
            return
        } else {
            value = .text(String(decoding: text, as: UTF8.self))
        }
        packet.set(slot: element.slot, XMPPacket.Property(value: value, location: element.location))
    }
}
