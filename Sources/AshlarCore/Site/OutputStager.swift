import Foundation

/// Writes a build's new and changed files under temporary names, from any thread, and puts them
/// in place together at the end (`commit`) or not at all (`discard`).
///
/// Everything goes into a staging folder of this build inside the output
/// (`.ashlar-staging-PID/`). A folder the output does not have yet (every album of a first
/// build) is built whole in its `new/` part, its files under their final names, and renamed into
/// place in one step: a cold build of 10,000 photos renames a few dozen folders instead of
/// 10,000 files. A file for a folder the output has is written as `files/N` and renamed onto its
/// destination. (Under a mount point inside the output, which no rename can reach, files are
/// written beside their destination as `.ashlar-PID-N.tmp`.) A killed build leaves only the
/// staging folder behind, which the next build removes.
/// Nothing appears in the output before `commit`, and a folder is made only inside one already
/// known to be a real folder of the output (a link is followed only when it stays inside it).
final class OutputStager: @unchecked Sendable {
    let paths: SitePaths
    /// Publish images as hard links to their sources when the file system allows it.
    let linkImages: Bool

    private let lock = NSLock()
    private let pid = getpid()
    private var prepared = false
    private var outputRoot = ""
    private var outputDevice: dev_t = 0
    /// Output-relative folders known to be folders of the output, with their device.
    private var present: [String: dev_t] = [:]
    /// Output-relative folders the output does not have: made in the staging folder.
    private var missing: Set<String> = []
    /// Folders made in the staging folder (those of `missing`, and the ones above them).
    private var madeInStaging: Set<String> = []
    /// The highest missing folders, renamed into place by `commit`.
    private var roots: [String] = []
    private var staging: String?
    /// Files renamed one by one onto their destination by `commit`.
    private var beside: [(temporary: String, destination: String)] = []
    /// Where each output path was (or is being) written.
    private var placed: [String: String] = [:]
    private var count = 0
    private var firstFailure: BuildError?
    /// Pages the writer took as they were rendered (`OutputWriter.stream`): the manifest entry of
    /// each, and whether it was written.
    private var streamedPages: [String: (entry: String, written: Bool)] = [:]

    init(paths: SitePaths, linkImages: Bool) {
        self.paths = paths
        self.linkImages = linkImages
    }

    /// The first failure to write (a full disk); once there is one, nothing more is written.
    var failure: BuildError? {
        lock.withLock { firstFailure }
    }

    /// How many files are waiting for `commit`.
    var stagedCount: Int {
        lock.withLock { placed.count }
    }

    /// Records a page the writer took as it was rendered; false if the path was taken already
    /// (the first page of a path wins).
    @discardableResult
    func recordStreamed(_ path: String, entry: String, written: Bool) -> Bool {
        lock.withLock {
            guard streamedPages[path] == nil else { return false }
            streamedPages[path] = (entry, written)
            return true
        }
    }

    /// A page recorded by `recordStreamed`.
    func streamed(_ path: String) -> (entry: String, written: Bool)? {
        lock.withLock { streamedPages[path] }
    }

    /// Writes one file's content under a temporary name; `commit` puts it in place. Returns false
    /// when nothing was written: the path was staged already (`replacing` false), or the build
    /// has failed (see `failure`).
    @discardableResult
    func stage(_ file: OutputFile, replacing: Bool = false) -> Bool {
        do throws(BuildError) {
            guard let (temporary, folders) = try place(file.path, replacing: replacing) else { return false }
            // New folders are made outside the lock, so that both cores make them; a folder
            // another thread has claimed but not made yet is made here too (`mkdir -p`: the
            // staging folder is this build's own).
            for folder in folders where mkdir(folder, 0o755) != 0 && errno != EEXIST {
                if let failure = FileSystem.makeFolders(folder) {
                    throw BuildError(.io, path: display(ofStaged: folder), message: "cannot create folder: \(SystemError.message(failure))")
                }
            }
            try write(file, to: temporary)
        } catch {
            lock.withLock { firstFailure = firstFailure ?? error }
            return false
        }
        return true
    }

    /// Puts every staged file in place: each new folder of the staging folder in one rename,
    /// then each other file onto its destination.
    func commit() throws(BuildError) {
        lock.lock()
        defer { lock.unlock() }
        if let firstFailure { throw firstFailure }
        defer { cleanUp() }
        if let staging {
            for folder in roots where rename(staging + "/new/" + folder, paths.outputFile(folder)) != 0 {
                let code = errno
                throw BuildError(.io, path: paths.outputFile(folder), message: "cannot write: \(SystemError.message(code))")
            }
        }
        for (index, entry) in beside.enumerated() where rename(entry.temporary, entry.destination) != 0 {
            let code = errno
            beside.removeFirst(index)
            throw BuildError(.io, path: entry.destination, message: "cannot write: \(SystemError.message(code))")
        }
        beside.removeAll()
    }

