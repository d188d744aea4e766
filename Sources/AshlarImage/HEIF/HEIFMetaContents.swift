/// What the children of a `meta` box say, gathered box by box before they become a `HEIFFile`.
struct HEIFMetaContents {
    let limits: HEIFLimits
    var handler: String?
    var primaryItemID: UInt32?
    var items: [HEIFItem] = []
    var locations: [UInt32: HEIFItemLocation] = [:]
    var references: [HEIFReference] = []
    var properties: [HEIFProperty] = []
    var associations: [UInt32: [(index: Int, isEssential: Bool)]] = [:]
    var itemDataRange: Range<Int>?

    init(limits: HEIFLimits) {
        self.limits = limits
    }

    /// Reads the boxes of `meta` that describe items; others (`dinf`, `grpl`, `free`) are skipped.
    /// The first box of each type counts; ISO/IEC 14496-12 allows one of each.
    mutating func read(_ file: ByteWindow, meta: ISOBoxReader.Box) throws(HEIFError) {
        guard let children = ISOBoxReader.children(file, of: meta) else {
            throw Self.damage(file, in: meta)
        }
        var seen: Set<String> = []
        for child in children where seen.insert(child.type).inserted {
            switch child.type {
            case "hdlr": try readHandler(file, child)
            case "pitm": try readPrimaryItem(file, child)
            case "iinf": try readItemInfo(file, child)
            case "iloc": try readLocations(file, child)
            case "iref": try readReferences(file, child)
            case "iprp": try readItemProperties(file, child)
            case "idat": itemDataRange = child.payloadStart..<child.end
            default: break
            }
        }
    }

    /// The error for a container whose children do not fit: the first child that does not.
    static func damage(_ file: ByteWindow, in parent: ISOBoxReader.Box) -> HEIFError {
        var offset = parent.payloadStart
        var count = 0
        while offset < parent.end, count < ISOBoxReader.maximumBoxes {
            count += 1
            guard case .box(let box) = ISOBoxReader.header(file, at: offset, end: parent.end) else {
                let type = String(decoding: file.slice(offset + 4, count: 4) ?? [], as: UTF8.self)
                return .damagedBox(type: type.isEmpty ? parent.type : type, offset: offset)
            }
            offset = box.end
        }
        return .tooMany(what: "boxes in '\(parent.type)'", count: count, limit: ISOBoxReader.maximumBoxes)
    }

    private mutating func readHandler(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        var fields = HEIFFields(file, box: box)
        _ = try fields.versionAndFlags()
        _ = try fields.u32()
        handler = try fields.fourCC()
    }

    private mutating func readPrimaryItem(_ file: ByteWindow, _ box: ISOBoxReader.Box) throws(HEIFError) {
        var fields = HEIFFields(file, box: box)
        let (version, _) = try fields.versionAndFlags()
        guard version <= 1 else { throw .unsupportedVersion(box: "pitm", version: version) }
        primaryItemID = try fields.itemID(wide: version == 1)
    }

    /// The children of a box whose own fields take `skip` bytes first (`iinf`'s entry count).
    static func children(_ file: ByteWindow, of box: ISOBoxReader.Box, skip: Int) throws(HEIFError)
        -> [ISOBoxReader.Box]
    {
        guard box.payloadStart + skip <= box.end else { throw .shortBox(box.type) }
        let inner = ISOBoxReader.Box(
            type: box.type, start: box.start, payloadStart: box.payloadStart + skip, end: box.end)
        guard let children = ISOBoxReader.children(file, of: inner) else { throw damage(file, in: inner) }
        return children
    }
}
