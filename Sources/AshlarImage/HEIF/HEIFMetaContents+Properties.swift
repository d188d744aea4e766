extension HEIFMetaContents {
    /// `iprp`: the properties of `ipco` and their associations in `ipma` (ISO/IEC 23008-12 §9.3).
    /// Several `ipma` boxes may appear; an item is described once among them.
    mutating func readItemProperties(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        guard let children = ISOBoxReader.children(file, of: box) else { throw Self.damage(file, in: box) }
        var readContainer = false
        for child in children {
            if child.type == "ipco", !readContainer {
                readContainer = true
                guard let found = ISOBoxReader.children(file, of: child) else { throw Self.damage(file, in: child) }
                guard found.count <= limits.properties else {
                    throw .tooMany(what: "properties in ipco", count: found.count, limit: limits.properties)
                }
                properties = try found.map { (property) throws(HEIFError) in try Self.property(file, property) }
            } else if child.type == "ipma" {
                try readAssociations(file, child)
            }
        }
    }

    /// `ipma`: versions 0 and 1 (16- or 32-bit item IDs); flag bit 0 makes the indices 15 bits
    /// (else 7); the top bit of each entry says the property is essential. Index 0 means none.
    private mutating func readAssociations(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        var fields = HEIFFields(file, box: box)
        let (version, flags) = try fields.versionAndFlags()
        guard version <= 1 else { throw .unsupportedVersion(box: "ipma", version: version) }
        let count = Int(try fields.u32())
        guard count <= limits.items else { throw .tooMany(what: "items in ipma", count: count, limit: limits.items) }
        let wideIndex = flags & 1 != 0
        for _ in 0..<count {
            let id = try fields.itemID(wide: version == 1)
            let entries = Int(try fields.u8())
            var list: [(index: Int, isEssential: Bool)] = []
            for _ in 0..<entries {
                if wideIndex {
                    let value = try fields.u16()
                    list.append((Int(value & 0x7FFF), value & 0x8000 != 0))
                } else {
                    let value = try fields.u8()
                    list.append((Int(value & 0x7F), value & 0x80 != 0))
                }
            }
            guard associations[id] == nil else { throw .duplicateItem(box: "ipma", item: id) }
            associations[id] = list
        }
    }

    /// One property box of `ipco`, typed when the reader knows it.
    static func property(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) -> HEIFProperty {
        var fields = HEIFFields(file, box: box)
        switch box.type {
        case "hvcC": return .hevcConfiguration(fields.rest())
        case "av1C": return .av1Configuration(fields.rest())
        case "ispe":
            _ = try fields.versionAndFlags()
            let width = Int(try fields.u32())
            return .spatialExtent(width: width, height: Int(try fields.u32()))
        case "irot": return .rotation(quarterTurns: Int(try fields.u8() & 3))
        case "imir": return .mirror(try fields.u8() & 1 == 0 ? .horizontal : .vertical)
        case "pixi":
            _ = try fields.versionAndFlags()
            let channels = Int(try fields.u8())
            var bits: [Int] = []
            for _ in 0..<channels { bits.append(Int(try fields.u8())) }
            return .pixelInformation(bitsPerChannel: bits)
        case "auxC":
            _ = try fields.versionAndFlags()
            let urn = fields.string()
            return .auxiliaryType(urn: urn, subtype: fields.rest())
        case "clap":
            let aperture = HEIFCleanAperture(
                widthN: try fields.u32(), widthD: try fields.u32(), heightN: try fields.u32(),
                heightD: try fields.u32(), horizontalOffsetN: Int32(bitPattern: try fields.u32()),
                horizontalOffsetD: try fields.u32(), verticalOffsetN: Int32(bitPattern: try fields.u32()),
                verticalOffsetD: try fields.u32())
            return .cleanAperture(aperture)
        case "colr": return try colour(&fields)
        default: return .other(box.type)
        }
    }

    private static func colour(_ fields: inout HEIFFields) throws(HEIFError) -> HEIFProperty {
        let kind = try fields.fourCC()
        switch kind {
        case "nclx":
            let primaries = Int(try fields.u16())
            let transfer = Int(try fields.u16())
            let matrix = Int(try fields.u16())
            let fullRange = try fields.u8() & 0x80 != 0
            return .colour(.nclx(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: fullRange))
        case "prof", "rICC": return .colour(.icc(fields.rest(), restricted: kind == "rICC"))
        default: return .other("colr")
        }
    }
}
