extension ImageHeaderReader {
    /// Canon's `uuid` box that holds the 1,620 × 1,080 `PRVW` preview, after `moov`.
    static let canonPreviewUUID: [UInt8] = [
        0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16,
    ]
    /// Canon's `uuid` box in `moov` that holds the TIFF structures `CMT1` (IFD0) and `CMT2` (EXIF).
    static let canonMetadataUUID: [UInt8] = [
        0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48,
    ]

    /// What a Canon CR3's boxes say about its previews.
    package struct CR3Structure: Equatable {
        /// The embedded JPEGs as byte ranges of the file, largest first: track 1's full-size JPEG
        /// and the `PRVW` preview.
        package var previews: [Range<Int>] = []
        /// `CMT1`: IFD0 as a TIFF structure (orientation, make, model, text).
        package var ifd0: [UInt8]?
    }

    /// Whether `file` starts like a CR3: an `ftyp` box of brand `crx `.
    package static func isCR3(_ file: ByteWindow) -> Bool {
        file.matches("ftyp", at: 4) && file.matches("crx ", at: 8)
    }

    /// Reads a CR3's (ISO BMFF) top-level boxes from `file`, its first bytes, with the shared box reader
    /// (`ISOBoxReader`): `moov` (read whole when the window holds it) for track
    /// 1's first sample (`stsz`, `stco`/`co64`) and `CMT1`, and Canon's preview `uuid` for `PRVW`.
    /// Every range is checked against `fileSize`.
    package static func cr3Structure(_ file: ByteWindow, fileSize: Int) -> CR3Structure {
        var result = CR3Structure()
        guard isCR3(file) else { return result }
        var offset = 0
        var count = 0
        while count < maximumBoxes, case .box(let box) = ISOBoxReader.header(file, at: offset, end: fileSize) {
            count += 1
            let size = box.end - box.start
            if box.type == "moov", file.contains(offset, count: size) {
                readMoov(file, box, fileSize: fileSize, into: &result)
            } else if box.type == "uuid", file.slice(box.payloadStart, count: 16).map(Array.init) == canonPreviewUUID {
                if let range = prvwJPEG(file, after: box.payloadStart + 16, end: box.end, fileSize: fileSize) {
                    result.previews.append(range)
                }
            }
            offset += size
        }
        result.previews.sort { $0.count > $1.count }
        return result
    }

    /// The `PRVW` box's JPEG: the box sits within the first bytes after the uuid; its JPEG, after
    /// a few fields (sizes), starts with `FF D8 FF`, its length the four bytes before.
    private static func prvwJPEG(_ file: ByteWindow, after start: Int, end: Int, fileSize: Int) -> Range<Int>? {
        guard let prvw = (start..<start + 64).first(where: { file.matches("PRVW", at: $0) }) else { return nil }
        for jpeg in prvw + 4..<prvw + 48
        where file.u8(jpeg) == 0xFF && file.u8(jpeg + 1) == 0xD8 && file.u8(jpeg + 2) == 0xFF {
            guard let length = file.u32(jpeg - 4).map(Int.init), length > 2, jpeg <= min(end, fileSize) - length
            else { return nil }
            return jpeg..<jpeg + length
        }
        return nil
    }

    private static func readMoov(_ file: ByteWindow, _ moov: Box, fileSize: Int, into result: inout CR3Structure) {
        guard let boxes = children(file, of: moov) else { return }
        for box in boxes {
            if box.type == "uuid", file.slice(box.payloadStart, count: 16).map(Array.init) == canonMetadataUUID {
                let inner = Box(type: box.type, start: box.start, payloadStart: box.payloadStart + 16, end: box.end)
                if let cmt1 = children(file, of: inner)?.first(where: { $0.type == "CMT1" }) {
                    result.ifd0 = file.slice(cmt1.payloadStart, count: cmt1.end - cmt1.payloadStart).map(Array.init)
                }
            } else if box.type == "trak", result.previews.isEmpty,
                let range = firstSample(file, trak: box, fileSize: fileSize)
            {
                // Track 1 is the full-size JPEG; later tracks are the sensor data.
                result.previews.append(range)
            }
        }
    }

    /// The first sample of a track: its size (`stsz`) at its chunk's offset (`stco` or `co64`).
    private static func firstSample(_ file: ByteWindow, trak: Box, fileSize: Int) -> Range<Int>? {
        var box = trak
        for type in ["mdia", "minf", "stbl"] {
            guard let next = children(file, of: box)?.first(where: { $0.type == type }) else { return nil }
            box = next
        }
        guard let table = children(file, of: box), let stsz = table.first(where: { $0.type == "stsz" }),
            let fixed = file.u32(stsz.payloadStart + 4)
        else { return nil }
        let size = fixed != 0 ? fixed : file.u32(stsz.payloadStart + 12)
        var offset: Int?
        if let stco = table.first(where: { $0.type == "stco" }) {
            offset = file.u32(stco.payloadStart + 8).map(Int.init)
        } else if let co64 = table.first(where: { $0.type == "co64" }), let large = file.u64(co64.payloadStart + 8),
            large <= UInt64(Int32.max)
        {
            offset = Int(large)
        }
        guard let offset, let length = size.map(Int.init), offset > 0, length > 2, offset <= fileSize - length else {
            return nil
        }
        return offset..<offset + length
    }
}
