import AshlarImage

extension CatalogBuilder {
    /// What a camera RAW alone gives the catalog.
    enum RAWReading {
        /// Its largest embedded JPEG preview's header, with the RAW's orientation and EXIF.
        case preview(ImageHeader, EmbeddedPreview)
        /// Why it is not published (a note, not a warning).
        case unpublished(UnpublishedFile.Reason)
        /// It could not be read (reported).
        case failed
    }

    /// Whether the site makes renditions of local photos: `"renditions"` not false, and images
    /// copied into the site (`"images": "reference"` publishes none).
    var makesRenditions: Bool {
        guard settings.renditionWidths != nil, case .copy = settings.publishing else { return false }
        return true
    }

    /// How many of a RAW's embedded JPEGs, largest first, are read for a usable preview.
    static let previewCandidates = 4

    /// Reads a camera RAW alone: its structure (`CameraRAW`), then the headers of its largest
    /// embedded JPEGs, which the JPEG header reader must accept as the decoder would (the lossless
    /// JPEG of sensor data is refused there). The one with the longest side is the photo, when that
    /// side is at least `CameraRAW.minimumPreviewLongSide`. Its orientation is the RAW's, and its
    /// EXIF (date, text) is read from the RAW's own TIFF structure by `ExifReader`.
    func readRAW(_ relative: String, diagnostics: inout [Diagnostic]) -> RAWReading {
        guard makesRenditions else { return .unpublished(.rawWithoutRenditions) }
        let display = source.display(relative)
        let prefix: [UInt8]
        let size: Int
        switch source.read(relative, upTo: CameraRAW.structurePrefix) {
        case .success(let read): (prefix, size) = read
        case .failure(let failure):
            diagnostics.append(.error("unreadable image: \(failure.reason)", path: display))
            return .failed
        }
        var previews = CameraRAW.previews(in: prefix, fileSize: size)
        let window = ByteWindow(prefix)
        if ImageHeaderReader.isCR3(window) {
            // ISO BMFF: read with the header reader's box walker; IFD0 is Canon's `CMT1`.
            let cr3 = ImageHeaderReader.cr3Structure(window, fileSize: size)
            let orientation = cr3.ifd0.flatMap { TIFFReader($0)?.orientation }
            previews = CameraRAW.Previews(ranges: cr3.previews, orientation: orientation, tiff: cr3.ifd0)
        }
        var best: (header: ImageHeader, range: Range<Int>)?
        for range in previews.ranges.filter({ $0.count <= CameraRAW.maximumPreviewBytes }).prefix(
            Self.previewCandidates)
        {
            guard let header = previewHeader(relative, range: range, path: display), header.format == .jpeg else {
                continue
            }
            if max(header.width, header.height) > best.map({ max($0.header.width, $0.header.height) }) ?? 0 {
                best = (header, range)
            }
        }
        guard let best else { return .unpublished(.rawWithoutPreview) }
        var header = best.header
        guard max(header.width, header.height) >= CameraRAW.minimumPreviewLongSide else {
            return .unpublished(.rawPreviewTooSmall)
        }
        if let orientation = previews.orientation { header.orientation = orientation }
        if let tiff = previews.tiff {
            // The RAW's EXIF (text, date, camera), not the preview's (which cameras often leave out).
            var exif = ExifReader.read(tiff: ByteWindow(tiff), cameraRAW: true)
            // The preview's date when the RAW's own has none.
            if ExifFields.metadata(exif).date == nil, let preview = header.embedded.exif {
                for tag in [ExifTag.dateTimeOriginal, ExifTag.dateTimeDigitized] {
                    exif.texts[tag] = preview.texts[tag]
                }
                for tag in [ExifTag.offsetTimeOriginal, ExifTag.offsetTimeDigitized] {
                    exif.texts[tag] = preview.texts[tag]
                }
            }
            header.embedded = EmbeddedMetadata(exif: exif, warnings: exif.warnings)
        }
        // Published only as renditions, which carry no location.
        header.embedded.hasLocation = false
        return .preview(header, EmbeddedPreview(range: best.range, orientation: previews.orientation))
    }

    /// The header of the JPEG at `range` of a RAW file, read as far as the header needs.
    private func previewHeader(_ relative: String, range: Range<Int>, path: String) -> ImageHeader? {
        var length = min(range.count, ImageHeaderReader.typicalPrefix)
        while true {
            let end = range.lowerBound + length
            guard case .success(let bytes) = source.read(relative, range: range.lowerBound..<end) else { return nil }
            switch ImageHeaderReader.read(bytes, fileSize: range.count) {
            case .header(let header): return header
            case .failure: return nil
            case .needsMoreBytes(let needed):
                guard needed > length, length < range.count, length < ImageHeaderReader.maximumPrefix else {
                    return nil
                }
                length = min(needed, range.count, ImageHeaderReader.maximumPrefix)
            }
        }
    }
}
