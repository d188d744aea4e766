import Foundation

/// Reads the scanned source tree into albums and photos, in three steps: walk the folders and
/// read each `album.json` (in order); read every photo's sidecars and image header (on every
/// core); then assemble albums with unique slugs and sorted photos (in order, deterministic).
struct SourceReader: Sendable {
    var paths: SitePaths
    var configuration: SiteConfiguration

    /// Output names an album cannot take, because the site uses them itself.
    static let reservedSlugs: Set<String> = ["assets", "page"]

    /// An album before its photos are read.
    struct AlbumDraft: Sendable {
        var folder: SourceFolder
        var outputPath: String
        var title: String
        var settings: AlbumSettings
        var photoFiles: [PhotoFiles]
        var children: [AlbumDraft]
        /// Slugs taken by sub-albums, which photos must not take.
        var taken: Set<String>
    }

    /// The root album (nil when the whole site is hidden, which cannot happen for the root), and
    /// every diagnostic in a deterministic order.
    func read(_ root: SourceFolder) -> (Album, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let draft = draftAlbum(root, outputPath: "", title: configuration.title, diagnostics: &diagnostics)

        var jobs: [PhotoJob] = []
        collectJobs(draft, into: &jobs)
        let readings = jobs.parallelMap { job in readPhoto(job) }

        var cursor = 0
        let album = assemble(draft, readings: readings, cursor: &cursor, diagnostics: &diagnostics)
        return (album, diagnostics)
    }

    // MARK: Folders

    private func draftAlbum(_ folder: SourceFolder, outputPath: String, title: String, diagnostics: inout [Diagnostic]) -> AlbumDraft {
        var settings = AlbumSettings()
        if folder.fileNames.contains("album.json") {
            let relative = folder.path(of: "album.json")
            if let bytes = readSmallFile(relative, diagnostics: &diagnostics) {
                let (read, albumDiagnostics) = AlbumSettings.read(bytes, path: paths.display(relative))
                settings = read
                diagnostics += albumDiagnostics
            }
        }
        let (groups, unattributed) = PhotoFiles.group(fileNames: folder.fileNames)
        for (name, reason) in unattributed {
            diagnostics.append(.warning(reason, path: paths.display(folder.path(of: name))))
        }
        var draft = AlbumDraft(
            folder: folder, outputPath: outputPath, title: settings.title ?? title, settings: settings,
            photoFiles: groups, children: [], taken: Self.reservedSlugs)
        for subfolder in folder.subfolders.sorted(by: { NaturalOrder.precedes($0.name, $1.name) }) {
            let wanted = Slug.make(from: subfolder.name, fallback: "album")
            let slug = Slug.unique(wanted, taken: &draft.taken)
            if slug != wanted {
                diagnostics.append(.warning("album URL '\(wanted)' is taken; this album is published as '\(slug)'", path: paths.display(subfolder.relativePath)))
            }
            let childOutput = outputPath.isEmpty ? slug : outputPath + "/" + slug
            let child = draftAlbum(subfolder, outputPath: childOutput, title: Self.title(fromFolderName: subfolder.name), diagnostics: &diagnostics)
            if child.settings.hidden == true { continue }
            draft.children.append(child)
        }
        return draft
    }

    /// `summer_trip-2024` → `Summer trip 2024`.
    static func title(fromFolderName name: String) -> String {
        let spaced = String(name.map { $0 == "_" || $0 == "-" ? " " : $0 }).trimmingCharacters(in: .whitespaces)
        guard let first = spaced.first else { return name }
        return first.uppercased() + spaced.dropFirst()
    }

    // MARK: Photos

    struct PhotoJob: Sendable {
        var files: PhotoFiles
        var folder: SourceFolder
        var albumOutput: String
    }

    /// A photo read from disk, before it has a slug.
    struct PhotoReading: Sendable {
        var photo: Photo?
        var diagnostics: [Diagnostic]
    }

