extension JPEGMetadata {
    /// The orientation (1...8, else 1) and whether the EXIF records a location
    /// (`TIFFReader.recordsLocation`). Unreadable EXIF gives orientation 1 and no location.
    static func exifFacts(_ tiff: [UInt8]) -> (orientation: Int, hasLocation: Bool) {
        guard let reader = TIFFReader(tiff) else { return (1, false) }
        return (reader.orientation ?? 1, reader.recordsLocation)
    }

    /// The EXIF with no readable location: every GPSInfo entry is taken out of its IFD (the later
    /// entries move up 12 bytes and the freed bytes are zeroed, so no other offset changes), and
    /// each GPS IFD, with its out-of-line values, is overwritten with zeros.
    ///
    /// Returns `nil` when that cannot be done safely — the TIFF header or IFD0 is unreadable, or
    /// the result does not read back as a structure without GPS — and the caller drops the EXIF.
    static func removingLocation(fromEXIF tiff: [UInt8]) -> [UInt8]? {
        guard let reader = TIFFReader(tiff) else { return nil }
        let ifds = reader.allIFDs()
        guard ifds.contains(where: { $0.offset == reader.firstIFD }) else { return nil }
        let gpsOffsets = reader.gpsIFDOffsets(in: ifds)
        guard gpsOffsets.count <= TIFFReader.maximumIFDs else { return nil }
        // Everything to zero, merged first so a hostile file's overlapping values cost no more
        // than the data's size.
        var ranges: [Range<Int>] = []
        for offset in gpsOffsets {
            guard let gps = reader.ifd(at: offset) else { continue }
            ranges.append(gps.offset..<gps.offset + gps.size)
            for entry in gps.entries {
                if let range = reader.valueRange(of: entry), range.count > 4 { ranges.append(range) }
            }
        }
        var output = tiff
        var zeroedUpTo = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound > zeroedUpTo {
            let start = max(range.lowerBound, zeroedUpTo)
            output.replaceSubrange(start..<range.upperBound, with: repeatElement(0, count: range.upperBound - start))
            zeroedUpTo = range.upperBound
        }
        for ifd in ifds where ifd.entries.contains(where: { $0.tag == TIFFReader.Tag.gpsIFD }) {
            rewrite(ifd, without: TIFFReader.Tag.gpsIFD, from: reader, into: &output)
        }
        // A hostile file's IFDs may overlap, so check what was written rather than trust it.
        guard let check = TIFFReader(output), check.bigEndian == reader.bigEndian,
            check.allIFDs().contains(where: { $0.offset == check.firstIFD }),
            !check.allIFDs(followingGPS: false).contains(where: { ifd in
                ifd.entries.contains { $0.tag == TIFFReader.Tag.gpsIFD }
            })
        else { return nil }
        return output
    }

    /// Writes `ifd` back at its offset without the entries tagged `tag`: the count, the kept
    /// entries as they were, the next-IFD offset, then zeros over the bytes no longer used.
    /// The EXIF a rendition may carry (`Renditions.make(…keepingCameraEXIF: true)`): the
    /// camera's, without its location (see `removingLocation(fromEXIF:)`) and without its
    /// orientation, which the rendition's pixels already have. Nil when that cannot be done
    /// safely; the rendition then carries none.
    static func renditionEXIF(_ tiff: [UInt8]) -> [UInt8]? {
        guard var output = removingLocation(fromEXIF: tiff), let reader = TIFFReader(output) else { return nil }
        for ifd in reader.allIFDs(followingGPS: false)
        where ifd.entries.contains(where: { $0.tag == TIFFReader.Tag.orientation }) {
            rewrite(ifd, without: TIFFReader.Tag.orientation, from: reader, into: &output)
        }
        guard let check = TIFFReader(output), exifFacts(output) == (1, false),
            !check.allIFDs(followingGPS: false).contains(where: { ifd in
                ifd.entries.contains { $0.tag == TIFFReader.Tag.orientation || $0.tag == TIFFReader.Tag.gpsIFD }
            })
        else { return nil }
        return output
    }

    private static func rewrite(
        _ ifd: TIFFReader.IFD, without tag: Int, from reader: TIFFReader,
        into output: inout [UInt8]
    ) {
        let kept = ifd.entries.filter { $0.tag != tag }
        var replacement: [UInt8] =
            reader.bigEndian
            ? [UInt8(kept.count >> 8), UInt8(kept.count & 0xFF)]
            : [UInt8(kept.count & 0xFF), UInt8(kept.count >> 8)]
        for entry in kept { replacement += reader.bytes[entry.position..<entry.position + 12] }
        let entriesEnd = ifd.offset + 2 + 12 * ifd.entries.count
        replacement += reader.bytes[entriesEnd..<ifd.offset + ifd.size]
        replacement += repeatElement(0, count: ifd.size - replacement.count)
        output.replaceSubrange(ifd.offset..<ifd.offset + ifd.size, with: replacement)
    }
}
