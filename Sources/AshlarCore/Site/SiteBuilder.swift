import AshlarTemplate
import Foundation

/// Builds a site: configuration, theme, source tree, pages, output. The one entry point the
/// command line calls for `ashlar build`.
public struct SiteBuilder: Sendable {
    public var paths: SitePaths
    /// An explicit configuration file; default `SOURCE/ashlar.json` when it exists.
    public var configurationFile: URL?

    public init(paths: SitePaths, configurationFile: URL? = nil) {
        self.paths = paths
        self.configurationFile = configurationFile
    }

    /// What a build did.
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var photoCount: Int
        public var albumCount: Int
        public var pageCount: Int
        public var filesWritten: Int
        public var filesUnchanged: Int

        public var errorCount: Int { diagnostics.count { $0.severity == .error } }
        public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    }

    /// Builds the site into the output folder.
    public func build() throws(BuildError) -> Result {
        try checkFolders()
        var (result, files) = try prepare()
        guard let files else { return result }
        let summary = try OutputWriter(paths: paths).write(files)
        result.filesWritten = summary.written
        result.filesUnchanged = summary.unchanged
        return result
    }

    /// Reads and renders everything, as `build` does, but writes nothing: `ashlar check`.
    public func check() throws(BuildError) -> Result {
        try checkSource()
        return try prepare().result
    }

    /// Scans the source and reads every album and photo (the first half of a build), with the
    /// configuration's defaults where `ashlar.json` is missing. For benchmarks and tools.
    public func readCatalog() throws(BuildError) -> (root: Album, diagnostics: [Diagnostic]) {
        try checkSource()
        var diagnostics: [Diagnostic] = []
        let configuration = try loadConfiguration(diagnostics: &diagnostics) ?? SiteConfiguration()
        let (tree, scanDiagnostics) = SourceScanner(paths: paths).scan()
        let (root, readDiagnostics) = SourceReader(paths: paths, configuration: configuration).read(tree)
        return (root, diagnostics + scanDiagnostics + readDiagnostics)
    }

    /// Everything up to writing: the result so far, and the files to write (nil when the
    /// configuration is broken and nothing may be written).
    private func prepare() throws(BuildError) -> (result: Result, files: [OutputFile]?) {
        var diagnostics: [Diagnostic] = []
        guard let configuration = try loadConfiguration(diagnostics: &diagnostics) else {
            // A broken configuration stops the build: building with defaults would publish a site
            // the author did not ask for.
            return (Result(diagnostics: diagnostics, photoCount: 0, albumCount: 0, pageCount: 0, filesWritten: 0, filesUnchanged: 0), nil)
        }
        let theme = loadTheme(diagnostics: &diagnostics)
        let (library, templateDiagnostics) = theme.library()
        diagnostics += templateDiagnostics

        let (tree, scanDiagnostics) = SourceScanner(paths: paths).scan()
        diagnostics += scanDiagnostics

        let (root, readDiagnostics) = SourceReader(paths: paths, configuration: configuration).read(tree)
        diagnostics += readDiagnostics

        let (geometry, geometryDiagnostics) = theme.pageGeometry()
        diagnostics += geometryDiagnostics
        let renderer = SiteRenderer(configuration: configuration, theme: theme, library: library, geometry: geometry)
        let (files, renderDiagnostics) = renderer.render(root: root)
        diagnostics += renderDiagnostics

        let albums = root.allAlbums
        let result = Result(
            diagnostics: diagnostics,
            photoCount: albums.reduce(0) { $0 + $1.photos.count },
            albumCount: albums.count,
            pageCount: files.count { $0.path.hasSuffix(".html") },
            filesWritten: 0,
            filesUnchanged: 0)
        return (result, files)
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
        let source = SourceScanner.realPath(paths.source.path) ?? paths.source.path
        let output = Self.resolvedPath(paths.output.path)
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        if output == "/" || output == home || output == (SourceScanner.realPath(home) ?? home) {
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
        if let real = SourceScanner.realPath(path) { return real }
        let parent = (path as NSString).deletingLastPathComponent
        guard parent != path, !parent.isEmpty else { return path }
        return (resolvedPath(parent) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }

    private func loadConfiguration(diagnostics: inout [Diagnostic]) throws(BuildError) -> SiteConfiguration? {
        let explicit = configurationFile != nil
        let file = configurationFile ?? paths.source.appendingPathComponent("ashlar.json")
        let display = explicit ? file.relativePath : paths.display("ashlar.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            if explicit { throw BuildError(.usage, path: display, message: "no such configuration file") }
            return SiteConfiguration()
        }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: file))
        } catch {
            throw BuildError(.io, path: display, message: "cannot read: \(SourceScanner.reason(error))")
        }
        let (configuration, configurationDiagnostics) = SiteConfiguration.read(bytes: bytes, path: display)
        diagnostics += configurationDiagnostics
        return configuration
    }

    /// The default theme, with the user's `SOURCE/templates/` files in place of the defaults.
    private func loadTheme(diagnostics: inout [Diagnostic]) -> Theme {
        let folder = paths.source.appendingPathComponent("templates")
        var userFiles: [String: (bytes: [UInt8], displayPath: String)] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return .builtIn }
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            let absolute = folder.path + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let display = paths.display("templates/" + relative)
            guard let data = FileManager.default.contents(atPath: absolute) else {
                diagnostics.append(.error("cannot read the template", path: display))
                continue
            }
            userFiles[relative] = ([UInt8](data), display)
        }
        return Theme.builtIn.overriding(with: userFiles)
    }
}
