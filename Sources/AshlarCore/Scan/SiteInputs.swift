import Foundation

/// What a build reads before the photos: the configuration and the theme, with their
/// diagnostics. The first stage's hand-off.
struct SiteInputs: Sendable {
    /// Nil when `ashlar.json` has errors: such a build stops before writing anything.
    var configuration: SiteConfiguration?
    var configurationBytes: [UInt8]
    var theme: Theme
    /// The Markdown files of `SOURCE/pages/`.
    var pages: [PageSource] = []
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
        let pages = PageFiles.load(paths: paths, diagnostics: &diagnostics)
        return SiteInputs(
            configuration: configuration, configurationBytes: bytes, theme: theme, pages: pages,
            diagnostics: diagnostics)
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
        return fingerprint.hex
    }
}
