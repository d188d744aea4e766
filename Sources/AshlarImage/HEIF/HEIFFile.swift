/// A HEIF file (ISO/IEC 23008-12), read through the one ISO BMFF box reader: its brands, and the
/// `meta` box's items, their locations, references and properties. Image and metadata items are
/// given as bytes (`data(of:)`); the HEVC (or AV1) coding is for the decoders.
///
/// Every count and length from the file is bounded by `HEIFLimits`; every range handed out lies
/// inside the file. Problems throw `HEIFError`, naming the box and the item.
package struct HEIFFile: Sendable {
    /// The bytes read: the whole file, or a prefix that holds the `meta` box (the header reader's case).
    package let window: ByteWindow
    /// The file's length; larger than `window.count` when the window is a prefix.
    package let fileLength: Int
    package let brands: HEIFBrands
    /// The `hdlr` handler type (`pict` for images), or nil when there is no `hdlr`.
    package let handler: String?
    /// The `pitm` item, or nil when there is no `pitm`.
    package let primaryItemID: UInt32?
    /// The items of `iinf`, in its order.
    package let items: [HEIFItem]
    /// `iloc`, by item.
    package let locations: [UInt32: HEIFItemLocation]
    /// `iref`, in its order.
    package let references: [HEIFReference]
    /// `ipco`, in its order (`ipma` index 1 is the first).
    package let properties: [HEIFProperty]
    /// `ipma`, by item: 0-based indices into `properties` with their essential flags, in order.
    let associations: [UInt32: [(index: Int, isEssential: Bool)]]
    /// Where the `idat` payload lies in the file, when there is one.
    package let itemDataRange: Range<Int>?
    package let limits: HEIFLimits
    let itemPositions: [UInt32: Int]

    /// Reads a whole file: `ftyp` first, naming a HEIF brand; a `meta` box with an `hdlr` of
    /// `pict`, a `pitm` that `iinf` lists, and `iloc` entries that lie inside the file.
    package init(_ bytes: [UInt8], limits: HEIFLimits = .standard) throws(HEIFError) {
        let window = ByteWindow(bytes)
        let (brands, meta) = try Self.topLevel(window, limits: limits)
        try self.init(window, meta: meta, brands: brands, fileLength: bytes.count, limits: limits)
        guard let handler else { throw .missingBox("hdlr") }
        guard handler == "pict" else { throw .notPictureHandler(handler) }
        guard let primaryItemID else { throw .noPrimaryItem }
        guard itemPositions[primaryItemID] != nil else { throw .primaryNotListed(primaryItemID) }
        for item in items where locations[item.id] != nil { _ = try ranges(of: item.id) }
    }

    /// Reads the `meta` box `meta` of `file` without asking for anything it may lack (the AVIF
    /// header reader's lenient reading): `pitm`, `iinf`, `iloc` and `iprp` may each be missing.
    /// - Parameter fileLength: the whole file's length when `file` is a prefix of it.
    package init(
        _ file: ByteWindow, meta: ISOBoxReader.Box, brands: HEIFBrands, fileLength: Int? = nil,
        limits: HEIFLimits = .standard
    ) throws(HEIFError) {
        var contents = HEIFMetaContents(limits: limits)
        try contents.read(file, meta: meta)
        self.window = file
        self.fileLength = max(fileLength ?? file.count, file.count)
        self.brands = brands
        self.handler = contents.handler
        self.primaryItemID = contents.primaryItemID
        self.items = contents.items
        self.locations = contents.locations
        self.references = contents.references
        self.properties = contents.properties
        self.associations = contents.associations
        self.itemDataRange = contents.itemDataRange
        self.limits = limits
        var positions: [UInt32: Int] = [:]
        for (position, item) in contents.items.enumerated() { positions[item.id] = position }
        self.itemPositions = positions
    }

    /// The `ftyp` brands and the `meta` box of a whole file.
    static func topLevel(_ file: ByteWindow, limits: HEIFLimits) throws(HEIFError) -> (HEIFBrands, ISOBoxReader.Box) {
        var offset = 0
        var brands: HEIFBrands?
        for _ in 0..<ISOBoxReader.maximumBoxes {
            guard offset < file.count else { break }
            let box: ISOBoxReader.Box
            switch ISOBoxReader.header(file, at: offset, end: file.count, largest: Int.max) {
            case .box(let found): box = found
            case .needs(let needed): throw .truncated(box: "file", needs: needed)
            case .damaged(let type, _): throw .damagedBox(type: type, offset: offset)
            }
            if offset == 0 {
                guard box.type == "ftyp" else { throw .noFileType }
                brands = try Self.brands(file, ftyp: box)
            } else if box.type == "meta", let brands {
                return (brands, box)
            }
            offset = box.end
        }
        if brands == nil { throw .noFileType }
        throw .missingBox("meta")
    }

    static func brands(_ file: ByteWindow, ftyp: ISOBoxReader.Box) throws(HEIFError) -> HEIFBrands {
        var fields = HEIFFields(file, box: ftyp)
        let major = try fields.fourCC()
        let minor = try fields.u32()
        var compatible: [String] = []
        while fields.remaining >= 4, compatible.count < 1_000 { compatible.append(try fields.fourCC()) }
        return HEIFBrands(major: major, minorVersion: minor, compatible: compatible)
    }

    /// The item with this ID, or nil.
    package func item(_ id: UInt32) -> HEIFItem? {
        itemPositions[id].map { items[$0] }
    }

    /// The item with this ID; throws when `iinf` does not list it.
    package func requireItem(_ id: UInt32) throws(HEIFError) -> HEIFItem {
        guard let item = item(id) else { throw .unknownItem(id) }
        return item
    }
}
