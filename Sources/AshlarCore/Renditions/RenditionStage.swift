import AshlarImage
import Foundation
import Synchronization

/// The rendition stage, between the catalog and rendering: makes the renditions of every local
/// JPEG and PNG photo that has none of its own (or finds them in the cache), and points the
/// photo at them. A photo whose image cannot be decoded keeps its original, with a warning.
struct RenditionStage: Sendable {
    var paths: SitePaths
    var settings: RenditionSettings
    /// The widths to make, narrowest first.
    var widths: [Int]
    var cache: RenditionCache
    var workers: Int?
    /// Which photos get renditions made now; the others use what the cache has, or are
    /// published as they are for now (`serve`'s first builds, so the first page is there at once).
    var scope = RenditionScope.all

    /// What the stage did.
    struct Report: Sendable, Equatable {
        /// Files made, and files found in the cache.
        var made = 0
        var reused = 0
        /// Photos published as they are for now because `scope` left them for later.
        var deferred = 0
        var diagnostics: [Diagnostic] = []
        /// Cache files this build uses.
        var used: Set<String> = []
    }

    /// One photo to work on: where it is in the tree.
    struct Job: Sendable {
        var photo: Photo
        var albumOutput: String
    }

    struct Outcome: Sendable {
        var photo: Photo
        var made = 0
        var reused = 0
        var deferred = false
        /// The decoder refused the image: it is left out of the site, as the catalog leaves out a
        /// file whose header it refuses.
        var refused = false
        var diagnostics: [Diagnostic] = []
        var used: [String] = []
        var digest: (path: String, stamp: FileStamp, digest: String)?
    }

    /// Whether the stage makes renditions of this photo.
    static func wants(_ photo: Photo, widths: [Int]) -> Bool {
        decodes(photo) && !RenditionWidths.forPhoto(width: photo.width, widths: widths).isEmpty
    }

    /// Whether the stage decodes this photo: a local JPEG or PNG without renditions of its own.
    /// Those too small for renditions are decoded only to be checked, so that the build publishes
    /// exactly the images AshlarImage decodes.
    static func decodes(_ photo: Photo) -> Bool {
        guard photo.renditions.isEmpty, photo.generated == nil, photo.sourcePath != nil,
            case .output = photo.image
        else { return false }
        return ImageFormat(fileExtension: PhotoFiles.fileExtension(of: photo.name))?.canDecode ?? false
    }

    /// Runs over every album of `root`; `progress` hears how many photos are done of how many.
    func run(_ root: Album, progress: (@Sendable (Int, Int) -> Void)? = nil) -> (Album, Report) {
        var jobs: [Job] = []
        func collect(_ album: Album) {
            // A photo without a local file is passed over without being copied: on a site whose
            // images are all remote, that is every photo.
            for index in album.photos.indices
            where album.photos[index].sourcePath != nil && Self.decodes(album.photos[index]) {
                jobs.append(Job(photo: album.photos[index], albumOutput: album.outputPath))
            }
            album.albums.forEach(collect)
        }
        collect(root)
        let chosen = Self.chosen(in: root, scope: scope)
        var report = Report()
        guard !jobs.isEmpty else { return (root, report) }
        // Photos too small for renditions are only checked: the cache is not touched for them.
        let usesCache = scope != .checkOnly && jobs.contains { Self.wants($0.photo, widths: widths) }
        if usesCache { cache.tag() }
        let known = usesCache || scope == .checkOnly ? cache.sourceDigests() : [:]
        let done = Atomic<Int>(0)
        let total = jobs.count
        let outcomes = jobs.parallelMap(workers: workers) { job -> Outcome in
            let makes = chosen.map { job.photo.sourcePath.map($0.contains) ?? false } ?? true
            let outcome =
                scope == .checkOnly ? check(job, known: known) : make(job, known: known, makesRenditions: makes)
            let count = done.add(1, ordering: .relaxed).newValue
            progress?(count, total)
            return outcome
        }
        var updated: [String: Photo] = [:]
        var refused: Set<String> = []
        // This build's sources only: a deleted or renamed photo's line goes.
        var digests: [String: (stamp: FileStamp, digest: String)] = [:]
        for outcome in outcomes {
            report.made += outcome.made
            report.reused += outcome.reused
            if outcome.deferred { report.deferred += 1 }
            report.diagnostics += outcome.diagnostics
            report.used.formUnion(outcome.used)
            if let source = outcome.photo.sourcePath {
                if outcome.refused { refused.insert(source) } else { updated[source] = outcome.photo }
            }
            if let digest = outcome.digest { digests[digest.path] = (digest.stamp, digest.digest) }
        }
        if usesCache, let failure = cache.saveSourceDigests(digests) {
            report.diagnostics.append(
                .warning("cannot update the rendition cache: \(failure.message)", path: cache.root + "/sources.tsv"))
        }
        return (Self.replacing(updated, removing: refused, in: root), report)
    }

