import AshlarImage
import AshlarTemplate
import Foundation

/// Builds a site: the one entry point the command line calls for `ashlar build`, `check`,
/// `build --shard` and `serve`. Each runs the one list of named, timed stages (``BuildStage``:
/// configuration → scan → read → renditions → render → write) in a scope of its own
/// (``BuildScope``), through ``BuildRun``.
public struct SiteBuilder: Sendable {
    public var paths: SitePaths
    /// An explicit configuration file; default `SOURCE/ashlar.json` when it exists.
    public var configurationFile: URL?
    public var options = Options()

    public struct Options: Sendable {
        /// Remove everything the previous build wrote, then build from scratch.
        public var clean = false
        /// Build into a folder that holds files Ashlar did not write.
        public var force = false
        /// Also compute every album page's placements, for `--layout-manifest`.
        public var layoutManifest = false
        /// How much work runs at once (photos read, pages rendered, files written); nil uses every
        /// core the process may use (`--jobs`, ``MachineResources``).
        public var jobs: Int?
        /// Replaces the configuration's `baseURL`, for deploy previews (`--base-url`).
        public var baseURL: String?
        /// Warn where a photo's embedded IPTC-IIM and XMP disagree (`--strict`).
        public var reportMetadataConflicts = false
        /// Where renditions are kept between builds; nil is `SOURCE/.ashlar-cache` (`--cache-dir`).
        public var cacheDirectory: URL?
        /// Which photos get renditions made now. The others use renditions already in the
        /// cache, or are published as a copy for now (`Result.renditionsDeferred` says how
        /// many); such a build is never taken as up to date, so the next one makes them.
        public var renditions = RenditionScope.all
        /// The memory the photos decoded at once may hold between them, in bytes (`--memory`);
        /// nil uses the configuration's `"memory"`, else sizes it from the machine (``MemoryBudget``).
        public var memory: Int?

        public init(
            clean: Bool = false, force: Bool = false, layoutManifest: Bool = false, jobs: Int? = nil,
            baseURL: String? = nil
        ) {
            self.clean = clean
            self.force = force
            self.layoutManifest = layoutManifest
            self.jobs = jobs
            self.baseURL = baseURL
        }
    }

