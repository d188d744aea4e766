/// Writes small HEIF files box by box, for tests: the fields are spelled out as ISO/IEC
/// 14496-12 and 23008-12 give them, so a test states the file it reads.
enum HEIFBuilder {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(payload.count + 8)) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
    static func be64(_ value: UInt64) -> [UInt8] { be32(UInt32(value >> 32)) + be32(UInt32(value & 0xFFFF_FFFF)) }

    static func ftyp(_ major: String = "heic", _ compatible: [String] = ["mif1", "heic"]) -> [UInt8] {
        box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
    }

    static let hdlr = fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))

    static func pitm(_ id: UInt16) -> [UInt8] { fullBox("pitm", be16(id)) }

    /// `infe` version 2.
    static func infe(_ id: UInt16, _ type: String, hidden: Bool = false, name: String = "", contentType: String? = nil)
        -> [UInt8]
    {
        var payload = be16(id) + [0, 0] + Array(type.utf8) + Array(name.utf8) + [0]
        if let contentType { payload += Array(contentType.utf8) + [0] }
        return fullBox("infe", version: 2, flags: hidden ? 1 : 0, payload)
    }

    static func iinf(_ entries: [[UInt8]]) -> [UInt8] {
        fullBox("iinf", be16(UInt16(entries.count)) + entries.flatMap { $0 })
    }

    /// One `iloc` entry: item, construction method, base offset and extents (offset, length).
    struct Location {
        var id: UInt32
        var method: UInt16 = 0
        var base: UInt64 = 0
        var extents: [(UInt64, UInt64)]
    }

    /// `iloc` of `version` with 4-byte offsets and lengths (8 with `wide`), a base offset of the
    /// same size and, in versions 1 and 2, 4-byte extent indices.
    static func iloc(version: UInt8 = 1, wide: Bool = false, _ locations: [Location]) -> [UInt8] {
        let size: UInt16 = wide ? 8 : 4
        let indexSize: UInt16 = version >= 1 ? 4 : 0
        var payload = be16(size << 12 | size << 8 | size << 4 | indexSize)
        payload += version < 2 ? be16(UInt16(locations.count)) : be32(UInt32(locations.count))
        func number(_ value: UInt64) -> [UInt8] { wide ? be64(value) : be32(UInt32(value)) }
        for location in locations {
            payload += version < 2 ? be16(UInt16(location.id)) : be32(location.id)
            if version >= 1 { payload += be16(location.method) }
            payload += be16(0) + number(location.base) + be16(UInt16(location.extents.count))
            for (offset, length) in location.extents {
                if version >= 1 { payload += be32(0) }
                payload += number(offset) + number(length)
            }
        }
        return fullBox("iloc", version: version, payload)
    }

    static func iref(_ references: [(String, UInt16, [UInt16])]) -> [UInt8] {
        fullBox(
            "iref",
            references.flatMap { type, from, to in
                box(type, be16(from) + be16(UInt16(to.count)) + to.flatMap(be16))
            })
    }

    static func ispe(_ width: UInt32, _ height: UInt32) -> [UInt8] { fullBox("ispe", be32(width) + be32(height)) }
    static let hvcC = box("hvcC", [1, 2, 3, 4])

    /// `iprp` with `properties` and a version 0 `ipma` (7-bit indices; the top bit essential).
    static func iprp(_ properties: [[UInt8]], _ associations: [(UInt16, [UInt8])]) -> [UInt8] {
        var ipma = be32(UInt32(associations.count))
        for (item, indices) in associations { ipma += be16(item) + [UInt8(indices.count)] + indices }
        return box("iprp", box("ipco", properties.flatMap { $0 }) + fullBox("ipma", ipma))
    }

    static func meta(_ children: [[UInt8]]) -> [UInt8] { fullBox("meta", children.flatMap { $0 }) }

    /// A 2×2 grid of 4×4 tiles (items 1–4, hidden) on a 7×6 canvas (item 10, primary), the grid's
    /// ImageGrid structure in `idat` (iloc version 2, construction method 1), the tiles' bytes in
    /// `mdat` as two extents each, an Exif item (20) and an XMP item (21) described by `cdsc`.
    static func gridFile(tiles: Int = 4, canvas: (UInt16, UInt16) = (7, 6)) -> [UInt8] {
        let gridData: [UInt8] = [0, 0, 1, 1] + be16(canvas.0) + be16(canvas.1)
        let exif: [UInt8] = be32(0) + Array("MM".utf8) + [0, 42] + be32(8) + [0, 0]
        let xmp = Array("<x:xmpmeta/>".utf8)
        let tileBytes = (1...4).map { n in [UInt8](repeating: UInt8(n), count: 6) }
        let payload = tileBytes.flatMap { $0 } + exif + xmp
        func metaBox(mdatStart: UInt64) -> [UInt8] {
            var locations = (1...4).map { n in
                let start = mdatStart + UInt64((n - 1) * 6)
                return Location(id: UInt32(n), extents: [(start, 2), (start + 2, 4)])
            }
            locations.append(Location(id: 10, method: 1, extents: [(0, UInt64(gridData.count))]))
            locations.append(Location(id: 20, extents: [(mdatStart + 24, UInt64(exif.count))]))
            locations.append(Location(id: 21, base: mdatStart, extents: [(UInt64(24 + exif.count), UInt64(xmp.count))]))
            let properties = [ispe(4, 4), hvcC, ispe(7, 6), box("irot", [1])]
            return meta([
                hdlr, pitm(10),
                iinf(
                    (1...4).map { infe(UInt16($0), "hvc1", hidden: true) } + [
                        infe(10, "grid"), infe(20, "Exif", hidden: true),
                        infe(21, "mime", hidden: true, contentType: "application/rdf+xml"),
                    ]),
                iloc(version: 2, locations),
                iref([("dimg", 10, (1...UInt16(tiles)).map { $0 }), ("cdsc", 20, [10]), ("cdsc", 21, [10])]),
                box("idat", gridData),
                iprp(
                    properties,
                    (1...4).map { (UInt16($0), [1, 0x82]) } + [(10, [3, 0x84])]),
            ])
        }
        let head = ftyp()
        let probe = metaBox(mdatStart: 0)
        let mdatStart = UInt64(head.count + probe.count + 8)
        return head + metaBox(mdatStart: mdatStart) + box("mdat", payload)
    }
}
