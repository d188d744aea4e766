/// Reads the EXIF of a TIFF structure (the body of a JPEG `APP1 Exif` segment, a PNG `eXIf`
/// chunk, a WebP `EXIF` chunk, a camera RAW's start) into an `ExifRecord`: every text, rational
/// and whole-number value of IFD0 and the EXIF IFD by tag, as the file holds them. What they mean
/// for a photo is the catalog's business (AshlarCore's metadata field table). Broken EXIF yields
/// no values rather than an error: the image itself is still fine. GPS is only noticed
/// (`hasLocation`), never read.
package enum ExifReader {
    /// The longest value read: 64 KiB.
    static let maximumValueBytes = 65_535

    /// Reads `tiff`, which starts with `II*\0` or `MM\0*`, with `TIFFReader` (the one reader of
    /// TIFF structures: offsets checked, counts capped, loops stopped). A leading `Exif\0\0` is
    /// skipped. With `cameraRAW`, `tiff` may be a camera RAW file's start (`IIU\0`, `IIRO`).
    package static func read(tiff window: ByteWindow, cameraRAW: Bool = false) -> ExifRecord {
        var record = ExifRecord()
        var bytes = Array(window.slice(0, count: window.count) ?? [])
        if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
        guard let tiff = TIFFReader(bytes, cameraRAW: cameraRAW), let ifd0 = tiff.ifd(at: tiff.firstIFD) else {
            return record
        }
        record.orientation = tiff.orientation
        record.hasLocation = tiff.recordsLocation
        read(ifd0.entries, in: tiff, into: &record)
        guard let exifIFD = ifd0.entries.last(where: { $0.tag == ExifTag.exifIFD }).flatMap(tiff.integer(of:)),
            let exif = tiff.ifd(at: exifIFD)
        else { return record }
        read(exif.entries, in: tiff, into: &record)
        return record
    }

    /// Every entry's value by its type. Within an IFD a repeated tag's last entry wins; a tag
    /// IFD0 has keeps IFD0's value.
    private static func read(_ entries: [TIFFReader.Entry], in tiff: TIFFReader, into record: inout ExifRecord) {
        var texts: [Int: String?] = [:]
        var rationals: [Int: Double?] = [:]
        var integers: [Int: Int?] = [:]
        for entry in entries {
            switch entry.tag {
            case ExifTag.copyright: texts[entry.tag] = .some(copyright(tiff, entry: entry))
            case ExifTag.xpTitle...ExifTag.xpSubject: texts[entry.tag] = .some(windowsText(tiff, entry, &record))
            case ExifTag.userComment: texts[entry.tag] = .some(userComment(tiff, entry, &record))
            default:
                switch entry.type {
                case 2: texts[entry.tag] = .some(text(tiff, entry: entry))
                case 3, 4, 13: integers[entry.tag] = .some(tiff.integer(of: entry))
                case 5, 10: rationals[entry.tag] = .some(tiff.rational(of: entry))
                default: break
                }
            }
        }
        for case (let tag, let text?) in texts where record.texts[tag] == nil { record.texts[tag] = text }
        for case (let tag, let value?) in rationals where record.rationals[tag] == nil { record.rationals[tag] = value }
        for case (let tag, let value?) in integers where record.integers[tag] == nil { record.integers[tag] = value }
    }

    /// The bytes of a BYTE, ASCII or UNDEFINED value, at most 64 KiB.
    private static func data(_ tiff: TIFFReader, entry: TIFFReader.Entry) -> ArraySlice<UInt8>? {
        guard [1, 2, 7].contains(entry.type), entry.count <= maximumValueBytes, let range = tiff.valueRange(of: entry)
        else { return nil }
        return tiff.bytes[range]
    }

    /// An ASCII value as text (UTF-8 when valid, else Latin-1), up to its first NUL, trimmed;
    /// nil when empty.
    private static func text(_ tiff: TIFFReader, entry: TIFFReader.Entry) -> String? {
        guard var bytes = data(tiff, entry: entry) else { return nil }
        if let nul = bytes.firstIndex(of: 0) { bytes = bytes[..<nul] }
        return ExifText.nonEmpty(ExifText.decode(bytes))
    }

    /// `Copyright` holds the photographer's notice, then a NUL and the editor's; both are kept.
    private static func copyright(_ tiff: TIFFReader, entry: TIFFReader.Entry) -> String? {
        guard let bytes = data(tiff, entry: entry) else { return nil }
        let parts = bytes.split(separator: 0).compactMap { ExifText.nonEmpty(ExifText.decode($0)) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A Windows `XP…` tag: UTF-16LE in BYTE values, ending in a NUL.
    private static func windowsText(_ tiff: TIFFReader, _ entry: TIFFReader.Entry, _ record: inout ExifRecord)
        -> String?
    {
        guard let bytes = data(tiff, entry: entry) else { return nil }
        guard let decoded = ExifText.utf16(bytes, bigEndian: false) else {
            record.warnings.append("its EXIF \(ExifTag.name(entry.tag)) is not valid UTF-16; it is ignored")
            return nil
        }
        return ExifText.nonEmpty(decoded)
    }

    /// `UserComment`: an 8-byte character code, then the text.
    private static func userComment(_ tiff: TIFFReader, _ entry: TIFFReader.Entry, _ record: inout ExifRecord)
        -> String?
    {
        guard let bytes = data(tiff, entry: entry), bytes.count > 8 else { return nil }
        let code = bytes.prefix(8)
        var body = bytes.dropFirst(8)
        if code.elementsEqual("UNICODE\0".utf8) {
            // Written in the TIFF's byte order by most tools; a byte-order mark says otherwise.
            var bigEndian = tiff.bigEndian
            if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
                bigEndian = body.first == 0xFE
                body = body.dropFirst(2)
            }
            guard let decoded = ExifText.utf16(body, bigEndian: bigEndian) else {
                record.warnings.append("its EXIF UserComment is not valid UTF-16; it is ignored")
                return nil
            }
            return ExifText.nonEmpty(decoded)
        }
        // ASCII and undefined codes; JIS text is not decoded.
        guard code.elementsEqual("ASCII\0\0\0".utf8) || code.allSatisfy({ $0 == 0 }) else { return nil }
        if let nul = body.firstIndex(of: 0) { body = body[..<nul] }
        return ExifText.nonEmpty(ExifText.decode(body))
    }
}