    private func collectJobs(_ draft: AlbumDraft, into jobs: inout [PhotoJob]) {
        for files in draft.photoFiles {
            jobs.append(PhotoJob(files: files, folder: draft.folder, albumOutput: draft.outputPath))
        }
        for child in draft.children { collectJobs(child, into: &jobs) }
    }

    /// Sidecar formats by strength: Ashlar JSON over XMP over exiftool JSON (the image's own
    /// header is weakest of all).
    static func strength(_ format: Sidecar.Format) -> Int {
        switch format {
        case .ashlar: 0
        case .xmp: 1
        case .exiftool: 2
        }
    }

    /// Errors about these keys (or about the file as a whole) leave the photo out: without them
    /// it cannot be placed or shown. Other errors are reported and the field is dropped.
    static let essentialKeys: Set<String?> = [nil, "width", "height", "orientation", "src"]

    private func readPhoto(_ job: PhotoJob) -> PhotoReading {
        var diagnostics: [Diagnostic] = []
        var readings: [(format: Sidecar.Format, index: Int, reading: SidecarReading, path: String)] = []
        let sidecars = job.files.jsonSidecars + job.files.xmpSidecars
        var failed = false
        for (index, sidecar) in sidecars.enumerated() {
            let relative = job.folder.path(of: sidecar)
            guard let bytes = readSmallFile(relative, diagnostics: &diagnostics) else {
                failed = true
                continue
            }
            let display = paths.display(relative)
            let reading = Sidecar.read(bytes, path: display, language: configuration.language)
            diagnostics += reading.diagnostics
            if reading.diagnostics.contains(where: { $0.severity == .error && Self.essentialKeys.contains($0.key) }) {
                failed = true
            }
            readings.append((Sidecar.format(path: sidecar, bytes: bytes), index, reading, display))
        }
        if failed { return PhotoReading(photo: nil, diagnostics: diagnostics) }
        readings.sort { (Self.strength($0.format), $0.index) < (Self.strength($1.format), $1.index) }
        var metadata = PhotoMetadata()
        for entry in readings { metadata = metadata.merged(over: entry.reading.metadata) }

        let primary = job.folder.path(of: sidecars.first ?? job.files.name)
        let image: ImageLocation
        let sourcePath: String?
        if let imageName = job.files.imageName {
            let relative = job.folder.path(of: imageName)
            sourcePath = relative
            image = publishedLocation(of: relative, name: imageName, albumOutput: job.albumOutput)
            guard let header = readHeader(relative, diagnostics: &diagnostics) else {
                return PhotoReading(photo: nil, diagnostics: diagnostics)
            }
            checkStale(metadata, against: header, sidecar: readings.first { $0.reading.metadata.width != nil || $0.reading.metadata.orientation != nil }?.path, diagnostics: &diagnostics)
            // The file is what the browser shows: its size and orientation win.
            metadata.width = header.width
            metadata.height = header.height
            metadata.orientation = header.orientation
            metadata = metadata.merged(over: header.metadata)
        } else {
            guard let src = metadata.src else {
                diagnostics.append(.warning("sidecar with no image beside it and no 'src'; skipped", path: paths.display(primary)))
                return PhotoReading(photo: nil, diagnostics: diagnostics)
            }
            guard let location = resolve(src: src, folder: job.folder, sidecar: primary, albumOutput: job.albumOutput, key: "src", diagnostics: &diagnostics) else {
                return PhotoReading(photo: nil, diagnostics: diagnostics)
            }
            (sourcePath, image) = location
            if let sourcePath, metadata.width == nil || metadata.height == nil,
                let header = readHeader(sourcePath, diagnostics: &diagnostics)
            {
                metadata = metadata.merged(over: header.metadata)
            }
        }
        guard let size = metadata.displaySize else {
            let missing = metadata.width == nil ? "width" : "height"
            diagnostics.append(.error("'\(missing)' is missing, so the photo cannot be laid out; skipped", path: paths.display(primary), key: missing))
            return PhotoReading(photo: nil, diagnostics: diagnostics)
        }
        if metadata.hidden == true { return PhotoReading(photo: nil, diagnostics: diagnostics) }
        lint(metadata, name: job.files.name, path: paths.display(primary), diagnostics: &diagnostics)
        var photo = Photo(
            sourcePath: sourcePath, image: image, primaryPath: primary, name: job.files.name, slug: "",
            metadata: metadata, width: size.width, height: size.height)
        photo.renditions = renditions(of: job, metadata: metadata, sidecar: primary, diagnostics: &diagnostics)
        return PhotoReading(photo: photo, diagnostics: diagnostics)
    }

