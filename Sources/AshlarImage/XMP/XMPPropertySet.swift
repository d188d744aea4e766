/// The properties an `XMPPacketReader` keeps, each in its own slot, so reading one is an array
/// access rather than a lookup by name. The caller (AshlarCore's metadata field table) decides
/// which; every other property is parsed (the packet must be well-formed) but not kept.
package struct XMPPropertySet: Sendable {
    package let names: [XMPName]
    /// The local names' bytes, by slot.
    private let nameBytes: [[UInt8]]
    private let slots: [XMPName: Int]

    /// `names` without repeats, in the order given.
    package init(_ names: [XMPName]) {
        var unique: [XMPName] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        self.names = unique
        nameBytes = unique.map { Array($0.name.utf8) }
        slots = Dictionary(uniqueKeysWithValues: unique.enumerated().map { ($1, $0) })
    }

    /// The slot of `name`, if the set has it.
    package func slot(of name: XMPName) -> Int? { slots[name] }

    /// The slot of the property with this namespace and local name, for a local name still in
    /// the document's bytes: most names a packet holds are not kept, and are turned away without
    /// making a string of them.
    func slot(namespace: String, name: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in nameBytes.indices where nameBytes[index].count == name.count {
            guard nameBytes[index].elementsEqual(name), names[index].namespace == namespace else { continue }
            return index
        }
        return nil
    }
}
