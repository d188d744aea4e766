/// The boxes of a published HEIC copy, written from the typed values read (ISO/IEC 23008-12 and
/// 14496-12): nothing is copied as bytes but the coded data, the ICC profile and the parameter sets.
extension HEIFPublishedCopy {
    /// A property's box, or nil for one the copy does not carry: an `auxC` that does not name
    /// alpha, AV1's configuration, and every property the reader does not know.
    static func box(_ property: HEIFProperty) throws(ImageError) -> [UInt8]? {
        switch property {
        case .hevcConfiguration(let record):
            return ISOBoxWriter.box("hvcC", try parameterSetsOnly(record))
        case .spatialExtent(let width, let height):
            var body: [UInt8] = []
            ISOBoxWriter.appendUInt32(UInt32(width), to: &body)
            ISOBoxWriter.appendUInt32(UInt32(height), to: &body)
            return ISOBoxWriter.fullBox("ispe", body)
        case .colour(.nclx(let primaries, let transfer, let matrix, let fullRange)):
            var body = Array("nclx".utf8)
            for value in [primaries, transfer, matrix] { ISOBoxWriter.appendUInt16(UInt16(value), to: &body) }
            return ISOBoxWriter.box("colr", body + [fullRange ? 0x80 : 0])
        case .colour(.icc(let profile, let restricted)):
            return ISOBoxWriter.box("colr", Array((restricted ? "rICC" : "prof").utf8) + profile)
        case .rotation(let quarterTurns):
            return ISOBoxWriter.box("irot", [UInt8(quarterTurns & 3)])
        case .mirror(let axis):
            return ISOBoxWriter.box("imir", [axis == .horizontal ? 0 : 1])
        case .cleanAperture(let a):
            var body: [UInt8] = []
            for value in [
                a.widthN, a.widthD, a.heightN, a.heightD, UInt32(bitPattern: a.horizontalOffsetN), a.horizontalOffsetD,
                UInt32(bitPattern: a.verticalOffsetN), a.verticalOffsetD,
            ] { ISOBoxWriter.appendUInt32(value, to: &body) }
            return ISOBoxWriter.box("clap", body)
        case .pixelInformation(let bits):
            return ISOBoxWriter.fullBox("pixi", [UInt8(bits.count)] + bits.map { UInt8(truncatingIfNeeded: $0) })
        case .auxiliaryType(let urn, _) where HEIFFile.alphaURNs.contains(urn):
            return ISOBoxWriter.fullBox("auxC", Array(urn.utf8) + [0])
        case .auxiliaryType, .av1Configuration, .other:
            return nil
        }
    }

    /// `hvcC` with its first 22 bytes (profile, level, chroma format, bit depths, NAL length size)
    /// and only its VPS, SPS and PPS arrays, each complete.
    static func parameterSetsOnly(_ record: [UInt8]) throws(ImageError) -> [UInt8] {
        let parsed = try HEVCDecoderConfiguration(record)
        var arrays: [UInt8] = []
        var count: UInt8 = 0
        for type in 32...34 {
            let units = parsed.nalUnits.filter { Int($0[0] >> 1 & 0x3F) == type }
            guard !units.isEmpty else { continue }
            count += 1
            arrays.append(0x80 | UInt8(type))
            ISOBoxWriter.appendUInt16(UInt16(units.count), to: &arrays)
            for unit in units {
                ISOBoxWriter.appendUInt16(UInt16(unit.count), to: &arrays)
                arrays += unit
            }
        }
        return Array(record.prefix(22)) + [count] + arrays
    }

