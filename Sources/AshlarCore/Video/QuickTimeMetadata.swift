import AshlarImage

/// What an MP4 or QuickTime file's metadata boxes say, gathered as they are walked: the title,
/// the XMP packet, and a patch for every box that records a location.
///
/// Locations: `©xyz` (Apple's and Android's `udta`, also as an `ilst` item), 3GPP `loci`, every
/// `ilst` value whose `keys` name starts with `com.apple.quicktime.location.`, and XMP (a `uuid`
/// or `XMP_` box) with any location property (``LocationRecord/inXMP(_:)``). The `keys` entries
/// themselves stay: they name no place, and the `ilst` items they indexed are gone.
struct QuickTimeMetadata {
    private(set) var xmp: [UInt8]?
    private(set) var patches: [VideoPatch] = []
    private var keysTitle: String?
    private var itemTitle: String?
    private var userDataTitle: String?

    /// Boxes nested deeper than this are not walked.
    static let maximumDepth = 16
    /// The boxes whose children are walked for metadata.
    static let containers: Set<String> = ["moov", "trak", "udta", "meta"]
    /// The prefix of the `keys` names of Apple's location values.
    static let locationKeyPrefix = "com.apple.quicktime.location."

    /// The title, Apple's `com.apple.quicktime.title` first, then an `ilst` `©nam`, then `udta`'s.
    var title: String? { keysTitle ?? itemTitle ?? userDataTitle }

    /// Walks `box` in `file` (whose byte 0 is the file's byte `base`) and what it holds.
    mutating func scan(
        _ file: ByteWindow, _ box: ISOBoxReader.Box, format: VideoFormat, base: Int, parent: String = "",
        depth: Int = 0
    ) throws(VideoReadError) {
        switch box.type {
        case "©xyz", "loci":
            patches.append(Self.free(file, box, base: base))
        case "XMP_":
            found(xmp: file, box.payloadStart..<box.end, box, base: base)
        case "uuid":
            guard file.slice(box.payloadStart, count: 16).map(Array.init) == VideoReader.xmpUUID else { return }
            found(xmp: file, box.payloadStart + 16..<box.end, box, base: base)
        case "©nam" where parent == "udta":
            if userDataTitle == nil { userDataTitle = Self.userDataString(file, box) }
        default:
            guard Self.containers.contains(box.type) else { return }
            guard depth < Self.maximumDepth else {
                throw VideoReadError("\(format.name) boxes are nested too deeply", offset: base + box.start)
            }
            let boxes = try VideoReader.children(file, of: box, format, base: base)
            let keys = boxes.first { $0.type == "keys" }.map { Self.keyNames(file, $0) } ?? []
            for ilst in boxes where ilst.type == "ilst" {
                try scanItems(file, ilst, keys: keys, format: format, base: base)
            }
            for child in boxes where child.type != "ilst" {
                try scan(file, child, format: format, base: base, parent: box.type, depth: depth + 1)
            }
        }
    }

    /// An `ilst`: items named by a four-character code (`©nam`, `©xyz`) or, with `keys`, by a
    /// 1-based index into them; each holds a `data` box.
    private mutating func scanItems(
        _ file: ByteWindow, _ ilst: ISOBoxReader.Box, keys: [String], format: VideoFormat, base: Int
    ) throws(VideoReadError) {
        for item in try VideoReader.children(file, of: ilst, format, base: base) {
            let index = file.u32(item.start + 4).map(Int.init) ?? 0
            let key = keys.isEmpty ? nil : keys.indices.contains(index - 1) ? keys[index - 1] : nil
            if item.type == "©xyz" || key?.hasPrefix(Self.locationKeyPrefix) == true {
                patches.append(Self.free(file, item, base: base))
            } else if key == "com.apple.quicktime.title" {
                if keysTitle == nil { keysTitle = Self.dataString(file, item) }
            } else if item.type == "©nam", keys.isEmpty {
                if itemTitle == nil { itemTitle = Self.dataString(file, item) }
            }
        }
    }

    private mutating func found(xmp file: ByteWindow, _ range: Range<Int>, _ box: ISOBoxReader.Box, base: Int) {
        guard let packet = file.slice(range.lowerBound, count: range.count).map(Array.init) else { return }
        if xmp == nil { xmp = packet }
        if LocationRecord.inXMP(packet) { patches.append(Self.free(file, box, base: base)) }
    }

    /// A patch that turns `box` into a `free` box of the same size: its size field (and 64-bit
    /// size) kept, its type `free`, everything after the header zero.
    static func free(_ file: ByteWindow, _ box: ISOBoxReader.Box, base: Int) -> VideoPatch {
        var bytes = Array(file.slice(box.start, count: 4) ?? [0, 0, 0, 8])
        bytes += Array("free".utf8)
        if box.headerSize == 16 { bytes += Array(file.slice(box.start + 8, count: 8) ?? []) }
        return VideoPatch(offset: base + box.start, bytes: bytes, zeros: max(0, box.end - box.start - bytes.count))
    }

    /// `keys`: a full box, an entry count, then entries of a size, a namespace and a name.
    private static func keyNames(_ file: ByteWindow, _ keys: ISOBoxReader.Box) -> [String] {
        var names: [String] = []
        var offset = keys.payloadStart + 8
        while names.count < ISOBoxReader.maximumBoxes, let size = file.u32(offset).map(Int.init), size >= 8,
            offset <= keys.end - size, let name = file.slice(offset + 8, count: size - 8)
        {
            names.append(String(decoding: name, as: UTF8.self))
            offset += size
        }
        return names
    }

    /// The text of an item's `data` box: type 1 (UTF-8) after 8 bytes of type and locale.
    private static func dataString(_ file: ByteWindow, _ item: ISOBoxReader.Box) -> String? {
        guard case .box(let data) = ISOBoxReader.header(file, at: item.payloadStart, end: item.end),
            data.type == "data", file.u32(data.payloadStart) == 1,
            let text = file.slice(data.payloadStart + 8, count: data.end - data.payloadStart - 8)
        else { return nil }
        return nonEmpty(String(decoding: text, as: UTF8.self))
    }

    /// A QuickTime user-data string: a 2-byte length, a 2-byte language, the text; or, as some
    /// writers put it, a `data` box.
    private static func userDataString(_ file: ByteWindow, _ box: ISOBoxReader.Box) -> String? {
        if file.matches("data", at: box.payloadStart + 4) { return dataString(file, box) }
        guard let length = file.u16(box.payloadStart).map(Int.init), box.payloadStart + 4 + length <= box.end,
            let text = file.slice(box.payloadStart + 4, count: length)
        else { return nil }
        return nonEmpty(String(decoding: text, as: UTF8.self))
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = String(
            text.drop { $0 == " " || $0 == "\0" }.reversed().drop { $0 == " " || $0 == "\0" }.reversed())
        return trimmed.isEmpty ? nil : trimmed
    }
}