    /// Removes everything staged and not yet in place: after a failure, the previous site stays
    /// exactly as it was.
    func discard() {
        lock.withLock { cleanUp() }
    }

    /// Removes the staging folder and any temporary files beside their destinations.
    private func cleanUp() {
        for entry in beside { unlink(entry.temporary) }
        beside.removeAll()
        if let staging {
            try? FileManager.default.removeItem(atPath: staging)
            self.staging = nil
        }
        roots.removeAll()
        missing.removeAll()
        madeInStaging.removeAll()
    }

    /// The temporary path to write `path` to, and the folders of the staging folder to make for
    /// it first; nil when `path` was staged already and `replacing` is false.
    private func place(_ path: String, replacing: Bool) throws(BuildError) -> (String, [String])? {
        lock.lock()
        defer { lock.unlock() }
        if let firstFailure { throw firstFailure }
        if let earlier = placed[path] {
            guard replacing else { return nil }
            unlink(earlier)
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
            let destination = paths.outputFile(path)
            if present[folder] == outputDevice {
                temporary = try stagingFolder() + "/files/\(count)"
            } else {
                temporary = RelativePath.split(destination).folder + "/.ashlar-\(pid)-\(count).tmp"
            }
            beside.append((temporary, destination))
        }
        placed[path] = temporary
        return (temporary, folders)
    }

    /// Makes the output folder itself, once.
    private func prepare() throws(BuildError) {
        guard !prepared else { return }
        let output = paths.output.path
        if let failure = FileSystem.makeFolders(output) {
            throw BuildError(.io, path: output, message: "cannot create folder: \(SystemError.message(failure))")
        }
        var info = stat()
        guard stat(output, &info) == 0 else {
            throw BuildError(.io, path: output, message: "cannot create folder: \(SystemError.message(errno))")
        }
        outputRoot = FileSystem.realPath(output) ?? output
        outputDevice = info.st_dev
        present[""] = info.st_dev
        prepared = true
    }

