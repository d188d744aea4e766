/// The source tree as the scan stage found it: every folder and file with its size and time.
struct ScannedSource: Sendable {
    var tree: SourceFolder
    var diagnostics: [Diagnostic]

    static func scan(paths: SitePaths, workers: Int? = nil) -> ScannedSource {
        var scanner = SourceScanner(paths: paths)
        scanner.workers = workers
        let (tree, diagnostics) = scanner.scan()
        return ScannedSource(tree: tree, diagnostics: diagnostics)
    }

    /// Everything the output depends on: the site-wide inputs and every source file's size and
    /// time. Equal fingerprints mean an identical site.
    func fingerprint(siteFingerprint: String) -> String {
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