    /// Renditions named by the sidecar's `renditions`, and files named `NAME@800w.EXT` beside the
    /// image; one per width (the sidecar's win), narrowest first.
    private func renditions(of job: PhotoJob, metadata: PhotoMetadata, sidecar: String, diagnostics: inout [Diagnostic]) -> [PhotoRendition] {
        var byWidth: [Int: PhotoRendition] = [:]
        for rendition in metadata.renditions ?? [] {
            guard let resolved = resolve(src: rendition.src, folder: job.folder, sidecar: sidecar, albumOutput: job.albumOutput, key: "renditions", diagnostics: &diagnostics) else { continue }
            let source = resolved.0
            var image = resolved.1
            if source != nil, configuration.images == .copy {
                // Published as NAME@WIDTHw.EXT beside the image, so it cannot take another file's name.
                let name = PhotoFiles.baseName(of: job.files.name) + "@\(rendition.width)w." + PhotoFiles.fileExtension(of: rendition.src)
                image = .output(job.albumOutput.isEmpty ? name : job.albumOutput + "/" + name)
            }
            if byWidth[rendition.width] == nil {
                byWidth[rendition.width] = PhotoRendition(image: image, sourcePath: source, width: rendition.width)
            }
        }
        for name in job.files.renditions {
            guard let width = Rendition.width(fromName: name), byWidth[width] == nil else { continue }
            let source = job.folder.path(of: name)
            byWidth[width] = PhotoRendition(image: publishedLocation(of: source, name: name, albumOutput: job.albumOutput), sourcePath: source, width: width)
        }
        return byWidth.keys.sorted().compactMap { byWidth[$0] }
    }

    /// A sidecar that states a size or orientation the image file does not have is out of date.
    private func checkStale(_ metadata: PhotoMetadata, against header: ImageHeader, sidecar: String?, diagnostics: inout [Diagnostic]) {
        guard let sidecar else { return }
        var differences: [String] = []
        if let width = metadata.width, let height = metadata.height, (width, height) != (header.width, header.height) {
            differences.append("says \(width)×\(height), the image is \(header.width)×\(header.height)")
        }
        if let orientation = metadata.orientation, orientation != header.orientation {
            differences.append("says orientation \(orientation), the image has \(header.orientation)")
        }
        guard !differences.isEmpty else { return }
        diagnostics.append(.warning("stale sidecar: it \(differences.joined(separator: " and ")); using the image's", path: sidecar))
    }

    private func lint(_ metadata: PhotoMetadata, name: String, path: String, diagnostics: inout [Diagnostic]) {
        switch (metadata.title, metadata.alt) {
        case (nil, nil):
            diagnostics.append(.warning("missing title and alt text; add 'title' and an 'alt' describing what the photo shows", path: path, key: "alt"))
        case (_, nil):
            diagnostics.append(.warning("missing alt text; add 'alt' describing what the photo shows", path: path, key: "alt"))
        case (nil, _):
            diagnostics.append(.warning("missing title; its pages show a numbered one such as \"Photo 3 of 40\"", path: path, key: "title"))
        default:
            break
        }
        if let alt = metadata.alt, AltTextLint.isMeaningless(alt, fileName: name) {
            diagnostics.append(.warning("alt text \"\(alt.prefix(60))\" is a file or camera name; describe what the photo shows", path: path, key: "alt"))
        }
    }

