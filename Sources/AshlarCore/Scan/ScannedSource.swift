/// The source tree as the scan stage found it: every folder and file with its size and time.
struct ScannedSource: Sendable {
    var tree: SourceFolder
    var diagnostics: [Diagnostic]

    /// - Parameter excluding: files, relative to the source folder, that are not content (the
    ///   icon `ashlar.json` names).
    static func scan(paths: SitePaths, workers: Int? = nil, excluding: [String] = []) -> ScannedSource {
        var scanner = SourceScanner(paths: paths)
        scanner.workers = workers
        for relative in excluding {
            // Spelled as the scan joins paths, which is how it compares them.
            scanner.excludedPaths.insert(paths.source.path + "/" + relative)
        }
        let (tree, diagnostics) = scanner.scan()
        return ScannedSource(tree: tree, diagnostics: diagnostics)
    }

    /// Everything the output depends on: the site-wide inputs, the options that change what
    /// the build reports, and every source file's size and time. Equal fingerprints mean an
    /// identical site.
    func fingerprint(siteFingerprint: String, reportsMetadataConflicts: Bool) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add(siteFingerprint)
        fingerprint.add(reportsMetadataConflicts)
        tree.forEachFile { path, stamp in
            fingerprint.add(path)
            fingerprint.add(stamp.size)
            fingerprint.add(stamp.modified)
        }
        return fingerprint.hex
    }
}
