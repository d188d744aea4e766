import AshlarImage

extension CatalogBuilder {
    /// Errors about these keys (or about the file as a whole) leave the photo out: without them
    /// it cannot be placed or shown. Other errors are reported and the field is dropped.
    static let essentialKeys: Set<String?> = [nil, "width", "height", "orientation", "src"]

    /// Reads one photo's sidecars and image header into a photo, or reports why it is left out.
    func readPhoto(_ job: PhotoJob) -> PhotoReading {
        var diagnostics: [Diagnostic] = []
        var entries: [MetadataPrecedence.Entry] = []
        let sidecars = job.files.jsonSidecars + job.files.xmpSidecars
        var failed = false
        for (index, sidecar) in sidecars.enumerated() {
            let relative = job.folder.path(of: sidecar)
            guard let bytes = readSmallFile(relative, kind: "sidecar", diagnostics: &diagnostics) else {
                failed = true
                continue
            }
            let display = source.display(relative)
            let reading = Sidecar.read(bytes, path: display, language: settings.language)
            diagnostics += reading.diagnostics
            if reading.diagnostics.contains(where: { $0.severity == .error && Self.essentialKeys.contains($0.key) }) {
                failed = true
            }
            entries.append(
                .init(
                    format: Sidecar.format(path: sidecar, bytes: bytes), index: index, reading: reading, path: display))
        }
        if failed { return PhotoReading(photo: nil, diagnostics: diagnostics) }
        let ordered = MetadataPrecedence.ordered(entries)
        var metadata = MetadataPrecedence.merged(ordered)

        let primary = job.folder.path(of: sidecars.first ?? job.files.name)
        var carriesLocation = false
        // A photo's image, or a video and its poster's; the still's size is filled in below.
        var still: Still?
        var video: Video?
        if let imageName = job.files.imageName,
            Video.fileExtensions.contains(PhotoFiles.fileExtension(of: imageName))
        {
            guard
                let read = readVideo(
                    job.folder.path(of: imageName), job: job, sidecars: metadata, primary: primary,
                    diagnostics: &diagnostics)
            else { return PhotoReading(photo: nil, diagnostics: diagnostics) }
            (metadata, video, still) = (read.metadata, read.video, read.poster)
            carriesLocation = read.posterCarriesLocation
        } else if let imageName = job.files.imageName {
            let relative = job.folder.path(of: imageName)
            let header: ImageHeader
            let image: ImageLocation
            var preview: EmbeddedPreview?
            if CameraRAW.fileExtensions.contains(PhotoFiles.fileExtension(of: imageName)) {
                // Published from its preview, as a JPEG named after it.
                switch readRAW(relative, diagnostics: &diagnostics) {
                case .preview(let read, let embedded): (header, preview) = (read, embedded)
                case .unpublished(let reason):
                    var reading = PhotoReading(photo: nil, diagnostics: diagnostics)
                    reading.unpublished = UnpublishedFile(name: imageName, reason: reason)
                    return reading
                case .failed: return PhotoReading(photo: nil, diagnostics: diagnostics)
                }
                let name = PhotoFiles.baseName(of: imageName) + "." + ImageFormat.jpeg.fileExtension
                image = publishedLocation(of: relative, name: name, albumOutput: job.albumOutput)
            } else {
                if PhotoFiles.isHEIC(imageName), !settings.publishAsIs.contains(.heic), !makesRenditions {
                    // Only Safari shows a HEIC: published only as renditions, like a RAW.
                    var reading = PhotoReading(photo: nil, diagnostics: diagnostics)
                    reading.unpublished = UnpublishedFile(name: imageName, reason: .heicWithoutRenditions)
                    return reading
                }
                image = publishedLocation(of: relative, name: imageName, albumOutput: job.albumOutput)
                guard let read = readHeader(relative, diagnostics: &diagnostics) else {
                    return PhotoReading(photo: nil, diagnostics: diagnostics)
                }
                header = read
            }
            let sizing = ordered.first { $0.reading.metadata.width != nil || $0.reading.metadata.orientation != nil }
            checkStale(metadata, against: header, sidecar: sizing?.path, diagnostics: &diagnostics)
            // The file is what the browser shows: its size and orientation win.
            metadata.width = header.width
            metadata.height = header.height
            metadata.orientation = header.orientation
            metadata = metadata.merged(over: embeddedMetadata(header, path: relative, diagnostics: &diagnostics))
            carriesLocation = header.embedded.carriesLocation
            // A RAW's preview is a JPEG; any other file is known by its extension.
            let format = preview != nil ? .jpeg : ImageFormat(fileExtension: PhotoFiles.fileExtension(of: imageName))
            still = Still(
                sourcePath: relative, image: image, width: 0, height: 0, format: format, preview: preview)
        } else {
            guard let src = metadata.src else {
                diagnostics.append(
                    .warning("sidecar with no image beside it and no 'src'; skipped", path: source.display(primary)))
                return PhotoReading(photo: nil, diagnostics: diagnostics)
            }
            guard
                let location = resolve(
                    src: src, folder: job.folder, sidecar: primary, albumOutput: job.albumOutput, key: "src",
                    diagnostics: &diagnostics)
            else {
                return PhotoReading(photo: nil, diagnostics: diagnostics)
            }
            let sourcePath = location.0
            still = Still(
                sourcePath: sourcePath, image: location.1, width: 0, height: 0,
                format: ImageFormat(fileExtension: PhotoFiles.fileExtension(of: job.files.name)))
            if let sourcePath, metadata.width == nil || metadata.height == nil,
                let header = readHeader(sourcePath, diagnostics: &diagnostics)
            {
                metadata = metadata.merged(over: embeddedMetadata(header, path: sourcePath, diagnostics: &diagnostics))
                metadata = metadata.merged(over: Self.sizeMetadata(header))
            }
        }
        guard let size = metadata.displaySize else {
            let missing = metadata.width == nil ? "width" : "height"
            diagnostics.append(
                .error(
                    "'\(missing)' is missing, so the photo cannot be laid out; skipped", path: source.display(primary),
                    key: missing))
            return PhotoReading(photo: nil, diagnostics: diagnostics)
        }
        if metadata.hidden == true { return PhotoReading(photo: nil, diagnostics: diagnostics) }
        if let minimum = settings.minimumRating, let reason = RatingFilter.reason(metadata.rating, minimum: minimum) {
            return PhotoReading(photo: nil, diagnostics: diagnostics, leftOut: reason)
        }
        // The first sidecar, when there is one, is the primary file: its name is shown already.
        let shown = entries.first?.path ?? source.display(primary)
        PhotoTextLimits.apply(to: &metadata, path: shown, diagnostics: &diagnostics)
        PhotoLint.check(metadata, name: job.files.name, path: shown, diagnostics: &diagnostics)
        let ownRenditions = renditions(of: job, metadata: metadata, sidecar: primary, diagnostics: &diagnostics)
        if video == nil {
            // A photo's still is the photo at its display size; a poster has its own size.
            still?.width = size.width
            still?.height = size.height
        }
        still?.renditions = ownRenditions
        if video != nil, still == nil, !ownRenditions.isEmpty {
            // Renditions are smaller copies of a still; a video without a poster has none to show them.
            let names = ownRenditions.map { $0.sourcePath.map { RelativePath.split($0).name } ?? "\($0.width)w" }
            diagnostics.append(
                .warning(
                    "renditions \(names.joined(separator: ", ")) are not published: they would be a poster's, and this video has none; put its poster image beside it (same name) or name one with 'poster'",
                    path: shown))
        }
        let media: Media
        if let video {
            media = .video(video, poster: still)
        } else if let still {
            media = .photo(still)
        } else {
            return PhotoReading(photo: nil, diagnostics: diagnostics)
        }
        let photo = Photo(
            media: media, primaryPath: primary, name: job.files.name, slug: "", metadata: metadata, width: size.width,
            height: size.height)
        // Only a photo published as it is gives its place away: renditions carry no location,
        // and a published original has it removed.
        if carriesLocation, let still, let sourcePath = still.sourcePath, !isPublishedWithoutLocation(still) {
            diagnostics.append(.warning(Self.locationWarning, path: source.display(sourcePath)))
        }
        return PhotoReading(photo: photo, diagnostics: diagnostics)
    }

