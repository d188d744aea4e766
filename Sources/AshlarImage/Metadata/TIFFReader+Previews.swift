extension TIFFReader {
    /// The JPEGs a camera RAW's TIFF structure points to, as byte ranges of the file, each
    /// checked to lie within `fileSize` (the data read may be only the file's first bytes): an
    /// IFD's `JPEGInterchangeFormat`/`Length`, the single strip of an IFD compressed as JPEG
    /// (Compression 6 or 7) that is not the raw sensor data, and RW2's `JpgFromRaw`. IFDs are
    /// those of the main chain, their SubIFDs and the EXIF IFD; each once, at most
    /// ``maximumIFDs``. Largest first.
    package func embeddedJPEGs(fileSize: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        func add(offset: Int?, length: Int?) {
            guard let offset, let length, offset > 0, length > 2, offset <= fileSize - length else { return }
            let range = offset..<offset + length
            if !ranges.contains(range) { ranges.append(range) }
        }
        var visited: Set<Int> = []
        var pending = [firstIFD]
        var count = 0
        while let offset = pending.popLast(), count < Self.maximumIFDs {
            guard visited.insert(offset).inserted, let ifd = ifd(at: offset) else { continue }
            count += 1
            if ifd.next != 0 { pending.append(ifd.next) }
            var values: [Int: Int] = [:]
            for entry in ifd.entries {
                switch entry.tag {
                case Tag.subIFDs: pending += offsets(in: entry)
                case Tag.exifIFD: if let target = integer(of: entry) { pending.append(target) }
                case Tag.jpgFromRaw:
                    if let range = valueRange(of: entry) { add(offset: range.lowerBound, length: range.count) }
                case Tag.jpegInterchangeFormat, Tag.jpegInterchangeFormatLength, Tag.compression,
                    Tag.photometricInterpretation:
                    values[entry.tag] = integer(of: entry)
                case Tag.stripOffsets, Tag.stripByteCounts:
                    // One strip only: a preview is one JPEG stream.
                    if entry.count == 1 { values[entry.tag] = integer(of: entry) }
                default: break
                }
            }
            add(offset: values[Tag.jpegInterchangeFormat], length: values[Tag.jpegInterchangeFormatLength])
            // Colour filter array and linear raw data are the sensor's, in lossless JPEG.
            let isSensorData = values[Tag.photometricInterpretation].map { [32803, 34892].contains($0) } ?? false
            if let compression = values[Tag.compression], compression == 6 || compression == 7, !isSensorData {
                add(offset: values[Tag.stripOffsets], length: values[Tag.stripByteCounts])
            }
        }
        return ranges.sorted { $0.count > $1.count }
    }

    /// The offsets a LONG or IFD entry lists (SubIFDs), at most ``maximumIFDs``.
    func offsets(in entry: Entry) -> [Int] {
        guard entry.type == 4 || entry.type == 13, let range = valueRange(of: entry) else { return [] }
        return stride(from: range.lowerBound, to: range.upperBound, by: 4).prefix(Self.maximumIFDs).compactMap {
            uint32(at: $0)
        }
    }
}
