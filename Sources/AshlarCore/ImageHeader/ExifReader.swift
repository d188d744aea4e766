import AshlarImage

/// The EXIF fields a header read needs, from a TIFF structure (the body of a JPEG `APP1 Exif`
/// segment, a PNG `eXIf` chunk, a WebP `EXIF` chunk): orientation, date, the camera and its
/// settings, and the text a photographer or Windows Explorer wrote. Broken EXIF yields no fields
/// rather than an error: the image itself is still fine. GPS is only noticed (`hasLocation`),
/// never read.
struct ExifReader {
    var orientation: Int?
    var date: PhotoDate?
    /// `ImageDescription`, `Artist`, `Copyright`, `UserComment` and the Windows `XP…` tags.
    var text = ExifText()
    /// The camera, its lens and its settings.
    var camera = ExifCamera()
    /// Whether the EXIF records where the photo was taken (`TIFFReader.recordsLocation`, which
    /// `LocationRecord.inEXIF` answers with).
    var hasLocation = false
    /// Text fields that could not be decoded.
    var warnings: [String] = []

    /// The text and camera fields as metadata; nil when there are none.
    var metadata: PhotoMetadata? {
        guard let text = text.metadata else { return camera.metadata }
        return camera.metadata.map { text.merged(over: $0) } ?? text
    }

    /// Reads `tiff`, which starts with `II*\0` or `MM\0*`, with AshlarImage's `TIFFReader` (the one
    /// reader of TIFF structures: offsets checked, counts capped, loops stopped). A leading
    /// `Exif\0\0` is skipped.
    /// With `cameraRAW`, `tiff` may be a camera RAW file's start (`IIU\0`, `IIRO`: `TIFFReader`).
    init(tiff window: ByteWindow, cameraRAW: Bool = false) {
        var bytes = Array(window.slice(0, count: window.count) ?? [])
        if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
        guard let tiff = TIFFReader(bytes, cameraRAW: cameraRAW), let ifd0 = tiff.ifd(at: tiff.firstIFD) else { return }
        orientation = tiff.orientation
        hasLocation = tiff.recordsLocation
        var exifIFD: Int?
        for entry in ifd0.entries {
            switch entry.tag {
            case 0x010F: camera.make = Self.text(tiff, entry: entry)
            case 0x0110: camera.model = Self.text(tiff, entry: entry)
            case 0x010E: text.imageDescription = Self.text(tiff, entry: entry)
            case 0x013B: text.artist = Self.text(tiff, entry: entry)
            case 0x8298: text.copyright = Self.copyright(tiff, entry: entry)
            case 0x8769: exifIFD = tiff.integer(of: entry)
            case 0x9C9B: text.xpTitle = windowsText(tiff, entry: entry, name: "XPTitle")
            case 0x9C9C: text.xpComment = windowsText(tiff, entry: entry, name: "XPComment")
            case 0x9C9D: text.xpAuthor = windowsText(tiff, entry: entry, name: "XPAuthor")
            case 0x9C9E: text.xpKeywords = windowsText(tiff, entry: entry, name: "XPKeywords")
            case 0x9C9F: text.xpSubject = windowsText(tiff, entry: entry, name: "XPSubject")
            default: break
            }
        }
        guard let exifIFD, let exif = tiff.ifd(at: exifIFD) else { return }
        var original: String?
        var originalOffset: String?
        var digitized: String?
        var digitizedOffset: String?
        for entry in exif.entries {
            switch entry.tag {
            case 0x9003: original = Self.text(tiff, entry: entry)
            case 0x9004: digitized = Self.text(tiff, entry: entry)
            case 0x9011: originalOffset = Self.text(tiff, entry: entry)
            case 0x9012: digitizedOffset = Self.text(tiff, entry: entry)
            case 0x9286: text.userComment = userComment(tiff, entry: entry)
            default: break
            }
        }
        camera.readEXIFIFD(exif.entries, in: tiff) { Self.text(tiff, entry: $0) }
        date = Self.date(original, offset: originalOffset) ?? Self.date(digitized, offset: digitizedOffset)
    }

    /// The bytes of a BYTE, ASCII or UNDEFINED value, at most 64 KiB.
    private static func data(_ tiff: TIFFReader, entry: TIFFReader.Entry) -> ArraySlice<UInt8>? {
        guard [1, 2, 7].contains(entry.type), entry.count <= 65_535, let range = tiff.valueRange(of: entry) else {
            return nil
        }
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
    private mutating func windowsText(_ tiff: TIFFReader, entry: TIFFReader.Entry, name: String) -> String? {
        guard let bytes = Self.data(tiff, entry: entry) else { return nil }
        guard let decoded = ExifText.utf16(bytes, bigEndian: false) else {
            warnings.append("its EXIF \(name) is not valid UTF-16; it is ignored")
            return nil
        }
        return ExifText.nonEmpty(decoded)
    }

    /// `UserComment`: an 8-byte character code, then the text.
    private mutating func userComment(_ tiff: TIFFReader, entry: TIFFReader.Entry) -> String? {
        guard let bytes = Self.data(tiff, entry: entry), bytes.count > 8 else { return nil }
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
                warnings.append("its EXIF UserComment is not valid UTF-16; it is ignored")
                return nil
            }
            return ExifText.nonEmpty(decoded)
        }
        // ASCII and undefined codes; JIS text is not decoded.
        guard code.elementsEqual("ASCII\0\0\0".utf8) || code.allSatisfy({ $0 == 0 }) else { return nil }
        if let nul = body.firstIndex(of: 0) { body = body[..<nul] }
        return ExifText.nonEmpty(ExifText.decode(body))
    }

    private static func date(_ text: String?, offset: String?) -> PhotoDate? {
        guard let text, !PhotoDate.isPlaceholder(text), let date = PhotoDate(parsing: text) else { return nil }
        return date.withOffsetIfMissing(offset.flatMap(PhotoDate.utcOffsetMinutes(parsing:)))
    }
}
