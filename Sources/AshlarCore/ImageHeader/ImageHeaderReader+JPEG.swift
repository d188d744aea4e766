extension ImageHeaderReader {
    /// Walks the JPEG's marker segments up to the first frame header (SOF0–SOF15), reading the
    /// EXIF and XMP `APP1` and the IPTC `APP13` segments on the way (they all come before it).
    static func scanJPEG(_ jpeg: ByteWindow) -> HeaderScan {
        var offset = 2
        var collector = EmbeddedMetadataCollector()
        while true {
            // Markers may be padded with any number of 0xFF fill bytes.
            guard let first = jpeg.u8(offset) else { return .needs(offset + 4) }
            guard first == 0xFF else {
                return .invalid("JPEG is damaged: expected a marker at byte \(offset)")
            }
            var markerOffset = offset + 1
            while jpeg.u8(markerOffset) == 0xFF { markerOffset += 1 }
            guard let marker = jpeg.u8(markerOffset) else { return .needs(markerOffset + 3) }
            switch marker {
            case 0x01, 0xD0...0xD8:
                offset = markerOffset + 1
                continue
            case 0xD9:
                return .invalid("JPEG ends before its frame header")
            case 0xDA:
                return .invalid("JPEG has no frame header before its image data")
            case 0x00:
                return .invalid("JPEG is damaged: expected a marker at byte \(offset)")
            default:
                break
            }
            guard let length = jpeg.u16(markerOffset + 1) else { return .needs(markerOffset + 3) }
            guard length >= 2 else { return .invalid("JPEG segment at byte \(offset) has length \(length)") }
            let dataStart = markerOffset + 3
            let segmentEnd = markerOffset + 1 + Int(length)
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard length >= 8 else { return .invalid("JPEG frame header is too short") }
                guard let height = jpeg.u16(dataStart + 1), let width = jpeg.u16(dataStart + 3) else {
                    return .needs(dataStart + 5)
                }
                var header = ImageHeader(
                    format: .jpeg, width: Int(width), height: Int(height),
                    orientation: collector.exif?.orientation ?? 1, date: collector.exif?.date)
                header.embedded = collector.embedded
                return .header(header)
            case 0xE1, 0xED:
                guard jpeg.contains(0, count: segmentEnd) else { return .needs(segmentEnd + 4) }
                let payload = jpeg.window(dataStart, count: segmentEnd - dataStart)
                if marker == 0xE1 { collector.addAPP1(payload) } else { collector.addAPP13(payload) }
            default:
                break
            }
            offset = segmentEnd
        }
    }
}