    /// The source paths of the photos `scope` makes renditions for; nil for all of them.
    private static func chosen(in root: Album, scope: RenditionScope) -> Set<String>? {
        switch scope {
        case .all:
            return nil
        case .cachedOnly, .checkOnly:
            return []
        case .firstScreen(let count):
            let firstPhotos = root.photos.prefix(count).compactMap(\.sourcePath)
            let covers = root.albums.compactMap { $0.cover?.sourcePath }
            return Set(firstPhotos + covers)
        }
    }

    /// The tree with each photo (and each cover) that has a new version replaced by it, and the
    /// photos whose source is in `refused` left out; an album whose cover is left out takes its
    /// first photo, else its first sub-album's cover, as the catalog chooses.
    private static func replacing(_ updated: [String: Photo], removing refused: Set<String>, in album: Album) -> Album {
        var album = album
        if !refused.isEmpty {
            album.photos.removeAll { photo in photo.sourcePath.map(refused.contains) ?? false }
        }
        album.photos = album.photos.map { photo in photo.sourcePath.flatMap { updated[$0] } ?? photo }
        album.albums = album.albums.map { replacing(updated, removing: refused, in: $0) }
        if let cover = album.cover, let source = cover.sourcePath {
            if refused.contains(source) {
                album.cover = album.photos.first ?? album.albums.lazy.compactMap(\.cover).first
            } else if let photo = updated[source] {
                album.cover = photo
            }
        }
        return album
    }

    /// The progress line: "renditions 312/1,000, 1 min 20 s left" (the time left once there is
    /// something to go by).
    static func progressText(done: Int, total: Int, elapsed: Double) -> String {
        func grouped(_ count: Int) -> String {
            var digits = String(count)
            var result = ""
            while digits.count > 3 {
                result = "," + digits.suffix(3) + result
                digits.removeLast(3)
            }
            return digits + result
        }
        var text = "renditions \(grouped(done))/\(grouped(total))"
        guard done > 0, done < total, elapsed >= 1 else { return text }
        let left = Int((elapsed / Double(done) * Double(total - done)).rounded(.up))
        text += left >= 60 ? ", \(left / 60) min \(left % 60) s left" : ", \(left) s left"
        return text
    }

    /// The cache key of one photo's renditions: its bytes and everything that shapes them.
    static func key(digest: String, widths: [Int], quality: Int, metadata: RenditionSettings.Metadata) -> String {
        RenditionKey(
            sourceDigest: digest, product: .renditions(widths: widths, quality: quality, metadata: metadata)
        ).value
    }