    /// Whether the output lacks `folder` (output-relative), in which case it and the folders
    /// above it are made in the staging folder. A missing folder under a mount point inside the
    /// output cannot be renamed across devices: it is made in place instead.
    private func isMissing(_ folder: String, claiming folders: inout [String]) throws(BuildError) -> Bool {
        if folder.isEmpty || present[folder] != nil { return false }
        if missing.contains(folder) { return true }
        let parent = RelativePath.split(folder).folder
        let parentMissing = try isMissing(parent, claiming: &folders)
        let destination = paths.outputFile(folder)
        if parentMissing {
            try claimInStaging(folder, &folders)
            missing.insert(folder)
            return true
        }
        var info = stat()
        if lstat(destination, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR {
                try Self.checkLink(destination, outputRoot: outputRoot)
                guard stat(destination, &info) == 0 else {
                    throw BuildError(.io, path: destination, message: "cannot create folder: \(SystemError.message(errno))")
                }
            }
            present[folder] = info.st_dev
            return false
        }
        let code = errno
        guard code == ENOENT else {
            throw BuildError(.io, path: destination, message: "cannot create folder: \(SystemError.message(code))")
        }
        if present[parent] != outputDevice {
            // Under a mount point: no rename can bring it there, so it is made where it belongs.
            guard mkdir(destination, 0o755) == 0 || errno == EEXIST else {
                throw BuildError(.io, path: destination, message: "cannot create folder: \(SystemError.message(errno))")
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
    private func claimInStaging(_ folder: String, _ folders: inout [String]) throws(BuildError) {
        let staging = try stagingFolder()
        var chain: [String] = []
        var next = folder
        while !next.isEmpty, madeInStaging.insert(next).inserted {
            chain.append(staging + "/new/" + next)
            next = RelativePath.split(next).folder
        }
        folders += chain.reversed()
    }

    /// The output path a file or folder of the staging folder stands for, for messages.
    private func display(ofStaged path: String) -> String {
        guard let staging = lock.withLock({ staging }), path.hasPrefix(staging + "/new/") else { return path }
        return paths.outputFile(String(path.dropFirst(staging.count + 5)))
    }

    /// This build's staging folder, with its `new/` and `files/` parts, made on first use.
    private func stagingFolder() throws(BuildError) -> String {
        if let staging { return staging }
        let base = paths.outputFile(OutputStager.stagingPrefix + "\(pid)")
        var attempt = 0
        while true {
            let folder = attempt == 0 ? base : "\(base)-\(attempt)"
            if mkdir(folder, 0o755) == 0 {
                staging = folder
                for part in ["new", "files"] where mkdir(folder + "/" + part, 0o755) != 0 {
                    throw BuildError(.io, path: paths.output.path, message: "cannot write: \(SystemError.message(errno))")
                }
                return folder
            }
            let code = errno
            guard code == EEXIST else {
                throw BuildError(.io, path: paths.output.path, message: "cannot write: \(SystemError.message(code))")
            }
            attempt += 1
        }
    }

    /// Something in the output that is not a plain folder where a folder is needed is accepted
    /// only if it is a link to a folder inside the output.
    private static func checkLink(_ folder: String, outputRoot: String) throws(BuildError) {
        let real = FileSystem.realPath(folder) ?? ""
        guard real == outputRoot || real.hasPrefix(outputRoot + "/") else {
            throw BuildError(.io, path: folder, message: "refusing to write through a link that leads outside the output folder")
        }
        var target = stat()
        guard stat(folder, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR else {
            throw BuildError(.io, path: folder, message: "cannot create folder: a file of that name is in the way")
        }
    }

    /// Writes one file's content at `temporary`: generated bytes, or a copy (a hard link when
    /// allowed and possible) of a source file.
    private func write(_ file: OutputFile, to temporary: String) throws(BuildError) {
        let display = paths.outputFile(file.path)
        switch file.contents {
        case .bytes(let bytes):
            var failure = FileSystem.writeFile(bytes, to: temporary)
            if failure == ENOENT, makeStagedFolder(of: temporary) {
                failure = FileSystem.writeFile(bytes, to: temporary)
            }
            if let failure {
                throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
            }
        case .unchanged, .streamed:
            throw BuildError(.io, path: display, message: "internal error: a kept page went missing during the build")
        case .copy(let source):
            let sourcePath = paths.sourceFile(source)
            if linkImages {
                if link(sourcePath, temporary) == 0 { return }
                if errno == ENOENT, makeStagedFolder(of: temporary), link(sourcePath, temporary) == 0 { return }
            }
            guard let data = FileManager.default.contents(atPath: sourcePath) else {
                throw BuildError(.io, path: paths.display(source), message: "cannot read: the file is gone or unreadable")
            }
            var failure = FileSystem.writeFile([UInt8](data), to: temporary)
            if failure == ENOENT, makeStagedFolder(of: temporary) {
                failure = FileSystem.writeFile([UInt8](data), to: temporary)
            }
            if let failure {
                throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
            }
        }
    }

    /// Makes the folder of a file in the staging folder, which another thread has claimed but
    /// may not have made yet. False for a file outside the staging folder.
    private func makeStagedFolder(of temporary: String) -> Bool {
        guard let staging = lock.withLock({ staging }), temporary.hasPrefix(staging + "/") else { return false }
        return FileSystem.makeFolders(RelativePath.split(temporary).folder) == nil
    }

    /// The name of staging folders, followed by the build's process ID.
    static let stagingPrefix = ".ashlar-staging-"

    /// Removes what an interrupted build (killed, or the machine stopped) left at the top of the
    /// output folder: its staging folder and temporary files. Those of a build still running are
    /// left alone.
    static func removeLeftovers(in output: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: output) else { return }
        for name in names where name.hasPrefix(".ashlar-") {
            let isStaging = name.hasPrefix(stagingPrefix)
            guard isStaging || name.hasSuffix(".tmp") else { continue }
            // `.ashlar-staging-PID[-N]`, `.ashlar-PID-N.tmp`, `.ashlar-manifest.json.tmp`
            let rest = name.dropFirst(isStaging ? stagingPrefix.count : ".ashlar-".count)
            if let pid = Int32(rest.prefix { $0.isNumber }), pid > 0, kill(pid, 0) == 0 || errno == EPERM { continue }
            let path = output + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if isStaging, (info.st_mode & S_IFMT) == S_IFDIR {
                try? FileManager.default.removeItem(atPath: path)
            } else if (info.st_mode & S_IFMT) == S_IFREG || (info.st_mode & S_IFMT) == S_IFLNK {
                unlink(path)
            }
        }
    }
}
