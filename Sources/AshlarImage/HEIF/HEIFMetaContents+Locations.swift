extension HEIFMetaContents {
    /// `iloc` (ISO/IEC 14496-12 §8.11.3), versions 0–2: field sizes of 0, 4 or 8 bytes for offsets,
    /// lengths, base offsets and (versions 1 and 2) extent indices; construction methods from
    /// version 1; 32-bit item IDs and counts in version 2.
    mutating func readLocations(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        var fields = HEIFFields(file, box: box)
        let (version, _) = try fields.versionAndFlags()
        guard version <= 2 else { throw .unsupportedVersion(box: "iloc", version: version) }
        let sizes = try fields.u16()
        let offsetSize = Int(sizes >> 12)
        let lengthSize = Int(sizes >> 8 & 15)
        let baseOffsetSize = Int(sizes >> 4 & 15)
        let indexSize = version >= 1 ? Int(sizes & 15) : 0
        for (name, size) in [
            ("offset_size", offsetSize), ("length_size", lengthSize), ("base_offset_size", baseOffsetSize),
            ("index_size", indexSize),
        ] where ![0, 4, 8].contains(size) {
            throw .badField(box: "iloc", field: name, value: size)
        }
        let count = Int(version < 2 ? UInt32(try fields.u16()) : try fields.u32())
        guard count <= limits.items else { throw .tooMany(what: "items in iloc", count: count, limit: limits.items) }
        for _ in 0..<count {
            let id = try fields.itemID(wide: version == 2)
            var construction = HEIFItemLocation.Construction.file
            if version >= 1 {
                let method = Int(try fields.u16() & 15)
                switch method {
                case 0: construction = .file
                case 1: construction = .itemData
                default: throw .unsupportedConstruction(item: id, method: method)
                }
            }
            let dataReference = try fields.u16()
            let base = try fields.number(size: baseOffsetSize)
            let extentCount = Int(try fields.u16())
            guard extentCount <= limits.extentsPerItem else {
                throw .tooMany(what: "extents of item \(id)", count: extentCount, limit: limits.extentsPerItem)
            }
            guard extentCount * (indexSize + offsetSize + lengthSize) <= fields.remaining else {
                throw .shortBox("iloc")
            }
            var extents: [HEIFItemLocation.Extent] = []
            extents.reserveCapacity(extentCount)
            for _ in 0..<extentCount {
                let index = try fields.number(size: indexSize)
                let offset = try fields.number(size: offsetSize)
                let length = try fields.number(size: lengthSize)
                extents.append(HEIFItemLocation.Extent(index: index, offset: offset, length: length))
            }
            guard locations[id] == nil else { throw .duplicateItem(box: "iloc", item: id) }
            locations[id] = HEIFItemLocation(
                itemID: id, construction: construction, dataReferenceIndex: dataReference, baseOffset: base,
                extents: extents)
        }
    }
}
