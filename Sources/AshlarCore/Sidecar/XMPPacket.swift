/// The top-level properties of an XMP packet that Ashlar reads (`XMPProperty`), as
/// `XMPPacketReader` finds them. The first value of a property wins; other properties are not
/// kept.
struct XMPPacket: Equatable {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// A property's value: simple text, or the items of an `rdf:Alt`, `rdf:Bag` or `rdf:Seq`.
    enum Value: Equatable {
        case text(String)
        case list([Item])
    }

    struct Item: Equatable {
        var text: String
        var language: String?
    }

    struct Property: Equatable {
        var value: Value
        /// Where the value is written.
        var location: Location
    }

    /// A property's place in the source: an element (`line`/`column` where the parser reported
    /// it), or the byte offset of an attribute's value.
    struct Location: Equatable {
        var line: Int
        var column: Int
        var valueOffset: Int?
    }

    private var slots = [Property?](repeating: nil, count: XMPProperty.allCases.count)

    subscript(property: XMPProperty) -> Property? {
        slots[property.rawValue]
    }

    mutating func set(_ property: XMPProperty, _ value: Property) {
        slots[property.rawValue] = value
    }
}