    /// Reads an image's header, growing the prefix only as far as the format needs.
    private func readHeader(_ relative: String, diagnostics: inout [Diagnostic]) -> ImageHeader? {
        let display = paths.display(relative)
        let file = paths.sourceFile(relative)
        var length = ImageHeaderReader.typicalPrefix
        while true {
            let prefix: [UInt8]
            let size: Int
            switch RawFile.read(file, upTo: length) {
            case .success(let read): (prefix, size) = read
            case .failure(let failure):
                diagnostics.append(.error("unreadable image: \(failure.reason)", path: display))
                return nil
            }
            switch ImageHeaderReader.read(prefix, fileSize: size, path: display) {
            case .header(let header):
                return header
            case .failure(let diagnostic):
                var copy = diagnostic
                copy.message = "unreadable image: " + copy.message
                diagnostics.append(copy)
                return nil
            case .needsMoreBytes(let needed):
                guard needed > prefix.count, prefix.count < size, length < ImageHeaderReader.maximumPrefix else {
                    diagnostics.append(.error("unreadable image: no image size within the first \(ImageHeaderReader.maximumPrefix >> 20) MiB", path: display))
                    return nil
                }
                length = min(max(needed, 2 * length), ImageHeaderReader.maximumPrefix)
            }
        }
    }

    /// Reads a file of at most `Sidecar.maximumSize` bytes; reports and returns nil otherwise.
    private func readSmallFile(_ relative: String, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        let path = paths.display(relative)
        switch RawFile.read(paths.sourceFile(relative), upTo: Sidecar.maximumSize + 1) {
        case .success(let read):
            if let tooLarge = Sidecar.sizeDiagnostic(byteCount: read.size, path: path) {
                diagnostics.append(tooLarge)
                return nil
            }
            return read.bytes
        case .failure(let failure):
            diagnostics.append(.error("cannot read the file: \(failure.reason)", path: path))
            return nil
        }
    }

