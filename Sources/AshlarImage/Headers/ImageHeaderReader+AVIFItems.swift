extension ImageHeaderReader {
    /// Where the file's XMP item lies: the item whose `infe` entry (in `iinf`) has type `mime` and
    /// content type `application/rdf+xml`, located by `iloc` (file offsets, one or more extents
    /// that follow each other). Nil when there is none or the boxes do not say it plainly.
    static func xmpItemExtent(_ file: ByteWindow, metaChildren: [Box]) -> (offset: Int, length: Int)? {
        guard let iinf = metaChildren.first(where: { $0.type == "iinf" }),
            let iloc = metaChildren.first(where: { $0.type == "iloc" }),
            let itemID = xmpItemID(file, iinf: iinf)
        else { return nil }
        return extent(file, iloc: iloc, itemID: itemID)
    }

    private static func xmpItemID(_ file: ByteWindow, iinf: Box) -> UInt32? {
        guard let version = file.u8(iinf.payloadStart) else { return nil }
        let entriesStart = iinf.payloadStart + 4 + (version == 0 ? 2 : 4)
        let entries = Box(type: "iinf", start: iinf.start, payloadStart: entriesStart, end: iinf.end)
        for infe in children(file, of: entries) ?? [] where infe.type == "infe" {
            guard let infeVersion = file.u8(infe.payloadStart), infeVersion >= 2 else { continue }
            var offset = infe.payloadStart + 4
            let id: UInt32?
            if infeVersion == 2 {
                id = file.u16(offset).map(UInt32.init)
                offset += 2
            } else {
                id = file.u32(offset)
                offset += 4
            }
            offset += 2
            guard let id, file.matches("mime", at: offset) else { continue }
            offset += 4
            // The item name, then the content type, each ending in a NUL.
            while offset < infe.end, let byte = file.u8(offset), byte != 0 { offset += 1 }
            let contentType = "application/rdf+xml\0"
            if file.matches(contentType, at: offset + 1), offset + 1 + contentType.utf8.count <= infe.end {
                return id
            }
        }
        return nil
    }

    private static func extent(_ file: ByteWindow, iloc: Box, itemID: UInt32) -> (offset: Int, length: Int)? {
        var offset = iloc.payloadStart
        guard let version = file.u8(offset), version <= 2, let sizes = file.u16(offset + 4) else { return nil }
        let offsetSize = Int(sizes >> 12)
        let lengthSize = Int(sizes >> 8 & 15)
        let baseOffsetSize = Int(sizes >> 4 & 15)
        let indexSize = version >= 1 ? Int(sizes & 15) : 0
        offset += 6
        let itemCount: Int
        if version < 2 {
            guard let count = file.u16(offset) else { return nil }
            itemCount = Int(count)
            offset += 2
        } else {
            guard let count = file.u32(offset) else { return nil }
            itemCount = Int(count)
            offset += 4
        }
        func number(_ size: Int) -> Int? {
            defer { offset += size }
            switch size {
            case 0: return 0
            case 4: return file.u32(offset).map(Int.init)
            case 8: return file.u64(offset).flatMap { $0 <= UInt64(Int32.max) ? Int($0) : nil }
            default: return nil
            }
        }
        for _ in 0..<min(itemCount, maximumBoxes) {
            guard offset < iloc.end else { return nil }
            let id: UInt32?
            if version < 2 {
                id = file.u16(offset).map(UInt32.init)
                offset += 2
            } else {
                id = file.u32(offset)
                offset += 4
            }
            var method = 0
            if version >= 1 {
                guard let value = file.u16(offset) else { return nil }
                method = Int(value & 15)
                offset += 2
            }
            offset += 2
            guard let base = number(baseOffsetSize), let extentCount = file.u16(offset) else { return nil }
            offset += 2
            var start: Int?
            var length = 0
            for _ in 0..<extentCount {
                if indexSize > 0 { guard number(indexSize) != nil else { return nil } }
                guard let extentOffset = number(offsetSize), let extentLength = number(lengthSize) else { return nil }
                if start == nil { start = base + extentOffset }
                // Only extents that follow each other make one packet.
                guard base + extentOffset == (start ?? 0) + length else { return nil }
                length += extentLength
            }
            guard id == itemID else { continue }
            guard method == 0, let start, length > 0, length <= maximumPrefix else { return nil }
            return (start, length)
        }
        return nil
    }
}
