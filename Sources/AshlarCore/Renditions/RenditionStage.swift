import AshlarImage
import Foundation
import Synchronization

/// The rendition stage, between the catalog and rendering: makes the renditions of every local
/// JPEG and PNG photo that has none of its own (or finds them in the cache), and points the
/// photo at them. A photo it cannot make renditions of — too small, damaged, a GIF or WebP — is
/// published as a copy whose metadata is chosen from an allowlist (`PublishedCopy`), never as it
/// is (unless `"publishAsIs"` names its format); one the decoder refuses, or an AVIF, is left out
/// with an error.
struct RenditionStage: Sendable {
    var paths: SitePaths
    var settings: RenditionSettings
    /// The widths to make, narrowest first.
    var widths: [Int]
    var cache: RenditionCache
    var workers: Int?
    /// What the photos decoded at once may hold between them (`RenditionStage+Memory`).
    var memoryBudget = DecodeMemoryBudget()
    /// Where the budget comes from, as refusals name it (`'--memory'`); nil when it is not the user's.
    var budgetOrigin: String?
    /// Which photos get renditions made now; the others use what the cache has, or are
    /// published as a copy for now (`serve`'s first builds, so the first page is there soon).
    var scope = RenditionScope.all
    /// How many threads may decode one HEIC grid's tiles at once: the workers a build of fewer
    /// photos than workers leaves idle, shared among its photos (`run` sets it).
    var tileWorkers = 1

    /// What the stage did.
    struct Report: Sendable, Equatable {
        /// Files made, and files found in the cache.
        var made = 0
        var reused = 0
        /// Photos published as a copy for now because `scope` left their renditions for later.
        var deferred = 0
        /// Photos the stage took, and of those the ones another shard's build works on.
        var photos = 0
        var outsideShard = 0
        var diagnostics: [Diagnostic] = []
        /// Cache files this build uses.
        var used: Set<String> = []
        /// The most photos decoded at once (``DecodeMemoryBudget/mostAtOnce``).
        var mostDecodesAtOnce = 0
    }

    /// One item to work on: its still, and where the item is in the tree.
    struct Job: Sendable {
        var photo: Photo
        var still: Still
        var albumOutput: String
    }

    /// What the stage did for one item: values, gathered into ``PublishedImages`` once every item
    /// is done.
    struct Outcome: Sendable {
        /// The still as the catalog has it (never changed here).
        var still: Still
        /// How its renditions are published; nil when it is published as the source has it.
        var published: PublishedRenditions?
        /// The published copy of its own file that stands in for renditions.
        var copy: CachedFile?
        /// The image was read but renditions of it would bake in damage: a copy stands in.
        var damaged = false
        var made = 0
        var reused = 0
        var deferred = false
        /// In another shard than the one this build makes (`RenditionScope.shard`): passed over.
        var outsideShard = false
        /// The decoder refused the image: it is left out of the site, as the catalog leaves out a
        /// file whose header it refuses.
        var refused = false
        /// The decoder's refusal, in the words the build printed, and the digest of the bytes it
        /// refused: remembered in the cache (`refusals.tsv`).
        var refusal: (digest: String, message: String)?
        var diagnostics: [Diagnostic] = []
        var used: [String] = []
        var digest: (path: String, stamp: FileStamp, digest: String)?
    }

    /// Whether the stage publishes this photo: a local photo without renditions of its own,
    /// whose format Ashlar decodes (renditions, or a copy when it is too small for them or
    /// damaged; those are decoded to be checked, so that the build publishes exactly the images
    /// AshlarImage decodes) or that `publishAsIs` does not name (a copy, or left out).
    static func takes(_ still: Still, publishAsIs: Set<ImageFormat>) -> Bool {
        guard still.renditions.isEmpty, still.sourcePath != nil,
            case .output = still.image,
            let format = still.format
        else { return false }
        return format.canDecode || !publishAsIs.contains(format)
    }

