import AshlarImage

@testable import AshlarCore

/// The bytes libFuzzer hands a target, as the array the readers take.
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}

/// Stops the run when a reader breaks a promise its documentation makes. libFuzzer reports the
/// trap as a crash and saves the input; the message says which promise.
func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if !condition { fatalError("broken promise: \(message())", file: file, line: line) }
}

/// Every diagnostic is about `path`, at a 1-based place when it has one, and prints.
func checkDiagnostics(_ diagnostics: [Diagnostic], path: String) {
    for diagnostic in diagnostics {
        require(diagnostic.path == path, "diagnostic for '\(diagnostic.path)', not '\(path)'")
        require((diagnostic.line ?? 1) >= 1, "line \(diagnostic.line ?? 0) in \(diagnostic)")
        require((diagnostic.column ?? 1) >= 1, "column \(diagnostic.column ?? 0) in \(diagnostic)")
        require(diagnostic.column == nil || diagnostic.line != nil, "a column without a line: \(diagnostic)")
        require(!diagnostic.message.isEmpty, "an empty message at \(diagnostic)")
        require(diagnostic.description.hasPrefix(path), "\(diagnostic) does not start with its path")
    }
}

/// The ranges `PhotoMetadata` and the readers document, and a date the site can write back.
func checkMetadata(_ metadata: PhotoMetadata) {
    let dimensions = 1...Sidecar.maximumDimension
    if let width = metadata.width { require(dimensions.contains(width), "width \(width)") }
    if let height = metadata.height { require(dimensions.contains(height), "height \(height)") }
    if let orientation = metadata.orientation { require((1...8).contains(orientation), "orientation \(orientation)") }
    if let rating = metadata.rating { require((-1...5).contains(rating), "rating \(rating)") }
    if let license = metadata.license { require(SourceReference.isWebURL(license), "license \(license)") }
    if let iso = metadata.iso { require(iso > 0, "iso \(iso)") }
    if let focalLength = metadata.focalLength { require(focalLength > 0, "focal length \(focalLength)") }
    if let aperture = metadata.aperture { require(aperture > 0, "aperture \(aperture)") }
    if let src = metadata.src { require(SourceReference.problem(with: src) == nil, "src \(src)") }
    for rendition in metadata.renditions ?? [] {
        require(rendition.width > 0, "rendition width \(rendition.width)")
        require(SourceReference.problem(with: rendition.src) == nil, "rendition src \(rendition.src)")
    }
    if let date = metadata.date { checkDate(date) }
    _ = metadata.displaySize
    _ = metadata.merged(over: PhotoMetadata())
}

/// A date the readers return is one `PhotoDate(parsing:)` accepts again from its ISO 8601 text,
/// which is what the site writes into `<time datetime>` and feeds.
func checkDate(_ date: PhotoDate) {
    require(PhotoDate(parsing: date.iso8601) == date, "date \(date.iso8601) does not read back as itself")
}

/// What the build relies on from an image header read of a prefix of `prefixLength` bytes.
func checkHeaderResult(_ result: ImageHeaderResult, prefixLength: Int, fileSize: Int?) {
    switch result {
    case .header(let header):
        let dimensions = 1...Sidecar.maximumDimension
        require(dimensions.contains(header.width), "width \(header.width)")
        require(dimensions.contains(header.height), "height \(header.height)")
        require((1...8).contains(header.orientation), "orientation \(header.orientation)")
        checkMetadata(CatalogBuilder.sizeMetadata(header))
        checkEmbedded(header.embedded)
    case .needsMoreBytes(let needed):
        require(fileSize == nil, "asked for \(needed) bytes of a whole file of \(prefixLength)")
        require(needed > prefixLength, "asked for \(needed) bytes after reading \(prefixLength)")
        require(needed <= ImageHeaderReader.maximumPrefix, "asked for \(needed) bytes")
    case .failure(let reason):
        checkDiagnostics([.error("unreadable image: " + reason, path: "fuzz")], path: "fuzz")
        require(!reason.isEmpty, "a failure without a reason")
    }
}

/// Reads `bytes` as a whole image file, as the first bytes of a longer file, and as the build
/// does from a short first read, following the reader's requests for more; checks each result.
/// Returns -1 (libFuzzer: do not keep this input) unless the bytes start like `format`, so each
/// image target stays with its own reader.
func fuzzImageHeader(_ bytes: [UInt8], format: ImageFormat) -> CInt {
    guard ImageFormat.detect(bytes) == format else { return -1 }
    checkHeaderResult(
        ImageHeaderReader.read(bytes, fileSize: bytes.count), prefixLength: bytes.count,
        fileSize: bytes.count)
    checkHeaderResult(ImageHeaderReader.read(bytes), prefixLength: bytes.count, fileSize: nil)
    var length = bytes.count / 2
    while true {
        let fileSize = length < bytes.count ? nil : bytes.count
        let result = ImageHeaderReader.read(Array(bytes.prefix(length)), fileSize: fileSize)
        checkHeaderResult(result, prefixLength: length, fileSize: fileSize)
        guard case .needsMoreBytes(let needed) = result, needed <= bytes.count else { break }
        length = needed
    }
    return 0
}

/// Reads `bytes` as a sidecar with `read` and checks the reading.
func fuzzSidecar(_ bytes: [UInt8], read: ([UInt8], String) -> SidecarReading) -> CInt {
    let reading = read(bytes, "fuzz")
    checkDiagnostics(reading.diagnostics, path: "fuzz")
    checkMetadata(reading.metadata)
    return 0
}

/// Text the readers of embedded metadata return is trimmed and never empty (Ashlar's own JSON
/// sidecars keep text as typed, so this is not a promise of every reader).
func checkTrimmedText(_ metadata: PhotoMetadata) {
    for text in [
        metadata.title, metadata.alt, metadata.caption, metadata.longDescription, metadata.creator, metadata.rights,
        metadata.label, metadata.location, metadata.city, metadata.region, metadata.country,
    ] {
        if let text {
            require(!text.isEmpty && text == text.trimmingSpaces, "untrimmed or empty text \(text.debugDescription)")
        }
    }
}

/// What the catalog makes of an image's embedded metadata: warnings name the file, fields are in
/// range, and no text is empty.
func checkEmbedded(_ embedded: EmbeddedMetadata) {
    for warning in embedded.warnings { require(!warning.isEmpty, "an empty warning") }
    if let iim = embedded.iim.map(IIMFields.metadata) {
        checkMetadata(iim)
        checkTrimmedText(iim)
    }
    if let exif = embedded.exif.map(ExifFields.metadata) {
        checkMetadata(exif)
        checkTrimmedText(exif)
    }
    let reading = EmbeddedMetadataReading(embedded, path: "fuzz", language: "en", reportConflicts: true)
    checkDiagnostics(reading.diagnostics, path: "fuzz")
    require(reading.diagnostics.allSatisfy { $0.severity == .warning }, "embedded metadata gave an error")
    checkMetadata(reading.metadata)
    checkTrimmedText(reading.metadata)
    require(reading.metadata.width == nil && reading.metadata.orientation == nil, "embedded XMP set the size")
    if let extended = embedded.extendedXMP, let xmp = embedded.xmp {
        require(
            ExtendedXMP.guid(inStandardPacket: xmp) == MD5.hexDigest(extended), "an Extended XMP that fails its digest")
    }
}
