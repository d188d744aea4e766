/// The few EXIF fields a header read needs, from a TIFF structure (the body of a JPEG `APP1 Exif`
/// segment, a PNG `eXIf` chunk, a WebP `EXIF` chunk). Broken EXIF yields no fields rather than
/// an error: the image itself is still fine.
struct ExifReader {
    var orientation: Int?
    var description: String?
    var date: PhotoDate?

    /// Entries per IFD beyond this are not read; real files have a few dozen.
    static let maximumEntries = 1000

    /// Reads `tiff`, which starts with `II*\0` or `MM\0*`. A leading `Exif\0\0` is skipped.
    init(tiff window: ByteWindow) {
        var tiff = window
        if tiff.matches("Exif\0\0", at: 0) { tiff = tiff.window(6, count: -1) }
        if tiff.matches("II", at: 0) {
            tiff.bigEndian = false
        } else if tiff.matches("MM", at: 0) {
            tiff.bigEndian = true
        } else {
            return
        }
        guard tiff.u16(2) == 42, let ifd0 = tiff.u32(4) else { return }
        var exifIFD: UInt32?
        Self.walk(tiff, ifd: Int(ifd0)) { tag, entry in
            switch tag {
            case 0x0112:
                if let value = Self.integer(tiff, entry: entry), (1...8).contains(value) { orientation = value }
            case 0x010E:
                if let text = Self.text(tiff, entry: entry), !text.isEmpty { description = text }
            case 0x8769:
                exifIFD = tiff.u32(entry + 8)
            default: break
            }
        }
        guard let exifIFD else { return }
        var original: String?
        var originalOffset: String?
        var digitized: String?
        var digitizedOffset: String?
        Self.walk(tiff, ifd: Int(exifIFD)) { tag, entry in
            switch tag {
            case 0x9003: original = Self.text(tiff, entry: entry)
            case 0x9004: digitized = Self.text(tiff, entry: entry)
            case 0x9011: originalOffset = Self.text(tiff, entry: entry)
            case 0x9012: digitizedOffset = Self.text(tiff, entry: entry)
            default: break
            }
        }
        date = Self.date(original, offset: originalOffset) ?? Self.date(digitized, offset: digitizedOffset)
    }

    private static func walk(_ tiff: ByteWindow, ifd: Int, _ visit: (_ tag: UInt16, _ entry: Int) -> Void) {
        guard let count = tiff.u16(ifd) else { return }
        for index in 0..<min(Int(count), maximumEntries) {
            let entry = ifd + 2 + 12 * index
            guard tiff.contains(entry, count: 12), let tag = tiff.u16(entry) else { return }
            visit(tag, entry)
        }
    }

    /// A SHORT or LONG value.
    private static func integer(_ tiff: ByteWindow, entry: Int) -> Int? {
        switch tiff.u16(entry + 2) {
        case 3: tiff.u16(entry + 8).map(Int.init)
        case 4: tiff.u32(entry + 8).map(Int.init)
        default: nil
        }
    }

    /// An ASCII (or BYTE/UNDEFINED) value as text: UTF-8 when valid, else Latin-1, without
    /// trailing NULs and surrounding spaces.
    private static func text(_ tiff: ByteWindow, entry: Int) -> String? {
        guard let type = tiff.u16(entry + 2), [1, 2, 7].contains(type), let count32 = tiff.u32(entry + 4),
            count32 <= 65_535
        else { return nil }
        let count = Int(count32)
        let dataOffset: Int
        if count <= 4 {
            dataOffset = entry + 8
        } else {
            guard let offset = tiff.u32(entry + 8) else { return nil }
            dataOffset = Int(offset)
        }
        guard var data = tiff.slice(dataOffset, count: count) else { return nil }
        if let nul = data.firstIndex(of: 0) { data = data[..<nul] }
        let text = String(validating: data, as: UTF8.self) ?? String(data.map { Character(Unicode.Scalar($0)) })
        return text.trimmingSpaces
    }

    private static func date(_ text: String?, offset: String?) -> PhotoDate? {
        guard let text, !PhotoDate.isPlaceholder(text), let date = PhotoDate(parsing: text) else { return nil }
        return date.withOffsetIfMissing(offset.flatMap(PhotoDate.utcOffsetMinutes(parsing:)))
    }
}
