import AshlarImage

/// Where a field's value is in an XMP packet.
enum XMPKey: Sendable {
    /// The property's value, as the field's kind reads it.
    case property(XMPName)
    /// The last level of each item of a hierarchical list (`lr:hierarchicalSubject`:
    /// `Places|Europe|Paris` → `Paris`).
    case leaves(XMPName)

    var name: XMPName {
        switch self {
        case .property(let name), .leaves(let name): name
        }
    }
}