    /// Runs over every album of `root`, which it does not change; `progress` hears how many
    /// photos are done of how many.
    func run(_ root: Album, progress: (@Sendable (Int, Int) -> Void)? = nil) -> (PublishedImages, Report) {
        var jobs: [Job] = []
        func collect(_ album: Album) {
            // A photo without a local file is passed over without being copied: on a site whose
            // images are all remote, that is every photo.
            for photo in album.photos {
                guard let still = photo.still, Self.takes(still, publishAsIs: settings.publishAsIs) else { continue }
                jobs.append(Job(photo: photo, still: still, albumOutput: album.outputPath))
            }
            album.albums.forEach(collect)
        }
        collect(root)
        let chosen = Self.chosen(in: root, scope: scope)
        var report = Report()
        report.photos = jobs.count
        guard !jobs.isEmpty else { return (PublishedImages(), report) }
        let usesCache = scope != .checkOnly
        if usesCache {
            if let failure = cache.open(creating: true) {
                // Nothing can be published without its metadata: every photo is left out.
                report.diagnostics.append(
                    .error(
                        RenditionCache.unusable(failure)
                            + "; \(jobs.count) photo\(jobs.count == 1 ? " is" : "s are") left out",
                        path: cache.root))
                return (
                    PublishedImages(items: Dictionary(jobs.map { ($0.photo.id, .leftOut) }) { first, _ in first }),
                    report
                )
            }
            cache.tag()
        }
        let known = usesCache || scope == .checkOnly ? cache.sourceDigests() : [:]
        let remembered = usesCache ? cache.refusals() : [:]
        let done = Atomic<Int>(0)
        let total = jobs.count
        var stage = self
        stage.tileWorkers = max(1, (workers ?? MachineResources.current.cores) / total)
        let outcomes = jobs.parallelMap(workers: workers) { [stage] job -> Outcome in
            // A RAW's preview is never stood in for by a copy (`serve`'s first builds): a copy
            // would keep the preview's orientation, not the RAW's.
            let makes =
                job.still.preview != nil || (chosen.map { job.still.sourcePath.map($0.contains) ?? false } ?? true)
            let outcome =
                scope == .checkOnly
                ? stage.check(job, known: known)
                : stage.make(job, known: known, refusals: remembered, makesRenditions: makes)
            let count = done.add(1, ordering: .relaxed).newValue
            progress?(count, total)
            return outcome
        }
        var published = PublishedImages()
        // This build's sources only: a deleted or renamed photo's line goes.
        var digests: [String: (stamp: FileStamp, digest: String)] = [:]
        var refusals: [String: String] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            if let refusal = outcome.refusal { refusals[refusal.digest] = refusal.message }
            report.made += outcome.made
            report.reused += outcome.reused
            if outcome.deferred { report.deferred += 1 }
            if outcome.outsideShard { report.outsideShard += 1 }
            report.diagnostics += outcome.diagnostics
            report.used.formUnion(outcome.used)
            if outcome.refused {
                published.items[job.photo.id] = .leftOut
            } else if let renditions = outcome.published {
                published.items[job.photo.id] = .renditions(renditions)
            } else if let copy = outcome.copy {
                published.items[job.photo.id] = .copy(copy)
            }
            if let digest = outcome.digest { digests[digest.path] = (digest.stamp, digest.digest) }
        }
        if usesCache, let failure = cache.saveSourceDigests(digests) {
            report.diagnostics.append(
                .warning("cannot update the rendition cache: \(failure.message)", path: cache.root + "/sources.tsv"))
        }
        if usesCache, let failure = cache.saveRefusals(refusals) {
            report.diagnostics.append(
                .warning("cannot update the rendition cache: \(failure.message)", path: cache.root + "/refusals.tsv"))
        }
        return (published, report)
    }

    /// The source paths of the photos `scope` makes renditions for; nil for all of them.
    private static func chosen(in root: Album, scope: RenditionScope) -> Set<String>? {
        switch scope {
        case .all, .shard:
            return nil
        case .cachedOnly, .checkOnly:
            return []
        case .firstScreen(let count):
            let firstPhotos = root.photos.prefix(count).compactMap(\.still?.sourcePath)
            let covers = root.albums.compactMap { $0.coverPhoto?.still?.sourcePath }
            return Set(firstPhotos + covers)
        }
    }

    /// The progress line: "renditions of 312/1,000 photos, 1 min 20 s left" (the time left once
    /// there is something to go by). It counts photos, each of which has several renditions.
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
        var text = "renditions of \(grouped(done))/\(grouped(total)) photo\(total == 1 ? "" : "s")"
        guard done > 0, done < total, elapsed >= 1 else { return text }
        let left = Int((elapsed / Double(done) * Double(total - done)).rounded(.up))
        text += left >= 60 ? ", \(left / 60) min \(left % 60) s left" : ", \(left) s left"
        return text
    }

    /// The renditions of a source's bytes, ready for the cache; nil, with a diagnostic, when the
    /// decoder refuses the image or damage would be baked into them.
    func encode(_ bytes: [UInt8], digest: String, widths: [Int], shown: String, into outcome: inout Outcome)
        -> (renditions: [(entry: RenditionCache.Entry, bytes: [UInt8])], placeholder: ColourPlaceholder?)?
    {
        let set: RenditionSet
        do throws(ImageError) {
            set = try makeRenditions(of: bytes, widths: widths, orientation: outcome.still.preview?.orientation)
        } catch {
            outcome.refused = true
            let message = Self.refusal(error, bytes: bytes)
            outcome.diagnostics.append(.error(message, path: shown))
            if !Self.isOverBudget(error) { outcome.refusal = (digest, message) }
            return nil
        }
        // Renditions would bake in what the decoder made up for the missing part; a warning about
        // the file around the pixels (an ignored chunk) does not stop them.
        if let damage = set.warnings.first(where: \.isDamage) {
            outcome.damaged = true
            outcome.diagnostics.append(
                .warning(
                    "cannot make renditions (\(damage.description)); the image is published without them",
                    path: shown))
            return nil
        }
        for warning in set.warnings { outcome.diagnostics.append(.warning(warning.description, path: shown)) }
        let renditions = set.renditions.map { rendition in
            (
                entry: RenditionCache.Entry(
                    width: rendition.width, height: rendition.height, format: rendition.format.imageFormat,
                    size: rendition.bytes.count, digest: SourceDigest.of(bytes: rendition.bytes)),
                bytes: rendition.bytes
            )
        }
        return (renditions, set.placeholder)
    }

    /// Why a set's heights cannot be this still's renditions: each must be its width scaled by
    /// the still's aspect ratio (a video's poster's, not the video's), give or take a pixel of
    /// rounding.
    static func implausibleHeight(in entries: [RenditionCache.Entry], of still: Still) -> String? {
        for entry in entries {
            let expected = Double(entry.width) * Double(still.height) / Double(still.width)
            if abs(Double(entry.height) - expected) > 1.5 {
                return
                    "a rendition \(entry.width) pixels wide is listed \(entry.height) high, not \(Int(expected.rounded()))"
            }
        }
        return nil
    }

    /// The photo's source file: its source-relative path, its path, the name it is shown by and
    /// its size and time; nil, with an error naming it, when it cannot be read.
    func sourceFile(of job: Job, into outcome: inout Outcome)
        -> (source: String, path: String, shown: String, stamp: FileStamp)?
    {
        guard let source = job.still.sourcePath else { return nil }
        let path = paths.sourceFile(source)
        let shown = paths.display(source)
        var info = stat()
        guard stat(path, &info) == 0 else {
            outcome.diagnostics.append(.error("cannot read: \(SystemError.message(errno))", path: shown))
            return nil
        }
        return (source, path, shown, FileStamp(info))
    }

    /// The cache key of a photo's set: its bytes, its widths and the settings that shape them.
    func key(digest: String, widths: [Int]) -> String {
        RenditionKey(
            sourceDigest: digest,
            product: .renditions(widths: widths, quality: settings.quality, metadata: settings.metadata)
        ).value
    }

    /// The widths of a still's renditions (a video's poster's at the poster's size); none when
    /// it is too small for any, except for a format browsers do not show as it is (HEIC), which
    /// then gets one rendition at its own width.
    func widths(for still: Still) -> [Int] {
        let made = RenditionWidths.forPhoto(
            width: still.width, height: still.height, widths: widths, longestSide: settings.maxWidth)
        if made.isEmpty, !widths.isEmpty, let format = still.format, format.canDecode, !format.canEncode {
            return [still.width]
        }
        return made
    }

    /// Why the decoder refused a photo, naming the format as the header scan does.
    static func refusal(_ error: ImageError, bytes: [UInt8]) -> String {
        (ImageFormat.detect(bytes).map { $0.describing(error) } ?? error.message) + "; the photo is left out"
    }

    /// A source image's bytes (for a camera RAW, its preview's), or nil with an error naming the
    /// file; a file larger than `largestSourceFile` is refused before it is read.
    func readSource(_ path: String, shown: String, into outcome: inout Outcome) -> [UInt8]? {
        if let range = outcome.still.preview?.range {
            guard range.count <= largestSourceFile else {
                outcome.diagnostics.append(.error(tooLarge(range.count, what: "its preview"), path: shown))
                return nil
            }
            switch RawFile.read(path, range: range) {
            case .success(let bytes): return bytes
            case .failure(let failure):
                outcome.diagnostics.append(.error("cannot read its preview: \(failure.reason)", path: shown))
                return nil
            }
        }
        // The size first (`upTo: 0` reads nothing), then at most one byte more than is allowed.
        let read = RawFile.read(path, upTo: 0).flatMap { head in
            head.size > largestSourceFile ? .success(head) : RawFile.read(path, upTo: largestSourceFile + 1)
        }
        switch read {
        case .success(let read) where read.size > largestSourceFile || read.bytes.count > largestSourceFile:
            outcome.diagnostics.append(.error(tooLarge(read.size, what: "the file"), path: shown))
            return nil
        case .success(let read):
            return read.bytes
        case .failure(let failure):
            outcome.diagnostics.append(.error("cannot read: \(failure.reason)", path: shown))
            return nil
        }
    }

    /// The refusal of a file too large to decode within the budget, its bytes counted.
    func tooLarge(_ size: Int, what: String) -> String {
        "\(what) is \(size >> 20) MiB, more than any image Ashlar decodes within the build's memory budget of "
            + "\((largestSourceFile + 1) >> 20) MiB (its bytes count in it); the photo is left out"
    }
}
