/// What an MP4 or QuickTime file's metadata boxes say, gathered as they are walked: the title,
/// the XMP packet, and whether any of them records a location (for the warning when the file is
/// published as it is; the published copy keeps none of these boxes, ``ISOAllowlist``).
///
/// Locations: `©xyz` (Apple's and Android's `udta`, also as an `ilst` item), 3GPP `loci`, every
/// `ilst` value whose `keys` name has `location` in it (Apple's `com.apple.quicktime.location.…`,
/// ffmpeg's `location`), and XMP (a `uuid` or `XMP_` box) with any location property
/// (``LocationRecord/inXMP(_:)``).
package struct QuickTimeMetadata {
    private(set) var xmp: [UInt8]?
    private(set) var recordsLocation = false
    private var keysTitle: String?
    private var itemTitle: String?
    private var userDataTitle: String?

    /// Boxes nested deeper than this are not walked.
    static let maximumDepth = 16
    /// The boxes whose children are walked for metadata.
    static let containers: Set<String> = ["moov", "trak", "udta", "meta"]
    /// The `uuid` of a Garmin VIRB's GPS log.
    static let garminGPSUUID: [UInt8] = [
        0x9B, 0x63, 0x0F, 0x8D, 0x63, 0x74, 0x40, 0xEC, 0x82, 0x04, 0xBC, 0x5F, 0xF5, 0x09, 0x17, 0x28,
    ]
    /// What the `keys` names of location values have in them.
    static let locationKeyWord = "location"

    /// The title, Apple's `com.apple.quicktime.title` first, then an `ilst` `©nam`, then `udta`'s.
    var title: String? { keysTitle ?? itemTitle ?? userDataTitle }

    /// Walks `box` in `file` (whose byte 0 is the file's byte `base`) and what it holds.
    mutating func scan(
        _ file: ByteWindow, _ box: ISOBoxReader.Box, format: VideoFormat, base: Int, parent: String = "",
        depth: Int = 0
    ) throws(VideoReadError) {
        switch box.type {
        case "©xyz", "loci":
            recordsLocation = true
        case "XMP_":
            found(xmp: file, box.payloadStart..<box.end)
        case "uuid":
            let uuid = file.slice(box.payloadStart, count: 16).map(Array.init)
            if uuid == Self.garminGPSUUID { recordsLocation = true }
            guard uuid == VideoReader.xmpUUID else { return }
            found(xmp: file, box.payloadStart + 16..<box.end)
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
            if item.type == "©xyz" || key?.lowercased().contains(Self.locationKeyWord) == true {
                recordsLocation = true
            } else if key == "com.apple.quicktime.title" {
                if keysTitle == nil { keysTitle = Self.dataString(file, item) }
            } else if item.type == "©nam", keys.isEmpty {
                if itemTitle == nil { itemTitle = Self.dataString(file, item) }
            }
        }
    }

    private mutating func found(xmp file: ByteWindow, _ range: Range<Int>) {
        guard let packet = file.slice(range.lowerBound, count: range.count).map(Array.init) else { return }
        if xmp == nil { xmp = packet }
        if LocationRecord.inXMP(packet) { recordsLocation = true }
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
