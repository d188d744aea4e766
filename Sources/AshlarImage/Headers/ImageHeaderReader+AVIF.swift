extension ImageHeaderReader {
    typealias Box = ISOBoxReader.Box

    /// Boxes per container beyond this are not read.
    static var maximumBoxes: Int { ISOBoxReader.maximumBoxes }

    /// Reads an AVIF (ISO BMFF) file: checks the `ftyp` brands, then reads the primary item's
    /// `ispe` (size), `irot` (rotation) and `imir` (mirror) properties from `meta`/`iprp`, and an
    /// XMP item (`mime`, `application/rdf+xml`) when there is one.
    static func scanAVIF(_ file: ByteWindow) -> HeaderScan {
        var offset = 0
        var boxCount = 0
        while boxCount < maximumBoxes {
            boxCount += 1
            let box: Box
            switch ISOBoxReader.header(file, at: offset, end: nil) {
            case .box(let found): box = found
            case .needs(let needed): return .needs(needed)
            case .damaged(let type, .tooLarge): return .invalid("AVIF box '\(type)' is too large")
            case .damaged(let type, .tooSmall(let size)):
                return .invalid("AVIF box '\(type)' at byte \(offset) has size \(size)")
            case .damaged: return .invalid("AVIF has no 'meta' box")
            }
            let type = box.type
            let size = box.end - box.start
            if file.u32(offset) == 0, type != "meta" { return .invalid("AVIF has no 'meta' box") }
            if offset == 0 {
                guard type == "ftyp", size <= 4096 else { return .invalid("AVIF has a damaged 'ftyp' box") }
                guard file.contains(0, count: size) else { return .needs(size) }
                var brands: [String] = []
                for brandOffset in stride(from: 8, to: size, by: 4) where brandOffset != 12 {
                    if let brand = file.slice(brandOffset, count: 4) {
                        brands.append(String(decoding: brand, as: UTF8.self))
                    }
                }
                guard brands.contains("avif") || brands.contains("avis") else { return .notAVIF }
            } else if type == "meta" {
                guard file.contains(0, count: offset + size) else { return .needs(offset + size) }
                return readMeta(file, box)
            }
            offset += size
        }
        return .invalid("AVIF has no 'meta' box")
    }

    private static func readMeta(_ file: ByteWindow, _ meta: Box) -> HeaderScan {
        let damaged = HeaderScan.invalid("AVIF metadata is damaged")
        guard let metaChildren = children(file, of: meta) else { return damaged }
        var primary: UInt32?
        var properties: [Box] = []
        var associations: [UInt32: [Int]] = [:]
        for child in metaChildren {
            if child.type == "pitm", let version = file.u8(child.payloadStart) {
                primary =
                    version == 0 ? file.u16(child.payloadStart + 4).map(UInt32.init) : file.u32(child.payloadStart + 4)
            }
            guard child.type == "iprp" else { continue }
            guard let iprpChildren = children(file, of: child) else { return damaged }
            for container in iprpChildren {
                if container.type == "ipco" {
                    guard let found = children(file, of: container) else { return damaged }
                    properties = found
                } else if container.type == "ipma" {
                    guard let found = readAssociations(file, container) else { return damaged }
                    associations.merge(found) { first, _ in first }
                }
            }
        }
        let indices: [Int] = primary.flatMap { associations[$0] } ?? Array(properties.indices.map { $0 + 1 })
        let associated = indices.compactMap { properties.indices.contains($0 - 1) ? properties[$0 - 1] : nil }
        guard let ispe = associated.first(where: { $0.type == "ispe" }),
            let width = file.u32(ispe.payloadStart + 4), let height = file.u32(ispe.payloadStart + 8),
            ispe.payloadStart + 12 <= ispe.end
        else { return .invalid("AVIF has no image size ('ispe') for its primary image") }
        let rotation =
            associated.first { $0.type == "irot" }.flatMap { file.u8($0.payloadStart) }.map { Int($0 & 3) } ?? 0
        let mirror = associated.first { $0.type == "imir" }.flatMap { file.u8($0.payloadStart) }.map { Int($0 & 1) }
        var header = ImageHeader(
            format: .avif, width: Int(width), height: Int(height),
            orientation: ExifOrientation.value(heifRotation: rotation, mirrorAxis: mirror))
        if let extent = xmpItemExtent(file, metaChildren: metaChildren) {
            guard file.contains(extent.offset, count: extent.length) else {
                return .partial(header, needs: extent.offset + extent.length)
            }
            header.embedded.xmp = Array(file.slice(extent.offset, count: extent.length) ?? [])
        }
        return .header(header)
    }

    /// The boxes inside `parent`'s payload, or nil when one of them does not fit.
    static func children(_ file: ByteWindow, of parent: Box) -> [Box]? {
        ISOBoxReader.children(file, of: parent)
    }

    /// `ipma`: item ID -> 1-based indices into `ipco`, in the order they apply.
    private static func readAssociations(_ file: ByteWindow, _ ipma: Box) -> [UInt32: [Int]]? {
        let box = file.window(ipma.start, count: ipma.end - ipma.start)
        var offset = ipma.payloadStart - ipma.start
        guard let version = box.u8(offset), let flags = box.u24(offset + 1), let entryCount = box.u32(offset + 4) else {
            return nil
        }
        offset += 8
        var associations: [UInt32: [Int]] = [:]
        for _ in 0..<min(Int(entryCount), maximumBoxes) {
            let itemID: UInt32
            if version < 1 {
                guard let id = box.u16(offset) else { return nil }
                itemID = UInt32(id)
                offset += 2
            } else {
                guard let id = box.u32(offset) else { return nil }
                itemID = id
                offset += 4
            }
            guard let count = box.u8(offset) else { return nil }
            offset += 1
            var indices: [Int] = []
            for _ in 0..<count {
                if flags & 1 != 0 {
                    guard let value = box.u16(offset) else { return nil }
                    indices.append(Int(value & 0x7FFF))
                    offset += 2
                } else {
                    guard let value = box.u8(offset) else { return nil }
                    indices.append(Int(value & 0x7F))
                    offset += 1
                }
            }
            if associations[itemID] == nil { associations[itemID] = indices }
        }
        return associations
    }
}