    private func make(
        _ job: Job, known: [String: (stamp: FileStamp, digest: String)], makesRenditions: Bool
    ) -> Outcome {
        var outcome = Outcome(photo: job.photo)
        guard let (source, path, shown, stamp) = sourceFile(of: job, into: &outcome) else { return outcome }
        let photoWidths = widths(for: job.photo)
        var bytes: [UInt8]?
        if photoWidths.isEmpty {
            guard makesRenditions else {
                // Checked in a later round: until then the build is not taken as up to date.
                outcome.deferred = true
                return outcome
            }
            guard let read = readSource(path, shown: shown, into: &outcome) else { return outcome }
            do throws(ImageError) {
                try Renditions.check(read)
            } catch {
                outcome.refused = true
                outcome.diagnostics.append(.error(Self.refusal(error, bytes: read), path: shown))
            }
            return outcome
        }
        let digest: String
        if let remembered = known[source], remembered.stamp == stamp {
            digest = remembered.digest
        } else if !makesRenditions {
            // Reading the whole file to digest it is work too: later.
            outcome.deferred = true
            return outcome
        } else {
            guard let read = readSource(path, shown: shown, into: &outcome) else { return outcome }
            bytes = read
            digest = SourceDigest.of(bytes: read)
        }
        outcome.digest = (source, stamp, digest)
        let key = Self.key(
            digest: digest, widths: photoWidths, quality: settings.quality, metadata: settings.metadata)
        var entries = cache.set(key: key)
        if entries != nil {
            cache.touch(key: key)
            outcome.reused = entries?.count ?? 0
        } else if !makesRenditions {
            outcome.deferred = true
            return outcome
        } else {
            if bytes == nil {
                guard let read = readSource(path, shown: shown, into: &outcome) else { return outcome }
                bytes = read
            }
            do throws(ImageError) {
                let set = try Renditions.make(
                    from: bytes ?? [], widths: photoWidths, quality: settings.quality,
                    keepingCameraEXIF: settings.metadata == .camera)
                // Renditions would bake in what the decoder made up for the missing part; a
                // warning about the file around the pixels (an ignored chunk) does not stop them.
                if let damage = set.warnings.first(where: \.isDamage) {
                    let reason = damage.description
                    outcome.diagnostics.append(
                        .warning("cannot make renditions (\(reason)); the image is published as it is", path: shown))
                    return outcome
                }
                let made = set.renditions.map { rendition in
                    return (
                        entry: RenditionCache.Entry(
                            width: rendition.width, height: rendition.height, format: rendition.format.imageFormat),
                        bytes: rendition.bytes
                    )
                }
                for warning in set.warnings { outcome.diagnostics.append(.warning(warning.description, path: shown)) }
                if let failure = cache.store(key: key, made) {
                    outcome.diagnostics.append(
                        .error("cannot write to the rendition cache: \(failure.message)", path: cache.setFile(key: key))
                    )
                    return outcome
                }
                entries = made.map(\.entry)
                outcome.made = made.count
            } catch {
                outcome.refused = true
                outcome.diagnostics.append(.error(Self.refusal(error, bytes: bytes ?? []), path: shown))
                return outcome
            }
        }
        guard let entries = entries?.sorted(by: { $0.width < $1.width }), let largest = entries.last else {
            return outcome
        }
        // Stable names that change with the content: safe to serve with long cache lifetimes.
        let stem = PhotoFiles.baseName(of: job.photo.name)
        let tag = String(key.prefix(10))
        var files: [CachedFile] = []
        var renditions: [PhotoRendition] = []
        for entry in entries {
            let name = "\(stem)@\(entry.width)w.\(tag).\(entry.format.fileExtension)"
            let output = job.albumOutput.isEmpty ? name : job.albumOutput + "/" + name
            let cachePath = cache.renditionFile(key: key, width: entry.width, format: entry.format)
            files.append(CachedFile(outputPath: output, cachePath: cachePath, entry: "\(key)-\(entry.width)"))
            renditions.append(PhotoRendition(image: .output(output), sourcePath: nil, width: entry.width))
            outcome.used.append(cachePath)
        }
        outcome.used.append(cache.setFile(key: key))
        var photo = job.photo
        let original = photo.image
        photo.image = renditions.removeLast().image
        photo.imageWidth = largest.width
        photo.renditions = renditions
        var generated = GeneratedImages(files: files)
        // For sharing previews: the rendition nearest 1,200 px wide.
        if let sharing = entries.min(by: { abs($0.width - 1200) < abs($1.width - 1200) }),
            let file = files.first(where: { $0.entry.hasSuffix("-\(sharing.width)") })
        {
            generated.sharing = (.output(file.outputPath), sharing.width, sharing.height)
        }
        if settings.originals == .publish {
            generated.original = original
            if let published = publishOriginal(
                source: source, bytes: bytes, digest: digest, at: original, outcome: &outcome)
            {
                generated.files.append(published)
            }
        }
        photo.generated = generated
        outcome.photo = photo
        return outcome
    }

