import Foundation

/// One run of the build: the stages ``BuildScope/stages`` names, in order, each reading the
/// products of those before it. Every command runs its stages through here, so the order of the
/// build is written once (``BuildStage``). A stage's product sits beside the others, never
/// inside them: the rendition stage's published images are handed to the render stage as a
/// product of their own.
struct BuildRun {
    let builder: SiteBuilder
    let scope: BuildScope
    var progress: (@Sendable (String) -> Void)?
    var clock = StageClock()

    // The products, each set by the stage that makes it.
    var inputs: SiteInputs?
    var source: ScannedSource?
    /// Set once by the read stage; no later stage changes it.
    var catalog: Catalog?
    /// The published images beside the catalog, what the stage did, and its cache.
    var renditions: RenditionProduct?
    var pages: RenderedSite?
    var written: (summary: OutputWriter.Summary, entries: [String: ManifestEntry])?

    // What the output folder held before (`writesSite` only).
    var output: OutputFolder?
    var previous: BuildManifest?
    var previousIntact = false
    var stager: OutputStager?
    var writer: OutputWriter?
    /// The inputs' fingerprint, taken after the scan (`writesSite` only).
    var fingerprint = ""

    /// Why the run ended before its last stage.
    enum Ending: Equatable {
        /// Nothing changed since the build that wrote `previous`.
        case upToDate
        /// The configuration has errors.
        case brokenConfiguration
    }
    var ending: Ending?

    init(builder: SiteBuilder, scope: BuildScope, progress: (@Sendable (String) -> Void)? = nil) {
        self.builder = builder
        self.scope = scope
        self.progress = progress
    }

    /// Runs every stage of the scope, or until one ends the run.
    mutating func run() throws(BuildError) {
        try prepare()
        for stage in scope.stages {
            try perform(stage)
            clock.lap(stage.rawValue)
            if ending != nil { return }
        }
    }

    /// Checks the folders before anything is read: the source (and the output, for a build)
    /// must be usable, and so must a named cache folder.
    mutating func prepare() throws(BuildError) {
        let folder = OutputFolder(paths: builder.paths)
        if scope.writesSite {
            try builder.checkCacheFolder()
            previous = try folder.open(force: builder.options.force)
            output = folder
        } else {
            try folder.checkSource()
            if scope != .catalog { try builder.checkCacheFolder() }
        }
    }

    mutating func perform(_ stage: BuildStage) throws(BuildError) {
        switch stage {
        case .configuration: try readConfiguration()
        case .scan: scan()
        case .read: read()
        case .renditions: makeRenditions()
        case .render: render()
        case .write: try write()
        }
    }
}