    /// A sidecar's `src` (or a rendition's): an `http(s)` URL, or a path inside the source tree.
    private func resolve(
        src: String, folder: SourceFolder, sidecar: String, albumOutput: String, key: String, diagnostics: inout [Diagnostic]
    ) -> (String?, ImageLocation)? {
        let path = paths.display(sidecar)
        func fail(_ message: String) -> (String?, ImageLocation)? {
            diagnostics.append(.error(message.replacingOccurrences(of: "'src'", with: "'\(key)'"), path: path, key: key))
            return nil
        }
        let lowered = src.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: src), url.host?.isEmpty == false else {
                return fail("'src' is not a valid URL: \"\(src.prefix(200))\"")
            }
            return (nil, .remote(src))
        }
        if lowered.contains(":") || src.hasPrefix("/") || src.contains("\\") || src.contains("\0") {
            return fail("'src' must be an http(s) URL or a path inside the source folder, found \"\(src.prefix(200))\"")
        }
        var components: [Substring] = folder.relativePath.isEmpty ? [] : folder.relativePath.split(separator: "/")
        for component in src.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return fail("'src' leads outside the source folder: \"\(src.prefix(200))\"") }
                components.removeLast()
            default: components.append(component)
            }
        }
        let relative = components.joined(separator: "/")
        let root = FileSystem.realPath(paths.source.path) ?? paths.source.path
        guard let real = FileSystem.realPath(paths.sourceFile(relative)) else {
            return fail("'src' names a file that does not exist: \"\(src.prefix(200))\"")
        }
        guard real != root, FileSystem.isInside(real, root: root) else { return fail("'src' leads outside the source folder: \"\(src.prefix(200))\"") }
        let name = components.last.map(String.init) ?? relative
        return (relative, publishedLocation(of: relative, name: name, albumOutput: albumOutput))
    }

    /// Where the browser finds a local image: copied beside its album's page, or — with
    /// `images: reference` — at `mediaBaseURL`, or back in the source folder.
    func publishedLocation(of sourcePath: String, name: String, albumOutput: String) -> ImageLocation {
        switch configuration.images {
        case .copy:
            return .output(albumOutput.isEmpty ? name : albumOutput + "/" + name)
        case .reference:
            if let base = configuration.mediaBaseURL { return .remote(base + URLPath.encodePath(sourcePath)) }
            return .referenced(paths.sourceFromOutput + sourcePath)
        }
    }

    // MARK: Albums

    private func assemble(_ draft: AlbumDraft, readings: [PhotoReading], cursor: inout Int, diagnostics: inout [Diagnostic]) -> Album {
        var album = Album(
            sourcePath: draft.folder.relativePath, outputPath: draft.outputPath, title: draft.title,
            description: draft.settings.description)
        var taken = draft.taken
        var imageSources: [String: String] = [:]
        var photos: [Photo] = []
        for _ in draft.photoFiles {
            let reading = readings[cursor]
            cursor += 1
            diagnostics += reading.diagnostics
            guard var photo = reading.photo else { continue }
            let wanted = Slug.make(from: PhotoFiles.baseName(of: photo.imageFileName), fallback: "photo")
            photo.slug = Slug.unique(wanted, taken: &taken)
            if photo.slug != wanted {
                diagnostics.append(.warning("photo URL '\(wanted)' is taken; this photo is published as '\(photo.slug)'", path: paths.display(photo.primaryPath)))
            }
            // Two photos may not publish different files under one name.
            if case .output(var output) = photo.image, let source = photo.sourcePath {
                var counter = 1
                while let existing = imageSources[output], existing != source {
                    counter += 1
                    let name = "\(photo.slug)-\(counter).\(PhotoFiles.fileExtension(of: output))"
                    output = draft.outputPath.isEmpty ? name : draft.outputPath + "/" + name
                }
                imageSources[output] = source
                photo.image = .output(output)
            }
            photos.append(photo)
        }
        album.photos = (draft.settings.sort ?? configuration.sort).sorted(photos)
        // Two photos of one album with the same title read the same in links and to screen readers.
        // Names, not photos: a copy of every photo of a 100,000-photo album took 200 MiB.
        var firstWithTitle: [String: String] = [:]
        for photo in album.photos {
            guard let title = photo.metadata.title else { continue }
            if let first = firstWithTitle[title] {
                diagnostics.append(.warning("title \"\(title.prefix(60))\" is also the title of '\(first)' in this album; titles tell photos apart in links and to screen readers", path: paths.display(photo.primaryPath), key: "title"))
            } else {
                firstWithTitle[title] = photo.name
            }
        }
        for child in draft.children {
            album.albums.append(assemble(child, readings: readings, cursor: &cursor, diagnostics: &diagnostics))
        }
        if let cover = draft.settings.cover {
            album.cover = Self.photo(named: cover, in: album)
            if album.cover == nil {
                diagnostics.append(.warning("'cover' names no photo in this album or below it: \"\(cover.prefix(200))\"", path: paths.display(draft.folder.path(of: "album.json")), key: "cover"))
            }
        }
        if album.cover == nil {
            album.cover = album.photos.first ?? album.albums.lazy.compactMap(\.cover).first
        }
        if album.photos.isEmpty, album.albums.isEmpty {
            diagnostics.append(.warning("album has no photos to show; its page says so", path: paths.display(draft.folder.relativePath)))
        }
        return album
    }

    /// The photo `name` (a file name in the album, or a path relative to it) names.
    static func photo(named name: String, in album: Album) -> Photo? {
        let target = album.sourcePath.isEmpty ? name : album.sourcePath + "/" + name
        if let own = album.photos.first(where: { $0.name == name || $0.sourcePath == target }) { return own }
        for candidate in album.allAlbums {
            if let match = candidate.photos.first(where: { $0.sourcePath == target || $0.primaryPath == target }) { return match }
        }
        return nil
    }
}