    /// The photo's source file: its source-relative path, its path, the name it is shown by and
    /// its size and time; nil, with an error naming it, when it cannot be read.
    func sourceFile(of job: Job, into outcome: inout Outcome)
        -> (source: String, path: String, shown: String, stamp: FileStamp)?
    {
        guard let source = job.photo.sourcePath else { return nil }
        let path = paths.sourceFile(source)
        let shown = paths.display(source)
        var info = stat()
        guard stat(path, &info) == 0 else {
            outcome.diagnostics.append(.error("cannot read: \(SystemError.message(errno))", path: shown))
            return nil
        }
        return (source, path, shown, FileStamp(info))
    }

    /// The widths of the photo's renditions; none when it is too small for any.
    func widths(for photo: Photo) -> [Int] {
        RenditionWidths.forPhoto(
            width: photo.width, height: photo.height, widths: widths, longestSide: settings.maxWidth)
    }

    /// Why the decoder refused a photo, naming the format as the header scan does.
    static func refusal(_ error: ImageError, bytes: [UInt8]) -> String {
        (ImageFormat.detect(bytes).map { $0.describing(error) } ?? error.message) + "; the photo is left out"
    }

    /// A source image's bytes, or nil with an error naming the file.
    func readSource(_ path: String, shown: String, into outcome: inout Outcome) -> [UInt8]? {
        switch RawFile.read(path, upTo: Int.max) {
        case .success(let read):
            return read.bytes
        case .failure(let failure):
            outcome.diagnostics.append(.error("cannot read: \(failure.reason)", path: shown))
            return nil
        }
    }

    /// The original without its location data (EXIF GPS and XMP location removed losslessly,
    /// the pixels' bytes untouched), from the cache or made now.
    private func publishOriginal(
        source: String, bytes: [UInt8]?, digest: String, at location: ImageLocation, outcome: inout Outcome
    ) -> CachedFile? {
        guard case .output(let output) = location else { return nil }
        guard let format = ImageFormat(fileExtension: PhotoFiles.fileExtension(of: source)), format.canEncode else {
            return nil
        }
        let shown = paths.display(source)
        let cachePath = cache.originalFile(
            key: RenditionKey(sourceDigest: digest, product: .original(format)).value, format: format)
        outcome.used.append(cachePath)
        if cache.exists(cachePath) {
            outcome.reused += 1
        } else {
            guard let data = bytes ?? readSource(paths.sourceFile(source), shown: shown, into: &outcome) else {
                return nil
            }
            do throws(ImageError) {
                let stripped: [UInt8]
                switch format {
                case .jpeg: stripped = try JPEGMetadata.rewrite(data, keeping: .everythingButLocation)
                case .png: stripped = try PNGMetadata.removingLocation(data)
                case .gif, .webp, .avif: return nil
                }
                if let failure = RenditionCache.replace(cachePath, with: stripped) {
                    outcome.diagnostics.append(
                        .error("cannot write to the rendition cache: \(failure.message)", path: cachePath))
                    return nil
                }
                outcome.made += 1
            } catch {
                outcome.diagnostics.append(
                    .warning("the original is not published: \(error.description)", path: shown))
                return nil
            }
        }
        return CachedFile(outputPath: output, cachePath: cachePath, entry: "o:" + digest)
    }
}
