/// ISO BMFF boxes and EBML elements built by hand for the video tests.
enum VideoBoxes {
    /// A box of `type` (one byte a character, so `©xyz` is `A9 78 79 7A`) around `payload`.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(8 + payload.count) + typeBytes(type) + payload
    }

    /// The same with a 64-bit size.
    static func largeBox(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        [0, 0, 0, 1] + typeBytes(type) + u64(16 + payload.count) + payload
    }

    static func typeBytes(_ type: String) -> [UInt8] {
        type.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func u64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A full box's version and flags.
    static let versionAndFlags: [UInt8] = [0, 0, 0, 0]

    /// A `data` box holding UTF-8 text.
    static func data(_ text: String) -> [UInt8] {
        box("data", u32(1) + u32(0) + Array(text.utf8))
    }

    /// `keys` naming `names` (namespace `mdta`).
    static func keys(_ names: [String]) -> [UInt8] {
        box(
            "keys",
            versionAndFlags + u32(names.count)
                + names.flatMap { u32(8 + $0.utf8.count) + Array("mdta".utf8) + Array($0.utf8) })
    }

    /// A QuickTime `meta` (no version and flags) or an ISO one (with them).
    static func meta(quickTime: Bool, _ children: [UInt8]) -> [UInt8] {
        let hdlr = box("hdlr", versionAndFlags + [0, 0, 0, 0] + Array("mdta".utf8) + [UInt8](repeating: 0, count: 13))
        return box("meta", (quickTime ? [] : versionAndFlags) + hdlr + children)
    }

    /// A minimal movie: `mvhd` (timescale 600, 1,200 units), one video track of `width`×`height`
    /// (16.16 in `tkhd`, matrix for `rotation`) with an `avc1` sample entry, and `extra` boxes.
    static func movie(
        width: Int = 640, height: Int = 360, rotation: Int = 0, trackExtra: [UInt8] = [], extra: [UInt8] = []
    ) -> [UInt8] {
        let mvhd = box(
            "mvhd", versionAndFlags + u32(0) + u32(0) + u32(600) + u32(1200) + [UInt8](repeating: 0, count: 80))
        let one = 0x10000
        let (a, b) = [0: (one, 0), 90: (0, one), 180: (-one, 0), 270: (0, -one)][rotation] ?? (one, 0)
        let matrix = u32(a) + u32(b) + u32(0) + u32(-b) + u32(a) + u32(0) + u32(0) + u32(0) + u32(0x4000_0000)
        let tkhd = box(
            "tkhd",
            versionAndFlags + [UInt8](repeating: 0, count: 20) + [UInt8](repeating: 0, count: 16) + matrix
                + u32(width << 16) + u32(height << 16))
        let hdlr = box("hdlr", versionAndFlags + u32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 13))
        let entry = box(
            "avc1", [UInt8](repeating: 0, count: 24) + u16(width) + u16(height) + [UInt8](repeating: 0, count: 50))
        let stsd = box("stsd", versionAndFlags + u32(1) + entry)
        let mdia = box("mdia", hdlr + box("minf", box("stbl", stsd)))
        return box("moov", mvhd + box("trak", tkhd + mdia + trackExtra) + extra)
    }

    /// A file: `ftyp` (brand `isom`), then `boxes`.
    static func file(_ boxes: [UInt8]) -> [UInt8] {
        box("ftyp", Array("isom".utf8) + u32(0) + Array("isommp41".utf8)) + boxes
    }
}

extension VideoBoxes {
    /// A big-endian number from up to eight bytes.
    static func u64BigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
