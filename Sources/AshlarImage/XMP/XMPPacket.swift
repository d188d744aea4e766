/// The top-level properties of an XMP packet that its reader was asked for (`XMPPropertySet`),
/// as `XMPPacketReader` finds them. The first value of a property wins; other properties are not
/// kept.
package struct XMPPacket: Sendable, Equatable {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// A property's value: simple text, or the items of an `rdf:Alt`, `rdf:Bag` or `rdf:Seq`.
    package enum Value: Sendable, Equatable {
        case text(String)
        case list([Item])
    }

    package struct Item: Sendable, Equatable {
        package var text: String
        package var language: String?

        package init(text: String, language: String?) {
            self.text = text
            self.language = language
        }
    }

    package struct Property: Sendable, Equatable {
        package var value: Value
        /// Where the value is written.
        package var location: Location
    }

    /// A property's place in the source: an element (`line`/`column` where the parser reported
    /// it), or the byte offset of an attribute's value.
    package struct Location: Sendable, Equatable {
        package var line: Int
        package var column: Int
        package var valueOffset: Int?
    }

    /// The properties read, by their slot in `properties`.
    private var slots: [Property?]
    package let properties: XMPPropertySet

    init(properties: XMPPropertySet) {
        self.properties = properties
        slots = [Property?](repeating: nil, count: properties.names.count)
    }

    /// The property `name`'s value; nil when the packet does not have it or the reader was not
    /// asked for it.
    package subscript(name: XMPName) -> Property? {
        properties.slot(of: name).flatMap { slots[$0] }
    }

    subscript(slot slot: Int) -> Property? {
        slots[slot]
    }

    mutating func set(slot: Int, _ value: Property) {
        slots[slot] = value
    }

    package static func == (lhs: XMPPacket, rhs: XMPPacket) -> Bool {
        lhs.properties.names == rhs.properties.names && lhs.slots == rhs.slots
    }
}
