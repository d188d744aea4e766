import AshlarImage

extension CatalogBuilder {
    /// A video read from its container, with what its sidecars said merged over its own metadata.
    struct VideoReading {
        var metadata: PhotoMetadata
        var video: Video
        /// The still that stands for it until it plays, at the poster's own size (its renditions
        /// are made at that size, which need not be the video's); nil for none.
        var poster: Still?
        /// The poster records where it was taken (a Live Photo's still does).
        var posterCarriesLocation = false
    }

    /// Reads a video's container (by offset, never the whole file) and finds its poster; nil,
    /// with an error naming the file, when the container cannot be read.
    func readVideo(
        _ relative: String, job: PhotoJob, sidecars: PhotoMetadata, primary: String, diagnostics: inout [Diagnostic]
    ) -> VideoReading? {
        let display = source.display(relative)
        guard let facts = readVideoFacts(relative, display: display, diagnostics: &diagnostics) else { return nil }
        var embedded = PhotoMetadata()
        if let xmp = facts.xmp {
            let reading = EmbeddedMetadataReading(
                EmbeddedMetadata(xmp: xmp), path: display, language: settings.language,
                reportConflicts: settings.reportMetadataConflicts)
            diagnostics += reading.diagnostics
            embedded = reading.metadata
        }
        if embedded.title == nil, let title = facts.title?.trimmingSpaces, !title.isEmpty { embedded.title = title }
        // The container's display size, rotation applied, is what the browser shows.
        var metadata = sidecars.merged(over: embedded)
        metadata.width = facts.width
        metadata.height = facts.height
        metadata.orientation = nil
        let name = RelativePath.split(relative).name
        let location = publishedLocation(of: relative, name: name, albumOutput: job.albumOutput)
        let video = Video(
            sourcePath: relative, location: location, mimeType: facts.mimeType, codec: facts.codec,
            duration: facts.duration, patches: facts.patches)
        let poster = poster(of: job, named: sidecars.poster, sidecar: primary, diagnostics: &diagnostics)
        switch location {
        case .output: break
        case .referenced, .remote:
            if facts.recordsLocation { diagnostics.append(.warning(Self.videoLocationWarning, path: display)) }
        }
        let still = poster.map { poster in
            let size = poster.header.metadata.displaySize ?? (facts.width, facts.height)
            let image = publishedLocation(
                of: poster.path, name: RelativePath.split(poster.path).name, albumOutput: job.albumOutput)
            return Still(
                sourcePath: poster.path, image: image, width: size.width, height: size.height,
                format: ImageFormat(fileExtension: PhotoFiles.fileExtension(of: poster.path)))
        }
        return VideoReading(
            metadata: metadata, video: video, poster: still,
            posterCarriesLocation: poster?.header.embedded.carriesLocation ?? false)
    }

    /// A video published where it is (`images: reference`, `mediaBaseURL`) keeps its location.
    static let videoLocationWarning =
        "it records where it was taken (GPS), and is published as it is (Ashlar removes the location only from the copy it publishes itself); remove it first, for example with exiftool -gps*= -keys:gpscoordinates= -userdata:gpscoordinates= FILE"

    /// The video's facts from its container, read a range at a time.
    func readVideoFacts(_ relative: String, display: String, diagnostics: inout [Diagnostic]) -> VideoFacts? {
        let size: Int
        switch source.read(relative, upTo: 0) {
        case .success(let read): size = read.size
        case .failure(let failure):
            diagnostics.append(.error("unreadable video: \(failure.reason); skipped", path: display))
            return nil
        }
        let source = source
        do throws(VideoReadError) {
            return try VideoReader.read(fileSize: size) { (offset, count) throws(VideoReadError) -> [UInt8] in
                guard offset >= 0, count >= 0, offset <= Int.max - count else {
                    throw VideoReadError("a box reaches past the end of the file", offset: offset)
                }
                switch source.read(relative, range: offset..<offset + count) {
                case .success(let bytes): return bytes
                case .failure(let failure):
                    throw VideoReadError("cannot read: \(failure.reason)", offset: offset)
                }
            }
        } catch {
            let place = error.offset.map { " (at byte \($0))" } ?? ""
            diagnostics.append(.error("unreadable video: \(error.message)\(place); skipped", path: display))
            return nil
        }
    }

    /// The poster's path relative to the source root: the image a sidecar's `poster` names, else
    /// the image of the same name beside the video; nil (with a warning for a poster that cannot
    /// be used) for none.
    func poster(of job: PhotoJob, named: String?, sidecar: String, diagnostics: inout [Diagnostic]) -> (
        path: String, header: ImageHeader
    )? {
        var candidate = job.files.posterName.map { job.folder.path(of: $0) }
        if let named {
            let shown = source.display(sidecar)
            guard !named.utf8.contains(UInt8(ascii: "/")), !SourceReference.isWebURL(named),
                ImageFormat(fileExtension: PhotoFiles.fileExtension(of: named)) != nil
            else {
                diagnostics.append(
                    .warning(
                        "'poster' must name an image file in the video's folder: \"\(named.prefix(200))\"", path: shown,
                        key: "poster"))
                return candidate.flatMap { checkedPoster($0, diagnostics: &diagnostics) }
            }
            let path = job.folder.path(of: named)
            guard source.whereLeads(path) == .inside else {
                diagnostics.append(
                    .warning(
                        "'poster' names a file that does not exist: \"\(named.prefix(200))\"", path: shown,
                        key: "poster"))
                return candidate.flatMap { checkedPoster($0, diagnostics: &diagnostics) }
            }
            candidate = path
        }
        return candidate.flatMap { checkedPoster($0, diagnostics: &diagnostics) }
    }

    /// `path` and its header when it reads as an image; nil with a warning otherwise (the video
    /// is published without a poster).
    private func checkedPoster(_ path: String, diagnostics: inout [Diagnostic]) -> (path: String, header: ImageHeader)?
    {
        var problems: [Diagnostic] = []
        if let header = readHeader(path, diagnostics: &problems) { return (path, header) }
        diagnostics += problems.map { problem in
            var warning = problem
            warning.severity = .warning
            warning.message += "; the video is published without a poster"
            return warning
        }
        return nil
    }
}