    /// The file: `ftyp`, `meta` (`hdlr`, `pitm`, `iloc`, `iinf`, `iref`, `iprp`), then one `mdat`
    /// holding every item's data in order. Item IDs over 16 bits switch every box that holds one
    /// to its 32-bit version.
    static func assemble(brand: String, primary: UInt32, items: [Item], references: [Reference]) throws(ImageError)
        -> [UInt8]
    {
        let wide = items.contains { $0.id > 0xFFFF }
        func appendID(_ id: UInt32, to body: inout [UInt8]) {
            if wide {
                ISOBoxWriter.appendUInt32(id, to: &body)
            } else {
                ISOBoxWriter.appendUInt16(UInt16(id), to: &body)
            }
        }
        let ftyp = ISOBoxWriter.box("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + Array("mif1".utf8) + Array(brand.utf8))
        let hdlr = ISOBoxWriter.fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        var pitmBody: [UInt8] = []
        appendID(primary, to: &pitmBody)
        let pitm = ISOBoxWriter.fullBox("pitm", pitmBody, version: wide ? 1 : 0)
        var iinfBody: [UInt8] = []
        if wide {
            ISOBoxWriter.appendUInt32(UInt32(items.count), to: &iinfBody)
        } else {
            ISOBoxWriter.appendUInt16(UInt16(items.count), to: &iinfBody)
        }
        for item in items {
            var entry: [UInt8] = []
            appendID(item.id, to: &entry)
            entry += [0, 0] + Array(item.type.utf8) + [0]
            // Every image but the primary is hidden (flag 1): tiles and alpha are not images to show
            // on their own.
            let hidden: UInt32 = item.id != primary && item.type != "Exif" ? 1 : 0
            iinfBody += ISOBoxWriter.fullBox("infe", entry, version: wide ? 3 : 2, flags: hidden)
        }
        let iinf = ISOBoxWriter.fullBox("iinf", iinfBody, version: wide ? 1 : 0)
        var irefBody: [UInt8] = []
        for reference in references {
            var body: [UInt8] = []
            appendID(reference.from, to: &body)
            ISOBoxWriter.appendUInt16(UInt16(reference.to.count), to: &body)
            for id in reference.to { appendID(id, to: &body) }
            irefBody += ISOBoxWriter.box(reference.kind, body)
        }
        let iref = references.isEmpty ? [] : ISOBoxWriter.fullBox("iref", irefBody, version: wide ? 1 : 0)
        let iprp = propertiesBox(items, wide: wide)
        // iloc's size does not depend on the offsets it holds: written once to learn where mdat's
        // payload starts, then with the offsets.
        func iloc(payloadStart: Int) -> [UInt8] {
            var body: [UInt8] = [0x44, 0x00] // 4-byte offsets and lengths, no base offset or index
            if wide {
                ISOBoxWriter.appendUInt32(UInt32(items.count), to: &body)
            } else {
                ISOBoxWriter.appendUInt16(UInt16(items.count), to: &body)
            }
            var offset = payloadStart
            for item in items {
                appendID(item.id, to: &body)
                body += [0, 0, 0, 0, 0, 1] // construction method 0 (file offsets), data reference 0, one extent
                ISOBoxWriter.appendUInt32(UInt32(truncatingIfNeeded: offset), to: &body)
                ISOBoxWriter.appendUInt32(UInt32(truncatingIfNeeded: item.data.count), to: &body)
                offset += item.data.count
            }
            return ISOBoxWriter.fullBox("iloc", body, version: wide ? 2 : 1)
        }
        func meta(payloadStart: Int) -> [UInt8] {
            ISOBoxWriter.fullBox("meta", hdlr + pitm + iloc(payloadStart: payloadStart) + iinf + iref + iprp)
        }
        let payloadStart = ftyp.count + meta(payloadStart: 0).count + 8
        let payloadLength = items.reduce(0) { $0 + $1.data.count }
        guard payloadStart + payloadLength <= Int(UInt32.max) else {
            throw ImageError(.tooLarge, "a published copy of this HEIF file would be larger than 4 GiB")
        }
        return ftyp + meta(payloadStart: payloadStart) + ISOBoxWriter.box("mdat", items.flatMap(\.data))
    }

    /// `iprp`: `ipco` with each distinct property box once, and `ipma` pointing each item at its own.
    static func propertiesBox(_ items: [Item], wide: Bool) -> [UInt8] {
        var boxes: [[UInt8]] = []
        var indices: [[UInt8]: Int] = [:]
        var associations: [(id: UInt32, entries: [(index: Int, isEssential: Bool)])] = []
        for item in items where !item.properties.isEmpty {
            var entries: [(index: Int, isEssential: Bool)] = []
            for property in item.properties {
                let index =
                    indices[property.box]
                    ?? {
                        boxes.append(property.box)
                        indices[property.box] = boxes.count
                        return boxes.count
                    }()
                entries.append((index, property.isEssential))
            }
            associations.append((item.id, entries))
        }
        let wideIndex = boxes.count > 127
        var ipma: [UInt8] = []
        ISOBoxWriter.appendUInt32(UInt32(associations.count), to: &ipma)
        for (id, entries) in associations {
            if wide {
                ISOBoxWriter.appendUInt32(id, to: &ipma)
            } else {
                ISOBoxWriter.appendUInt16(UInt16(id), to: &ipma)
            }
            ipma.append(UInt8(min(entries.count, 255)))
            for entry in entries.prefix(255) {
                if wideIndex {
                    ISOBoxWriter.appendUInt16(UInt16(entry.index) | (entry.isEssential ? 0x8000 : 0), to: &ipma)
                } else {
                    ipma.append(UInt8(entry.index) | (entry.isEssential ? 0x80 : 0))
                }
            }
        }
        return ISOBoxWriter.box(
            "iprp",
            ISOBoxWriter.box("ipco", boxes.flatMap { $0 })
                + ISOBoxWriter.fullBox("ipma", ipma, version: wide ? 1 : 0, flags: wideIndex ? 1 : 0))
    }
}
