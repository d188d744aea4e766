extension JPEGMetadata {
    /// The orientation (1...8, else 1) and whether a GPS IFD with entries is linked from IFD0,
    /// IFD1 or the EXIF IFD. Unreadable EXIF gives orientation 1 and no location.
    static func exifFacts(_ tiff: [UInt8]) -> (orientation: Int, hasLocation: Bool) {
        guard let reader = TIFFReader(tiff) else { return (1, false) }
        let ifds = reader.allIFDs()
        var orientation = 1
        if let ifd0 = ifds.first(where: { $0.offset == reader.firstIFD }),
           let entry = ifd0.entries.first(where: { $0.tag == TIFFReader.Tag.orientation }),
           let value = reader.integer(of: entry), (1...8).contains(value)
        {
            orientation = value
        }
        let hasLocation = ifds.contains { ifd in
            ifd.entries.contains { entry in
                guard entry.tag == TIFFReader.Tag.gpsIFD, let offset = reader.integer(of: entry),
                      let gps = reader.ifd(at: offset)
                else { return false }
                return !gps.entries.isEmpty
            }
        }
        return (orientation, hasLocation)
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
        var output = tiff
        for ifd in ifds {
            let gpsEntries = ifd.entries.filter { $0.tag == TIFFReader.Tag.gpsIFD }
            guard !gpsEntries.isEmpty else { continue }
            for entry in gpsEntries {
                if let offset = reader.integer(of: entry), let gps = reader.ifd(at: offset) {
                    for value in gps.entries {
                        if let range = reader.valueRange(of: value), range.lowerBound >= value.position + 12 ||
                            range.upperBound <= value.position
                        {
                            output.replaceSubrange(range, with: repeatElement(0, count: range.count))
                        }
                    }
                    output.replaceSubrange(gps.offset..<gps.offset + gps.size, with: repeatElement(0, count: gps.size))
                }
            }
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
    private static func rewrite(_ ifd: TIFFReader.IFD, without tag: Int, from reader: TIFFReader,
                                into output: inout [UInt8]) {
        let kept = ifd.entries.filter { $0.tag != tag }
        var replacement: [UInt8] = reader.bigEndian
            ? [UInt8(kept.count >> 8), UInt8(kept.count & 0xFF)]
            : [UInt8(kept.count & 0xFF), UInt8(kept.count >> 8)]
        for entry in kept { replacement += reader.bytes[entry.position..<entry.position + 12] }
        let entriesEnd = ifd.offset + 2 + 12 * ifd.entries.count
        replacement += reader.bytes[entriesEnd..<ifd.offset + ifd.size]
        replacement += repeatElement(0, count: ifd.size - replacement.count)
        output.replaceSubrange(ifd.offset..<ifd.offset + ifd.size, with: replacement)
    }
}
