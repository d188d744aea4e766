import AshlarTemplate
import Foundation

/// Builds a site: configuration, theme, source tree, pages, output. The one entry point the
/// command line calls for `ashlar build` and `ashlar check`.
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

        public init(clean: Bool = false, force: Bool = false, layoutManifest: Bool = false) {
            self.clean = clean
            self.force = force
            self.layoutManifest = layoutManifest
        }
    }

    public init(paths: SitePaths, configurationFile: URL? = nil, options: Options = Options()) {
        self.paths = paths
        self.configurationFile = configurationFile
        self.options = options
    }

    /// What a build did.
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var photoCount: Int
        public var albumCount: Int
        public var pageCount: Int
        public var filesWritten = 0
        public var filesUnchanged = 0
        public var filesRemoved = 0
        /// True when nothing had changed since the last build, which was therefore skipped.
        public var upToDate = false
        /// True when the configuration had errors, so nothing was built or written.
        public var stopped = false
        /// Seconds spent in each stage, in order.
        public var stages: [(name: String, seconds: Double)] = []
        /// The layout manifest's JSON, when asked for.
        public var layoutManifest: String?
        /// The source images (relative paths) the built pages show, photos and renditions; nil
        /// when the build was skipped or stopped.
        public var shownSourceImages: Set<String>?
        /// Each album's signature, for the manifest.
        var albumSignatures: [String: String] = [:]

        public var errorCount: Int { diagnostics.count { $0.severity == .error } }
        public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    }

    /// Builds the site into the output folder, writing only what changed.
    public func build(progress: (@Sendable (String) -> Void)? = nil) throws(BuildError) -> Result {
        var clock = StageClock()
        try checkFolders()
        OutputStager.removeLeftovers(in: paths.output.path)
        var previous = try readManifest()
        progress?("reading the configuration and templates")
        let inputs = try loadInputs()
        clock.lap("configuration")
        // A broken configuration builds nothing, so it must not remove the site either.
        if options.clean, inputs.configuration != nil, let manifest = previous {
            clean(manifest)
            previous = nil
        }
        progress?("scanning the source folder")
        let (tree, scanDiagnostics) = SourceScanner(paths: paths).scan()
        clock.lap("scan")
        let fingerprint = inputs.fingerprint(tree: tree)
        // What the last build wrote can be kept only if it is all still there.
        let previousIntact = previous.map { $0.files.keys.allSatisfy { FileSystem.isRegularFile(paths.outputFile($0)) } } ?? false
        if let previous, previousIntact, previous.inputs == fingerprint, !options.layoutManifest {
            var result = Result(diagnostics: previous.diagnostics, photoCount: 0, albumCount: 0, pageCount: 0)
            result.upToDate = true
            result.filesUnchanged = previous.files.count
            result.photoCount = previous.counts.photos
            result.albumCount = previous.counts.albums
            result.pageCount = previous.files.keys.count { $0.hasSuffix(".html") }
            result.stages = clock.stages
            return result
        }
        progress?("reading photos")
        var writer = OutputWriter(paths: paths, previous: previous)
        writer.linkImages = inputs.configuration?.images == .copy
        writer.previousIsIntact = previousIntact
        // Pages go to disk under temporary names as they are rendered; they are renamed into
        // place with everything else, or removed if the build fails.
        let stager = OutputStager(paths: paths, linkImages: writer.linkImages)
        var (result, files, root) = prepare(
            inputs: inputs, tree: tree, scanDiagnostics: scanDiagnostics, reusable: previousIntact ? previous : nil,
            clock: &clock, progress: progress, pageHandler: { [writer] page in Self.stage(page, with: stager, writer: writer) })
        guard let files else {
            stager.discard()
            return result
        }
        result.shownSourceImages = root?.shownSourceImages
        progress?("writing the site")
        let (summary, entries) = try writer.write(files, stager: stager)
        var manifest = BuildManifest()
        manifest.files = entries
        manifest.inputs = result.errorCount == 0 ? fingerprint : ""
        manifest.diagnostics = result.diagnostics
        manifest.counts = (result.photoCount, result.albumCount)
        manifest.albums = result.errorCount == 0 ? result.albumSignatures : [:]
        try OutputWriter.writeFile(manifest.bytes, to: paths.outputFile(BuildManifest.fileName + ".tmp"), display: paths.outputFile(BuildManifest.fileName))
        guard rename(paths.outputFile(BuildManifest.fileName + ".tmp"), paths.outputFile(BuildManifest.fileName)) == 0 else {
            throw BuildError(.io, path: paths.outputFile(BuildManifest.fileName), message: "cannot write: \(SystemError.message(errno))")
        }
        clock.lap("write")
        result.filesWritten = summary.written
        result.filesUnchanged = summary.unchanged
        result.filesRemoved = summary.removed
        if options.layoutManifest, let root, let configuration = inputs.configuration {
            result.layoutManifest = LayoutReport(configuration: configuration, root: root).json
        }
        result.stages = clock.stages
        return result
    }

    /// A rendered page, written under a temporary name as soon as it is rendered so that the pages
    /// of a large site are never all in memory together (100,000 photo pages and the 1,700 pages
    /// of their album are over 500 MB). A page identical to the previous build's file is not
    /// written at all.
    private static func stage(_ page: OutputFile, with stager: OutputStager, writer: OutputWriter) -> OutputFile {
        guard case .bytes(let bytes) = page.contents, RelativePath.isSafe(page.path), page.path != BuildManifest.fileName else {
            return page
        }
        let entry = "h:" + ContentHash.of(bytes)
        if writer.previous?.files[page.path] == entry, writer.previousIsIntact || FileSystem.isRegularFile(writer.paths.outputFile(page.path)) {
            return OutputFile(path: page.path, contents: .staged(entry: entry, written: false))
        }
        guard stager.stage(page) else { return page }
        return OutputFile(path: page.path, contents: .staged(entry: entry, written: true))
    }

    /// Reads and renders everything, as `build` does, but writes nothing: `ashlar check`.
    public func check() throws(BuildError) -> Result {
        try checkSource()
        var clock = StageClock()
        let inputs = try loadInputs()
        let (tree, scanDiagnostics) = SourceScanner(paths: paths).scan()
        // Only the pages' paths are kept: a check writes nothing and needs no page in memory.
        return prepare(
            inputs: inputs, tree: tree, scanDiagnostics: scanDiagnostics, clock: &clock, progress: nil,
            pageHandler: { OutputFile(path: $0.path, contents: .bytes([])) }
        ).result
    }

    /// Scans the source and reads every album and photo (the first half of a build), with the
    /// configuration's defaults where `ashlar.json` is missing. For benchmarks and tools.
    public func readCatalog() throws(BuildError) -> (root: Album, diagnostics: [Diagnostic]) {
        try checkSource()
        let inputs = try loadInputs()
        let (tree, scanDiagnostics) = SourceScanner(paths: paths).scan()
        let configuration = inputs.configuration ?? SiteConfiguration()
        let catalog = CatalogBuilder(source: SourceFiles(paths: paths), settings: configuration.catalogSettings(paths: paths)).build(tree)
        return (catalog.root, inputs.diagnostics + scanDiagnostics + catalog.diagnostics)
    }

    /// What a build reads before the photos: configuration and theme, with their diagnostics.
    struct Inputs {
        var configuration: SiteConfiguration?
        var configurationBytes: [UInt8]
        var theme: Theme
        var diagnostics: [Diagnostic]

        /// The site-wide inputs: Ashlar's version, the configuration and the theme.
        var siteFingerprint: String {
            var hash = ContentHash()
            hash.combine(AshlarVersion.current)
            hash.combine(configurationBytes)
            for (path, file) in theme.files.sorted(by: { $0.key < $1.key }) {
                hash.combine(path)
                hash.combine(file.bytes)
            }
            return hash.hex
        }

        /// Everything the output depends on: the site-wide inputs and every source file's size
        /// and time. Equal fingerprints mean an identical site.
        func fingerprint(tree: SourceFolder) -> String {
            var hash = ContentHash()
            hash.combine(siteFingerprint)
            tree.forEachFile { path, stamp in
                hash.combine(path)
                hash.combine(stamp.size)
                hash.combine(stamp.modified)
            }
            return hash.hex
        }
    }

    private func loadInputs() throws(BuildError) -> Inputs {
        var diagnostics: [Diagnostic] = []
        let (configuration, bytes) = try loadConfiguration(diagnostics: &diagnostics)
        let theme = loadTheme(diagnostics: &diagnostics)
        return Inputs(configuration: configuration, configurationBytes: bytes, theme: theme, diagnostics: diagnostics)
    }

    /// Everything up to writing: the result so far, and the files to write (nil when the
    /// configuration is broken and nothing may be written). Albums whose pages `reusable` (the
    /// previous build's manifest, all of whose files are still there) shows unchanged are kept.
    private func prepare(
        inputs: Inputs, tree: SourceFolder, scanDiagnostics: [Diagnostic], reusable: BuildManifest? = nil,
        clock: inout StageClock, progress: (@Sendable (String) -> Void)?, pageHandler: @escaping @Sendable (OutputFile) -> OutputFile
    ) -> (result: Result, files: [OutputFile]?, root: Album?) {
        var diagnostics = inputs.diagnostics
        guard let configuration = inputs.configuration else {
            // A broken configuration stops the build: building with defaults would publish a site
            // the author did not ask for.
            var result = Result(diagnostics: diagnostics, photoCount: 0, albumCount: 0, pageCount: 0)
            result.stopped = true
            return (result, nil, nil)
        }
        let (library, templateDiagnostics) = inputs.theme.library()
        diagnostics += templateDiagnostics
        diagnostics += scanDiagnostics

        let catalog = CatalogBuilder(source: SourceFiles(paths: paths), settings: configuration.catalogSettings(paths: paths)).build(tree)
        let root = catalog.root
        diagnostics += catalog.diagnostics
        clock.lap("read")

        progress?("rendering pages")
        let (geometry, geometryDiagnostics) = inputs.theme.pageGeometry()
        diagnostics += geometryDiagnostics
        var renderer = SiteRenderer(configuration: configuration, theme: inputs.theme, library: library, geometry: geometry)
        renderer.siteFingerprint = inputs.siteFingerprint
        renderer.reusableAlbums = reusable?.albums ?? [:]
        renderer.pageHandler = pageHandler
        let rendered = renderer.render(root: root)
        let files = rendered.files
        diagnostics += rendered.diagnostics
        clock.lap("render")

        let albums = root.allAlbums
        var result = Result(
            diagnostics: diagnostics,
            photoCount: albums.reduce(0) { $0 + $1.photos.count },
            albumCount: albums.count,
            pageCount: files.count { $0.path.hasSuffix(".html") })
        result.albumSignatures = rendered.albumSignatures
        return (result, files, root)
    }

    /// The previous build's manifest, if the output folder has one. A non-empty folder without
    /// one is refused unless `force` is set: Ashlar will not mix its files with someone else's.
    private func readManifest() throws(BuildError) -> BuildManifest? {
        let file = paths.outputFile(BuildManifest.fileName)
        if let data = FileManager.default.contents(atPath: file) {
            if let manifest = BuildManifest.read([UInt8](data)) { return manifest }
            if !options.force {
                throw BuildError(.usage, path: file, message: "this is not a manifest Ashlar can read; use --force to build over the folder anyway")
            }
            return nil
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: paths.output.path)) ?? []
        if !entries.isEmpty, !options.force {
            throw BuildError(
                .usage, path: paths.output.path,
                message: "the output folder holds files Ashlar did not write; choose an empty folder, or use --force to build into it anyway")
        }
        return nil
    }

    /// Removes every file the manifest lists (and only those), for `--clean`.
    private func clean(_ manifest: BuildManifest) {
        var cleaner = OutputWriter(paths: paths, previous: manifest)
        cleaner.linkImages = false
        _ = try? cleaner.write([])
        unlink(paths.outputFile(BuildManifest.fileName))
    }

    private func checkSource() throws(BuildError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: paths.source.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BuildError(.usage, path: paths.displaySource, message: "no such source folder")
        }
    }

    /// Refuses output folders that would put the source at risk.
    private func checkFolders() throws(BuildError) {
        try checkSource()
        let source = FileSystem.realPath(paths.source.path) ?? paths.source.path
        let output = Self.resolvedPath(paths.output.path)
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        if output == "/" || output == home || output == (FileSystem.realPath(home) ?? home) {
            throw BuildError(.usage, path: paths.output.path, message: "refusing to build into '\(output)'")
        }
        if output == source {
            throw BuildError(.usage, path: paths.output.path, message: "the output folder is the source folder; choose another with --output")
        }
        if source.hasPrefix(output + "/") {
            throw BuildError(.usage, path: paths.output.path, message: "the output folder contains the source folder; choose another with --output")
        }
    }

    /// The real path of `path`, or of its nearest existing ancestor joined with the rest.
    static func resolvedPath(_ path: String) -> String {
        if let real = FileSystem.realPath(path) { return real }
        let parent = (path as NSString).deletingLastPathComponent
        guard parent != path, !parent.isEmpty else { return path }
        return (resolvedPath(parent) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }

    private func loadConfiguration(diagnostics: inout [Diagnostic]) throws(BuildError) -> (SiteConfiguration?, [UInt8]) {
        let explicit = configurationFile != nil
        let file = configurationFile ?? paths.source.appendingPathComponent("ashlar.json")
        let display = explicit ? file.relativePath : paths.display("ashlar.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            if explicit { throw BuildError(.usage, path: display, message: "no such configuration file") }
            return (SiteConfiguration(), [])
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: file))
        } catch {
            throw BuildError(.io, path: display, message: "cannot read: \(FileSystem.reason(error))")
        }
        let (configuration, configurationDiagnostics) = SiteConfiguration.read(bytes: bytes, path: display)
        diagnostics += configurationDiagnostics
        return (configuration, bytes)
    }

    /// The default theme, with the user's `SOURCE/templates/` files in place of the defaults.
    /// As in the source tree, a link is followed only when it stays inside the source folder: a
    /// theme file is published, and must not bring `/etc/passwd` along.
    private func loadTheme(diagnostics: inout [Diagnostic]) -> Theme {
        let folder = paths.source.appendingPathComponent("templates")
        var userFiles: [String: (bytes: [UInt8], displayPath: String)] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return .builtIn }
        let root = FileSystem.realPath(paths.source.path) ?? paths.source.path
        while let relative = enumerator.nextObject() as? String {
            if RelativePath.isHidden(relative) {
                enumerator.skipDescendants()
                continue
            }
            let absolute = folder.path + "/" + relative
            let display = paths.display("templates/" + relative)
            guard let real = FileSystem.realPath(absolute) else { continue }
            guard real != root, FileSystem.isInside(real, root: root) else {
                diagnostics.append(.warning("skipped: the link points outside the source folder", path: display))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard let data = FileManager.default.contents(atPath: absolute) else {
                diagnostics.append(.error("cannot read the template", path: display))
                continue
            }
            userFiles[relative] = ([UInt8](data), display)
        }
        return Theme.builtIn.overriding(with: userFiles)
    }
}
