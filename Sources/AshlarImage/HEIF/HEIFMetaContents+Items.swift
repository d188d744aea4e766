extension HEIFMetaContents {
    /// `iinf`: an entry count, then one `infe` box an item. Only `infe` versions 2 and 3 (the ones
    /// HEIF uses, with an item type) are read; earlier ones are skipped.
    mutating func readItemInfo(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        var fields = HEIFFields(file, box: box)
        let (version, _) = try fields.versionAndFlags()
        guard version <= 1 else { throw .unsupportedVersion(box: "iinf", version: version) }
        let declared = Int(version == 0 ? UInt32(try fields.u16()) : try fields.u32())
        guard declared <= limits.items else {
            throw .tooMany(what: "items in iinf", count: declared, limit: limits.items)
        }
        var seen: Set<UInt32> = []
        for entry in try Self.children(file, of: box, skip: fields.offset - box.payloadStart) where entry.type == "infe"
        {
            guard items.count < limits.items else {
                throw .tooMany(what: "items in iinf", count: items.count + 1, limit: limits.items)
            }
            guard let item = try Self.itemInfoEntry(file, entry) else { continue }
            guard seen.insert(item.id).inserted else { throw .duplicateItem(box: "iinf", item: item.id) }
            items.append(item)
        }
    }

    /// One `infe` (ISO/IEC 14496-12 §8.11.6): version 2 has a 16-bit item ID, version 3 a 32-bit one.
    static func itemInfoEntry(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) -> HEIFItem? {
        var fields = HEIFFields(file, box: box)
        let (version, flags) = try fields.versionAndFlags()
        guard version >= 2 else { return nil }
        guard version <= 3 else { throw .unsupportedVersion(box: "infe", version: version) }
        let id = try fields.itemID(wide: version == 3)
        _ = try fields.u16() // item_protection_index
        let type = try fields.fourCC()
        var item = HEIFItem(id: id, type: type, name: fields.string(), isHidden: flags & 1 != 0)
        if type == "mime" {
            item.contentType = fields.string()
            if fields.remaining > 0 { item.contentEncoding = fields.string() }
        }
        return item
    }

    /// `iref` (§8.11.12): boxes named by the reference type, each a from-item, a count and the
    /// to-items; version 0 has 16-bit item IDs, version 1 32-bit ones.
    mutating func readReferences(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        var fields = HEIFFields(file, box: box)
        let (version, _) = try fields.versionAndFlags()
        guard version <= 1 else { throw .unsupportedVersion(box: "iref", version: version) }
        var total = 0
        for child in try Self.children(file, of: box, skip: 4) {
            var entry = HEIFFields(file, box: child)
            let from = try entry.itemID(wide: version == 1)
            let count = Int(try entry.u16())
            total += count
            guard total <= limits.references else {
                throw .tooMany(what: "references in iref", count: total, limit: limits.references)
            }
            guard count * (version == 1 ? 4 : 2) <= entry.remaining else { throw .shortBox("iref") }
            var to: [UInt32] = []
            to.reserveCapacity(count)
            for _ in 0..<count { to.append(try entry.itemID(wide: version == 1)) }
            references.append(HEIFReference(kind: HEIFReference.Kind(child.type), from: from, to: to))
        }
    }
}
