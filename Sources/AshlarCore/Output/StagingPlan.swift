import Foundation

/// `OutputStager`'s bookkeeping, always used under its mutex: which output folders exist, which
/// are made in the staging folder, and where each staged file went. Every path here is
/// output-relative, and every change goes through `directory`.
struct StagingPlan {
    let paths: SitePaths
    let directory: DirectoryJail
    let pid = getpid()
    var prepared = false
    var outputDevice: dev_t = 0
    /// Output-relative folders known to be folders of the output, with their device.
    var present: [String: dev_t] = [:]
    /// Output-relative folders the output does not have: made in the staging folder.
    var missing: Set<String> = []
    /// Folders made in the staging folder (those of `missing`, and the ones above them).
    var madeInStaging: Set<String> = []
    /// The highest missing folders, renamed into place by `commit`.
    var roots: [String] = []
    var staging: String?
    /// Files renamed one by one onto their destination by `commit`.
    var beside: [(temporary: String, destination: String)] = []
    /// Where each output path was (or is being) written.
    var placed: [String: String] = [:]
    var count = 0
    var firstFailure: BuildError?
    /// Pages the writer took as they were rendered (`OutputWriter.stream`): the manifest entry of
    /// each, and whether it was written.
    var streamedPages: [String: (entry: ManifestEntry, written: Bool)] = [:]

    init(paths: SitePaths, directory: DirectoryJail) {
        self.paths = paths
        self.directory = directory
    }

    /// Puts every staged file in place: each new folder of the staging folder in one rename,
    /// then each other file onto its destination.
    mutating func commit() throws(BuildError) {
        if let firstFailure { throw firstFailure }
        defer { cleanUp() }
        if let staging {
            for folder in roots {
                if let code = directory.rename(staging + "/new/" + folder, to: folder) {
                    let message = "cannot write: \(SystemError.message(code))"
                    throw BuildError(.io, path: paths.outputFile(folder), message: message)
                }
            }
        }
        for (index, entry) in beside.enumerated() {
            if let code = directory.rename(entry.temporary, to: entry.destination) {
                beside.removeFirst(index)
                let message = "cannot write: \(SystemError.message(code))"
                throw BuildError(.io, path: paths.outputFile(entry.destination), message: message)
            }
        }
        beside.removeAll()
    }

    /// Removes the staging folder and any temporary files beside their destinations.
    mutating func cleanUp() {
        for entry in beside { _ = directory.unlink(entry.temporary) }
        beside.removeAll()
        if let staging {
            directory.removeTree(staging)
            self.staging = nil
        }
        roots.removeAll()
        missing.removeAll()
        madeInStaging.removeAll()
    }

    /// The temporary path to write `path` to, and the folders of the staging folder to make for
    /// it first; nil when `path` was staged already and `replacing` is false.
    mutating func place(_ path: String, replacing: Bool) throws(BuildError) -> (String, [String])? {
        if let firstFailure { throw firstFailure }
        if let earlier = placed[path] {
            guard replacing else { return nil }
            _ = directory.unlink(earlier)
            return (earlier, [])
        }
        try prepare()
        let folder = RelativePath.split(path).folder
        var folders: [String] = []
        let temporary: String
        if try isMissing(folder, claiming: &folders), let staging {
            temporary = staging + "/new/" + path
        } else {
            count += 1
            if present[folder] == outputDevice {
                temporary = try stagingFolder() + "/files/\(count)"
            } else {
                temporary = (folder.isEmpty ? "" : folder + "/") + ".ashlar-\(pid)-\(count).tmp"
            }
            beside.append((temporary, path))
        }
        placed[path] = temporary
        return (temporary, folders)
    }

    /// Makes and opens the output folder itself, once.
    private mutating func prepare() throws(BuildError) {
        guard !prepared else { return }
        let output = paths.output.path
        if let failure = directory.openRoot(creating: true) {
            throw BuildError(.io, path: output, message: "cannot create folder: \(SystemError.message(failure))")
        }
        guard let info = directory.status(of: "") else {
            throw BuildError(.io, path: output, message: "cannot create folder: \(SystemError.message(errno))")
        }
        outputDevice = info.st_dev
        present[""] = info.st_dev
        prepared = true
    }

    /// Whether the output lacks `folder` (output-relative), in which case it and the folders
    /// above it are made in the staging folder. A missing folder under a mount point inside the
    /// output cannot be renamed across devices: it is made in place instead.
    private mutating func isMissing(_ folder: String, claiming folders: inout [String]) throws(BuildError) -> Bool {
        if folder.isEmpty || present[folder] != nil { return false }
        if missing.contains(folder) { return true }
        let parent = RelativePath.split(folder).folder
        if try isMissing(parent, claiming: &folders) {
            try claimInStaging(folder, &folders)
            missing.insert(folder)
            return true
        }
        let destination = paths.outputFile(folder)
        if let info = directory.status(of: folder) {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                present[folder] = info.st_dev
                return false
            case S_IFLNK:
                throw BuildError(.io, path: destination, message: Self.refusal(destination, output: paths.output.path))
            default:
                throw BuildError(
                    .io, path: destination, message: "cannot create folder: a file of that name is in the way")
            }
        }
        let code = errno
        guard code == ENOENT else {
            throw BuildError(.io, path: destination, message: "cannot create folder: \(SystemError.message(code))")
        }
        if present[parent] != outputDevice {
            // Under a mount point: no rename can bring it there, so it is made where it belongs.
            if let failure = directory.makeFolder(folder), failure != EEXIST {
                throw BuildError(
                    .io, path: destination, message: "cannot create folder: \(SystemError.message(failure))")
            }
            present[folder] = present[parent]
            return false
        }
        try claimInStaging(folder, &folders)
        missing.insert(folder)
        roots.append(folder)
        return true
    }

    /// Claims `folder` (output-relative) and the folders above it in the staging folder: adds
    /// those not claimed yet to `folders`, top first, for the caller to make.
    private mutating func claimInStaging(_ folder: String, _ folders: inout [String]) throws(BuildError) {
        let staging = try stagingFolder()
        var chain: [String] = []
        var next = folder
        while !next.isEmpty, madeInStaging.insert(next).inserted {
            chain.append(staging + "/new/" + next)
            next = RelativePath.split(next).folder
        }
        folders += chain.reversed()
    }

    /// This build's staging folder, with its `new/` and `files/` parts, made on first use.
    private mutating func stagingFolder() throws(BuildError) -> String {
        if let staging { return staging }
        let base = OutputStager.stagingPrefix + "\(pid)"
        var attempt = 0
        while true {
            let folder = attempt == 0 ? base : "\(base)-\(attempt)"
            guard let code = directory.makeFolder(folder) else {
                staging = folder
                for part in ["new", "files"] {
                    if let failure = directory.makeFolder(folder + "/" + part) {
                        throw BuildError(
                            .io, path: paths.output.path, message: "cannot write: \(SystemError.message(failure))")
                    }
                }
                return folder
            }
            guard code == EEXIST else {
                throw BuildError(.io, path: paths.output.path, message: "cannot write: \(SystemError.message(code))")
            }
            attempt += 1
        }
    }

    /// Why a link where a folder of the output is needed is refused: no link is followed, and
    /// one that leads outside (as far as can be told now) is named as such.
    private static func refusal(_ link: String, output: String) -> String {
        let real = FileSystem.realPath(link) ?? ""
        let root = FileSystem.realPath(output) ?? output
        if FileSystem.isInside(real, root: root) {
            return "refusing to write through a link inside the output folder; Ashlar follows none"
        }
        return "refusing to write through a link that leads outside the output folder"
    }
}
