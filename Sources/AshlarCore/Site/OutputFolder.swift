import Foundation

/// The output folder as a build finds and leaves it: the safety checks that come before writing
/// anything, the previous build's manifest, `--clean`, and the new manifest put in place last.
struct OutputFolder: Sendable {
    var paths: SitePaths

    /// Refuses output folders that would put the source at risk, removes what an interrupted
    /// build left behind, and reads the previous build's manifest. A non-empty folder without
    /// one is refused unless `force` is set: Ashlar will not mix its files with someone else's.
    func open(force: Bool) throws(BuildError) -> BuildManifest? {
        try checkFolders()
        OutputStager.removeLeftovers(in: paths.output.path)
        let file = paths.outputFile(BuildManifest.fileName)
        if let data = FileManager.default.contents(atPath: file) {
            if let manifest = BuildManifest.read([UInt8](data)) { return manifest }
            if !force {
                throw BuildError(.usage, path: file, message: "this is not a manifest Ashlar can read; use --force to build over the folder anyway")
            }
            return nil
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: paths.output.path)) ?? []
        if !entries.isEmpty, !force {
            throw BuildError(
                .usage, path: paths.output.path,
                message: "the output folder holds files Ashlar did not write; choose an empty folder, or use --force to build into it anyway")
        }
        return nil
    }

    /// Whether every file the manifest lists is still in place.
    func isIntact(_ manifest: BuildManifest) -> Bool {
        manifest.files.keys.allSatisfy { FileSystem.isRegularFile(paths.outputFile($0)) }
    }

    /// Removes every file the manifest lists (and only those), for `--clean`.
    func clean(_ manifest: BuildManifest) {
        var cleaner = OutputWriter(paths: paths, previous: manifest)
        cleaner.linkImages = false
        _ = try? cleaner.write([])
        unlink(paths.outputFile(BuildManifest.fileName))
    }

    /// Puts the new manifest in place, the last file a build writes.
    func commit(_ manifest: BuildManifest) throws(BuildError) {
        let final = paths.outputFile(BuildManifest.fileName)
        try OutputWriter.writeFile(manifest.bytes, to: final + ".tmp", display: final)
        guard rename(final + ".tmp", final) == 0 else {
            throw BuildError(.io, path: final, message: "cannot write: \(SystemError.message(errno))")
        }
    }

    func checkSource() throws(BuildError) {
        guard FileSystem.isDirectory(paths.source.path) else {
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
}