    public init(paths: SitePaths, configurationFile: URL? = nil, options: Options = Options()) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.options = options
    }

    /// Builds the site into the output folder, writing only what changed: every stage of
    /// ``BuildStage``, in order.
    public func build(
        progress: (@Sendable (String) -> Void)? = nil, waiting: (@Sendable (String) -> Void)? = nil
    ) throws(BuildError) -> Result {
        let lock = BuildLock(output: paths.output.path) { waiting?($0) }
        defer { withExtendedLifetime(lock) {} }
        var run = BuildRun(builder: self, scope: .build(options.renditions), progress: progress)
        try run.run()
        switch run.ending {
        case .upToDate:
            guard let previous = run.previous else { break }
            var result = Result(upToDate: previous)
            result.stages = run.clock.stages
            result.memory = Result.Memory(budget: memoryBudget(run.inputs?.configuration), jobs: jobs)
            return result
        case .brokenConfiguration:
            return Result(stoppedWith: run.inputs?.diagnostics ?? [])
        case nil:
            break
        }
        guard var result = run.result, let catalog = run.catalog, let written = run.written else {
            throw BuildError(.io, path: paths.output.path, message: "internal error: the build stopped early")
        }
        result.filesWritten = written.summary.written
        result.filesUnchanged = written.summary.unchanged
        result.filesRemoved = written.summary.removed
        result.memory = Result.Memory(budget: memoryBudget(run.inputs?.configuration), jobs: jobs)
        if let report = run.renditions?.report {
            result.memory?.mostDecodesAtOnce = report.mostDecodesAtOnce
            result.renditionsMade = report.made
            result.renditionsReused = report.reused
            result.renditionsDeferred = report.deferred
        }
        if options.layoutManifest, let configuration = run.inputs?.configuration {
            let root = run.renditions?.published.albums(of: catalog.root) ?? catalog.root
            result.layoutManifest = LayoutReport(configuration: configuration, root: root).json
        }
        result.stages = run.clock.stages
        return result
    }

    /// Reads and renders everything, as `build` does, but writes nothing: `ashlar check`.
    public func check() throws(BuildError) -> Result {
        var run = BuildRun(builder: self, scope: .check)
        try run.run()
        guard var result = run.result, let catalog = run.catalog, let configuration = run.inputs?.configuration
        else { return Result(stoppedWith: run.inputs?.diagnostics ?? []) }
        // Local images published as they are because `publishAsIs` names their format.
        if let renditions = run.renditions {
            result.publishedAsIs = renditions.published.albums(of: catalog.root).allAlbums.reduce(0) { count, album in
                count
                    + album.photos.count { photo in
                        guard let still = photo.still, still.sourcePath != nil, still.renditions.isEmpty,
                            let format = still.format
                        else { return false }
                        return !format.canDecode && configuration.renditions.publishAsIs.contains(format)
                    }
            }
        }
        return result
    }

    /// Scans the source and reads every album and photo (the first half of a build), with the
    /// configuration's defaults where `ashlar.json` is missing. For benchmarks and tools.
    package func readCatalog() throws(BuildError) -> (root: Album, diagnostics: [Diagnostic]) {
        var run = BuildRun(builder: self, scope: .catalog)
        try run.run()
        guard let catalog = run.catalog else {
            throw BuildError(.io, path: paths.source.path, message: "internal error: the catalog was not read")
        }
        return (catalog.root, (run.inputs?.diagnostics ?? []) + (run.source?.diagnostics ?? []) + catalog.diagnostics)
    }

    /// The rendition stage over the photos `scope` says (`.checkOnly` for `ashlar check`), when
    /// the site makes renditions: what it published beside the catalog (which it does not
    /// change), what it did, and the cache; nil when the site makes none.
    func makeRenditions(
        _ catalog: Catalog, configuration: SiteConfiguration, inputs: SiteInputs, scope: RenditionScope,
        progress: (@Sendable (String) -> Void)?
    ) -> RenditionProduct? {
        guard let widths = renditionWidths(configuration, inputs: inputs) else { return nil }
        // The default folder, inside the source, is opened without following a link someone may
        // have put in its place; a --cache-dir the user named may be reached through one. A
        // cache that is not there yet is made when the stage first needs it; a build's stage
        // reports one it cannot use, and leaves out the photos it would have published through it.
        let cache = RenditionCache(
            root: cacheFolder.path, followingLink: options.cacheDirectory != nil, localKey: RenditionCache.localKey())
        var unusable: [Diagnostic] = []
        if scope == .checkOnly, let failure = cache.open(creating: false), failure.code != ENOENT {
            unusable.append(.error(RenditionCache.unusable(failure), path: cache.root))
        }
        var stage = RenditionStage(
            paths: paths, settings: configuration.renditions, widths: widths, cache: cache, workers: options.jobs)
        let budget = memoryBudget(configuration)
        stage.memoryBudget = budget.makeDecodeBudget()
        stage.budgetOrigin = budget.refusesLargerPhotos ? budget.originDescription : nil
        stage.scope = scope
        progress?("making renditions")
        let started = ContinuousClock.now
        var (published, report) = stage.run(catalog.root) { done, total in
            let elapsed = ContinuousClock.now - started
            progress?(
                RenditionStage.progressText(
                    done: done, total: total,
                    elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18))
        }
        report.diagnostics = unusable + report.diagnostics
        report.mostDecodesAtOnce = stage.memoryBudget.mostAtOnce
        return RenditionProduct(published: published, report: report, cache: cache)
    }

    /// The build's memory budget: `--memory`, else the configuration's, else half the machine's.
    package func memoryBudget(_ configuration: SiteConfiguration?) -> MemoryBudget {
        MemoryBudget(option: options.memory, configured: configuration?.memory, machine: .current)
    }

    /// The jobs the build runs at once: `--jobs`, else every core the process may use.
    public var jobs: Int { options.jobs ?? MachineResources.current.cores }

    /// The rendition cache's folder.
    var cacheFolder: URL {
        options.cacheDirectory?.standardizedFileURL ?? paths.source.appendingPathComponent(".ashlar-cache")
    }

    /// The widths the site's renditions are made at, narrowest first; nil when it makes none.
    func renditionWidths(_ configuration: SiteConfiguration, inputs: SiteInputs) -> [Int]? {
        let settings = configuration.renditions
        guard settings.enabled, configuration.images == .copy else { return nil }
        if let widths = settings.widths {
            return RenditionWidths.merged(widths, maxWidth: settings.maxWidth).isEmpty
                ? nil : Array(Set(widths.map { min($0, settings.maxWidth) })).sorted()
        }
        return RenditionWidths.defaults(
            breakpoints: configuration.layout.breakpoints, gap: configuration.layout.gap,
            geometry: inputs.theme.pageGeometry().0, maxWidth: settings.maxWidth)
    }

    /// The catalog stage: albums and photos from the scanned source.
    func buildCatalog(_ source: ScannedSource, configuration: SiteConfiguration, inputs: SiteInputs) -> Catalog {
        var settings = configuration.catalogSettings(paths: paths)
        settings.renditionWidths = renditionWidths(configuration, inputs: inputs)
        settings.originals = configuration.renditions.originals
        settings.publishAsIs = configuration.renditions.publishAsIs
        settings.reportMetadataConflicts = options.reportMetadataConflicts
        settings.workers = options.jobs
        return CatalogBuilder(source: SourceFiles(paths: paths), settings: settings).build(source.tree)
    }

    /// The render stage: every page and file of the site. Albums whose pages `reusable` (the
    /// previous build's manifest, all of whose files are still there) shows unchanged are kept.
    func render(
        _ catalog: Catalog, published: PublishedImages, configuration: SiteConfiguration, inputs: SiteInputs,
        reusable: BuildManifest?, pageHandler: @escaping @Sendable (OutputFile) -> OutputFile
    ) -> RenderedSite {
        let (library, templateDiagnostics) = inputs.theme.library()
        let (geometry, geometryDiagnostics) = inputs.theme.pageGeometry()
        var renderer = SiteRenderer(
            configuration: configuration, theme: inputs.theme, library: library, geometry: geometry)
        renderer.siteFingerprint = inputs.siteFingerprint
        renderer.reusableAlbums = reusable?.albums ?? [:]
        renderer.workers = options.jobs
        renderer.pageHandler = pageHandler
        renderer.displaySource = { [paths] in paths.display($0) }
        renderer.published = published
        renderer.pageSources = inputs.pages
        renderer.pageAttachments = inputs.pageAttachments
        renderer.icon = inputs.icon
        renderer.userRobots = inputs.robots
        let rendered = renderer.render(root: published.albums(of: catalog.root))
        return RenderedSite(
            files: rendered.files, templateDiagnostics: templateDiagnostics,
            diagnostics: geometryDiagnostics + rendered.diagnostics, albumSignatures: rendered.albumSignatures)
    }
}
