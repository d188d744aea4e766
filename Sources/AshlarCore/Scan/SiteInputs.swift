import Foundation

/// What a build reads before the photos: the configuration and the theme, with their
/// diagnostics. The first stage's hand-off.
struct SiteInputs: Sendable {
    /// Nil when `ashlar.json` has errors: such a build stops before writing anything.
    var configuration: SiteConfiguration?
    var configurationBytes: [UInt8]
    var theme: Theme
    /// The Markdown files of `SOURCE/pages/`, and the other files there.
    var pages: [PageSource] = []
    var pageAttachments: [PageAttachment] = []
    /// The file `icon` in `ashlar.json` names, when it could be read.
    var icon: IconSource?
    /// The user's own `SOURCE/robots.txt`, published in place of the one Ashlar writes.
    var robots: [UInt8]?
    var diagnostics: [Diagnostic]

    /// Reads the configuration (`configurationFile`, or `SOURCE/ashlar.json` when it exists) and
    /// the theme (the default one with the user's `SOURCE/templates/` files in place).
    /// - Parameter baseURL: replaces the configuration's `baseURL` (`--base-url`, for deploy
    ///   previews); checked as `baseURL` is, a usage error when it is not a base URL.
    static func load(paths: SitePaths, configurationFile: URL?, baseURL: String? = nil) throws(BuildError)
        -> SiteInputs
    {
        var diagnostics: [Diagnostic] = []
        var (configuration, bytes) = try loadConfiguration(
            paths: paths, file: configurationFile, diagnostics: &diagnostics)
        if let baseURL {
            switch ConfigurationReader.checkedBaseURL(baseURL, example: "https://example.com/photos/") {
            case .success(let url):
                configuration?.baseURL = url
                // The override shapes every page, so it counts as configuration.
                bytes += Array("\u{0}--base-url \(url)".utf8)
            case .failure(let requirement):
                let value = requirement.quotesValue ? ", found \(baseURL.quotedForMessage)" : ""
                throw BuildError(.usage, path: "--base-url", message: "the URL \(requirement.words)\(value)")
            }
        }
        let theme = ThemeFiles.load(paths: paths, diagnostics: &diagnostics)
        let (pages, pageAttachments) = PageFiles.load(paths: paths, diagnostics: &diagnostics)
        let icon = configuration?.icon.flatMap { loadIcon($0, paths: paths, diagnostics: &diagnostics) }
        var robots: [UInt8]?
        let robotsPath = paths.sourceFile(robotsFile)
        let sourceRoot = FileSystem.realPath(paths.source.path) ?? paths.source.path
        if let real = FileSystem.realPath(robotsPath), FileSystem.isInside(real, root: sourceRoot),
            !FileSystem.isDirectory(real)
        {
            switch RawFile.read(robotsPath, upTo: SmallFile.maximumSize + 1) {
            case .success(let read) where read.size <= SmallFile.maximumSize: robots = read.bytes
            case .success(let read):
                diagnostics.append(
                    .error("robots.txt is larger than 1 MiB (\(read.size) bytes)", path: paths.display(robotsFile)))
            case .failure(let failure):
                diagnostics.append(.error("cannot read: \(failure.reason)", path: paths.display(robotsFile)))
            }
        }
        return SiteInputs(
            configuration: configuration, configurationBytes: bytes, theme: theme, pages: pages,
            pageAttachments: pageAttachments, icon: icon,
            robots: robots, diagnostics: diagnostics)
    }

    /// The source folder's `robots.txt`, which the site publishes as it is.
    static let robotsFile = "robots.txt"

    /// The icon file `relative` names, read whole (at most 16 MiB), when it lies inside the
    /// source folder.
    private static func loadIcon(_ relative: String, paths: SitePaths, diagnostics: inout [Diagnostic])
        -> IconSource?
    {
        let display = paths.display(relative)
        let absolute = paths.sourceFile(relative)
        let root = FileSystem.realPath(paths.source.path) ?? paths.source.path
        guard let real = FileSystem.realPath(absolute), FileSystem.isInside(real, root: root) else {
            diagnostics.append(
                .error("the icon named by 'icon' in ashlar.json is not a file in the site folder", path: display))
            return nil
        }
        switch RawFile.read(absolute, upTo: IconSource.maximumSize + 1) {
        case .success(let read) where read.size <= IconSource.maximumSize:
            return IconSource(relativePath: relative, displayPath: display, bytes: read.bytes)
        case .success(let read):
            diagnostics.append(.error("the icon is larger than 16 MiB (\(read.size) bytes)", path: display))
        case .failure(let failure):
            diagnostics.append(.error("cannot read the icon: \(failure.reason)", path: display))
        }
        return nil
    }

    private static func loadConfiguration(
        paths: SitePaths, file explicitFile: URL?, diagnostics: inout [Diagnostic]
    ) throws(BuildError) -> (SiteConfiguration?, [UInt8]) {
        let file = explicitFile ?? paths.source.appendingPathComponent("ashlar.json")
        let display = explicitFile != nil ? file.relativePath : paths.display("ashlar.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            if explicitFile != nil { throw BuildError(.usage, path: display, message: "no such configuration file") }
            return (SiteConfiguration(), [])
        }
        let bytes: [UInt8]
        switch RawFile.read(file.path, upTo: SmallFile.maximumSize + 1) {
        case .success(let read):
            if let tooLarge = SmallFile.sizeDiagnostic(byteCount: read.size, path: display, kind: "configuration file")
            {
                diagnostics.append(tooLarge)
                return (nil, [])
            }
            bytes = read.bytes
        case .failure(let failure):
            throw BuildError(.io, path: display, message: "cannot read: \(failure.reason)")
        }
        let (configuration, configurationDiagnostics) = SiteConfiguration.read(bytes: bytes, path: display)
        diagnostics += configurationDiagnostics
        return (configuration, bytes)
    }

    /// The site-wide inputs: Ashlar's version and the versions of AshlarImage's output (a copy or
    /// rendition made differently is a different site), the configuration, the theme and the
    /// pages (every page's menu lists them).
    var siteFingerprint: String {
        var fingerprint = Fingerprint()
        fingerprint.add(AshlarVersion.current)
        fingerprint.add(RenditionKey.outputVersions)
        fingerprint.add(configurationBytes)
        fingerprint.add(theme.files.sorted(by: { $0.key < $1.key })) { fingerprint, entry in
            fingerprint.add(entry.key)
            fingerprint.add(entry.value.bytes)
        }
        fingerprint.add(pages) { fingerprint, page in
            fingerprint.add(page.fileName)
            fingerprint.add(page.bytes)
        }
        fingerprint.add(pageAttachments) { fingerprint, attachment in
            fingerprint.add(attachment.name)
            fingerprint.add(attachment.bytes)
        }
        fingerprint.add(icon?.bytes ?? [])
        fingerprint.add(robots ?? [])
        return fingerprint.hex
    }
}

/// The image `icon` in `ashlar.json` names, as read from the source folder.
struct IconSource: Sendable, Equatable {
    static let maximumSize = 16 << 20

    var relativePath: String
    var displayPath: String
    var bytes: [UInt8]
}
