extension JPEGMetadata {
    /// The orientation (1...8, else 1) and whether the EXIF records a location
    /// (`TIFFReader.recordsLocation`). Unreadable EXIF gives orientation 1 and no location.
    static func exifFacts(_ tiff: [UInt8]) -> (orientation: Int, hasLocation: Bool) {
        guard let reader = TIFFReader(tiff) else { return (1, false) }
        return (reader.orientation ?? 1, reader.recordsLocation)
    }
}