    /// An image published as it is (with `"renditions": false`, a rendition a sidecar names, a
    /// format `"publishAsIs"` names) that records where it was taken gives that place away.
    static let locationWarning =
        "it records where it was taken (GPS), and is published as it is; remove the location first, for example with exiftool -gps:all= -xmp-exif:gps*= FILE"

    /// Whether the rendition stage publishes this photo only as renditions or as a copy with its
    /// metadata chosen from an allowlist (or leaves it out).
    func isPublishedWithoutLocation(_ still: Still) -> Bool {
        guard settings.renditionWidths != nil else { return false }
        return RenditionStage.takes(still, publishAsIs: settings.publishAsIs)
    }

    /// The image file's own metadata (embedded XMP, IPTC-IIM, EXIF text) as one layer, with
    /// warnings about it naming the file.
    func embeddedMetadata(_ header: ImageHeader, path relative: String, diagnostics: inout [Diagnostic])
        -> PhotoMetadata
    {
        guard !header.embedded.isEmpty else { return PhotoMetadata() }
        let reading = EmbeddedMetadataReading(
            header.embedded, path: source.display(relative), language: settings.language,
            reportConflicts: settings.reportMetadataConflicts)
        diagnostics += reading.diagnostics
        return reading.metadata
    }

    /// The header's size and orientation as the weakest metadata source, to merge sidecars over.
    static func sizeMetadata(_ header: ImageHeader) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = header.width
        metadata.height = header.height
        metadata.orientation = header.orientation
        return metadata
    }

    /// Reads an image's header, growing the prefix only as far as the format needs.
    func readHeader(_ relative: String, diagnostics: inout [Diagnostic]) -> ImageHeader? {
        let display = source.display(relative)
        var length = ImageHeaderReader.typicalPrefix
        while true {
            let prefix: [UInt8]
            let size: Int
            switch source.read(relative, upTo: length) {
            case .success(let read): (prefix, size) = read
            case .failure(let failure):
                diagnostics.append(.error("unreadable image: \(failure.reason)", path: display))
                return nil
            }
            switch ImageHeaderReader.read(prefix, fileSize: size) {
            case .header(let header):
                return header
            case .failure(let reason):
                diagnostics.append(.error("unreadable image: " + reason, path: display))
                return nil
            case .needsMoreBytes(let needed):
                guard needed > prefix.count, prefix.count < size, length < ImageHeaderReader.maximumPrefix else {
                    diagnostics.append(
                        .error(
                            "unreadable image: no image size within the first \(ImageHeaderReader.maximumPrefix >> 20) MiB",
                            path: display))
                    return nil
                }
                length = min(max(needed, 2 * length), ImageHeaderReader.maximumPrefix)
            }
        }
    }

    /// A sidecar that states a size or orientation the image file does not have is out of date.
    func checkStale(
        _ metadata: PhotoMetadata, against header: ImageHeader, sidecar: String?, diagnostics: inout [Diagnostic]
    ) {
        guard let sidecar else { return }
        var differences: [String] = []
        if let width = metadata.width, let height = metadata.height, (width, height) != (header.width, header.height) {
            differences.append("says \(width)×\(height), the image is \(header.width)×\(header.height)")
        }
        if let orientation = metadata.orientation, orientation != header.orientation {
            differences.append("says orientation \(orientation), the image has \(header.orientation)")
        }
        guard !differences.isEmpty else { return }
        diagnostics.append(
            .warning("stale sidecar: it \(differences.joined(separator: " and ")); using the image's", path: sidecar))
    }
}
