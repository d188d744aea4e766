extension SiteBuilder {
    /// What a build did.
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var photoCount: Int
        public var albumCount: Int
        public var pageCount: Int
        /// What `minRating` left out; nil when it left out nothing.
        public var leftOut: LeftOutPhotos?
        /// The files of each album that are not published (HEIC, video, a RAW without a usable
        /// preview…), by album and reason: notes, not warnings.
        package var unpublished: [UnpublishedGroup] = []
        public var filesWritten = 0
        public var filesUnchanged = 0
        public var filesRemoved = 0
        /// Rendition files made by this build, and found in the cache.
        public var renditionsMade = 0
        public var renditionsReused = 0
        /// Photos published as a copy for now, their renditions not made yet (`serve`'s first
        /// build).
        public var renditionsDeferred = 0
        /// Local images Ashlar cannot decode (GIF, WebP, AVIF) published as they are, location and
        /// all, because `"publishAsIs"` lists their format; for `ashlar check`.
        public var publishedAsIs = 0
        /// True when nothing had changed since the last build, which was therefore skipped.
        public var upToDate = false
        /// True when the configuration had errors, so nothing was built or written.
        public var stopped = false
        /// Seconds spent in each stage, in order.
        public var stages: [(name: String, seconds: Double)] = []
        /// The build's memory budget, the most photos it decoded at once and its jobs; nil when the
        /// configuration stopped it.
        public var memory: Memory?
        /// The layout manifest's JSON, when asked for.
        public var layoutManifest: String?
        /// The source images (relative paths) the built pages show, photos and renditions; nil
        /// when the build was skipped or stopped.
        var shownSourceImages: Set<String>?

        /// The build's memory budget, the most photos it decoded at once under it, and its jobs.
        public struct Memory: Sendable, Equatable {
            public var budget: MemoryBudget
            public var mostDecodesAtOnce = 0
            public var jobs: Int
        }

        public var errorCount: Int { diagnostics.count { $0.severity == .error } }
        public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

        init(diagnostics: [Diagnostic], photoCount: Int, albumCount: Int, pageCount: Int) {
            self.diagnostics = diagnostics
            self.photoCount = photoCount
            self.albumCount = albumCount
            self.pageCount = pageCount
        }

        /// A build that found nothing changed since `previous` and so did nothing.
        init(upToDate previous: BuildManifest) {
            self.init(
                diagnostics: previous.diagnostics, photoCount: previous.counts.photos,
                albumCount: previous.counts.albums,
                pageCount: previous.files.keys.count { $0.hasSuffix(".html") })
            upToDate = true
            filesUnchanged = previous.files.count
            leftOut = previous.leftOut
            unpublished = previous.unpublished
        }

        /// A build stopped by a broken configuration: nothing was built or written.
        init(stoppedWith diagnostics: [Diagnostic]) {
            self.init(diagnostics: diagnostics, photoCount: 0, albumCount: 0, pageCount: 0)
            stopped = true
        }

        /// What the stages found, in stage order. `leftOutByRenditions` items of the catalog are not in the
        /// site: the rendition stage left them out.
        init(
            inputs: SiteInputs, source: ScannedSource, catalog: Catalog, renditions: RenditionStage.Report?,
            leftOutByRenditions: Int, pages: RenderedSite
        ) {
            self.init(
                diagnostics: inputs.diagnostics + pages.templateDiagnostics + source.diagnostics + catalog.diagnostics
                    + (renditions?.diagnostics ?? []) + pages.diagnostics,
                photoCount: catalog.photoCount - leftOutByRenditions, albumCount: catalog.albums.count,
                pageCount: pages.pageCount)
            leftOut = LeftOutPhotos(counts: catalog.leftOut, minimum: inputs.configuration?.minRating)
            unpublished = catalog.unpublished
        }

        /// The manifest of a build that wrote `files`. A build with errors records no inputs
        /// fingerprint or album signatures, so the next build does everything again.
        func manifest(files: [String: ManifestEntry], fingerprint: String, albums: [String: String]) -> BuildManifest {
            var manifest = BuildManifest()
            manifest.files = files
            manifest.inputs = errorCount == 0 ? fingerprint : ""
            manifest.diagnostics = diagnostics
            manifest.counts = (photoCount, albumCount)
            manifest.leftOut = leftOut
            manifest.unpublished = unpublished
            manifest.albums = errorCount == 0 ? albums : [:]
            return manifest
        }
    }
}
