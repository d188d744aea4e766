extension TIFFReader {
    /// IFD0's orientation, 1 to 8; nil when it states none or a value out of that range. The one
    /// reading of it, for the header scan and the renditions alike.
    package var orientation: Int? {
        guard let ifd0 = ifd(at: firstIFD),
            let entry = ifd0.entries.first(where: { $0.tag == Tag.orientation }),
            let value = integer(of: entry), (1...8).contains(value)
        else { return nil }
        return value
    }

    /// Whether a GPS IFD with entries other than GPSVersionID (tag 0, which cameras write with GPS
    /// off) is linked from IFD0, IFD1 or the EXIF IFD: what `LocationRecord.inEXIF` answers.
    package var recordsLocation: Bool {
        gpsIFDOffsets(in: allIFDs()).contains { offset in
            ifd(at: offset)?.entries.contains { $0.tag != 0 } ?? false
        }
    }

    /// The distinct offsets the GPSInfo entries of `ifds` point to.
    func gpsIFDOffsets(in ifds: [IFD]) -> Set<Int> {
        var offsets: Set<Int> = []
        for ifd in ifds {
            for entry in ifd.entries where entry.tag == Tag.gpsIFD {
                if let offset = integer(of: entry) { offsets.insert(offset) }
            }
        }
        return offsets
    }
}
