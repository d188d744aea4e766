import Foundation

/// The output folder as a build finds and leaves it: the safety checks that come before writing
/// anything, the previous build's manifest, `--clean`, and the new manifest put in place last.
/// Everything in the folder is read and changed through `directory` (see `DirectoryJail`).
struct OutputFolder: Sendable {
    var paths: SitePaths
    let directory: DirectoryJail

    init(paths: SitePaths) {
        self.paths = paths
        self.directory = DirectoryJail(path: paths.output.path)
    }

    /// Refuses output folders that would put the source at risk, removes what an interrupted
    /// build left behind, and reads the previous build's manifest. A non-empty folder without
    /// one is refused unless `force` is set: Ashlar will not mix its files with someone else's.
    func open(force: Bool) throws(BuildError) -> BuildManifest? {
        try checkFolders()
        // A folder that is not there yet (or a file in the way, which making it will report) has
        // nothing to read.
        switch directory.openRoot(creating: false) {
        case nil: break
        case ENOENT?, ENOTDIR?: return nil
        case let failure?:
            throw BuildError(.io, path: paths.output.path, message: "cannot read: \(SystemError.message(failure))")
        }
        OutputStager.removeLeftovers(in: directory)
        let file = paths.outputFile(BuildManifest.fileName)
        if let bytes = directory.readFile(BuildManifest.fileName) {
            if let marker = OutputMarker.contents(bytes) {
                let files = marker.files
                // The state this build left, if it is still there and is this folder's: the
                // folder names it (another build, under another HOME, may have written it since).
                if let state = BuildStateStore().load(output: paths.output.path),
                    state.files.count == files.count, files.allSatisfy({ state.files[$0] != nil }),
                    let build = marker.build, build == state.outputName
                {
                    return state
                }
                // Only what was written is known: everything is written again.
                var manifest = BuildManifest()
                for path in files { manifest.files[path] = .unknown }
                return manifest
            }
            if let manifest = BuildManifest.read(bytes) { return manifest }
            if !force {
                throw BuildError(
                    .usage, path: file,
                    message: "this is not a manifest Ashlar can read; use --force to build over the folder anyway")
            }
            return nil
        }
        let entries = directory.names(in: "") ?? []
        if !entries.isEmpty, !force {
            throw BuildError(
                .usage, path: paths.output.path,
                message:
                    "the output folder holds files Ashlar did not write; choose an empty folder, or use --force to build into it anyway"
            )
        }
        return nil
    }

    /// Whether every file the manifest lists is still in place.
    func isIntact(_ manifest: BuildManifest) -> Bool {
        manifest.files.keys.allSatisfy { directory.looksLikeRegularFile($0) }
    }

    /// Removes every file the manifest lists (and only those), for `--clean`.
    func clean(_ manifest: BuildManifest) {
        _ = OutputWriter(paths: paths, directory: directory, previous: manifest).removeStale(keeping: [:])
        _ = directory.unlink(BuildManifest.fileName)
    }

    /// Saves the build's state and puts the output's list of files in place, the last file a
    /// build writes.
    func commit(_ manifest: BuildManifest) throws(BuildError) {
        var manifest = manifest
        manifest.outputName = manifest.outputDigest
        BuildStateStore().save(manifest, output: paths.output.path)
        let name = BuildManifest.fileName
        var failure = directory.openRoot(creating: true)
        if failure == nil {
            failure = directory.writeFile(
                OutputMarker.bytes(files: manifest.files.keys, build: manifest.outputName), to: name + ".tmp")
        }
        if failure == nil { failure = directory.rename(name + ".tmp", to: name) }
        if let failure {
            throw BuildError(
                .io, path: paths.outputFile(name), message: "cannot write: \(SystemError.message(failure))")
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
            throw BuildError(
                .usage, path: paths.output.path,
                message: "the output folder is the source folder; choose another with --output")
        }
        if source.hasPrefix(output + "/") {
            throw BuildError(
                .usage, path: paths.output.path,
                message: "the output folder contains the source folder; choose another with --output")
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
