import AshlarImage
import Foundation
import Synchronization

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
/// Nothing appears in the output before `commit`, and every change goes through `directory`, so
/// no link in the output is followed (see `DirectoryJail`).
final class OutputStager: Sendable {
    let paths: SitePaths
    let directory: DirectoryJail
    /// Publish images as hard links to their sources when the file system allows it.
    let linkImages: Bool
    /// Where `.cached` files are read from.
    let cache: RenditionCache?
    /// The source folder's real path: only a file inside it is hard-linked.
    private let sourceRoot: String?
    private let state: Mutex<StagingPlan>

    init(paths: SitePaths, directory: DirectoryJail, linkImages: Bool, cache: RenditionCache? = nil) {
        self.paths = paths
        self.directory = directory
        self.linkImages = linkImages
        self.cache = cache
        self.sourceRoot = FileSystem.realPath(paths.source.path)
        self.state = Mutex(StagingPlan(paths: paths, directory: directory))
    }

    /// The first failure to write (a full disk); once there is one, nothing more is written.
    var failure: BuildError? {
        state.withLock { $0.firstFailure }
    }

    /// How many files are waiting for `commit`.
    var stagedCount: Int {
        state.withLock { $0.placed.count }
    }

    /// Records a page the writer took as it was rendered; false if the path was taken already
    /// (the first page of a path wins).
    @discardableResult
    func recordStreamed(_ path: String, entry: ManifestEntry, written: Bool) -> Bool {
        state.withLock { plan in
            guard plan.streamedPages[path] == nil else { return false }
            plan.streamedPages[path] = (entry, written)
            return true
        }
    }

    /// A page recorded by `recordStreamed`.
    func streamed(_ path: String) -> (entry: ManifestEntry, written: Bool)? {
        state.withLock { $0.streamedPages[path] }
    }

    /// Writes one file's content under a temporary name; `commit` puts it in place. Returns false
    /// when nothing was written: the path was staged already (`replacing` false), or the build
    /// has failed (see `failure`).
    @discardableResult
    func stage(_ file: OutputFile, replacing: Bool = false) -> Bool {
        do throws(BuildError) {
            let placed = try state.withLock { (plan) throws(BuildError) in
                try plan.place(file.path, replacing: replacing)
            }
            guard let (temporary, folders) = placed else { return false }
            // A page alone in a new folder, as each photo page of a first build is: the folder is
            // made and the page written with one look-up. Should that fail, the usual way below
            // makes and writes them (a folder already there is fine), or says why not.
            if case .bytes(let bytes) = file.contents, let last = folders.last,
                RelativePath.split(temporary).folder == last
            {
                try makeFolders(folders.dropLast())
                if directory.writeFile(bytes, toNewFolder: temporary) == nil { return true }
            }
            try makeFolders(folders)
            try write(file, to: temporary)
        } catch {
            state.withLock { $0.firstFailure = $0.firstFailure ?? error }
            return false
        }
        return true
    }

    /// Makes folders of the staging folder, top first. This happens outside the lock, so that
    /// both cores make them; a folder another thread has claimed but not made yet is made here
    /// too (`mkdir -p`: the staging folder is this build's own).
    private func makeFolders(_ folders: some Collection<String>) throws(BuildError) {
        for folder in folders {
            guard let failure = directory.makeFolder(folder), failure != EEXIST else { continue }
            if let failure = directory.makeFolders(folder) {
                let message = "cannot create folder: \(SystemError.message(failure))"
                throw BuildError(.io, path: display(ofStaged: folder), message: message)
            }
        }
    }

    /// Puts every staged file in place: each new folder of the staging folder in one rename,
    /// then each other file onto its destination.
    func commit() throws(BuildError) {
        try state.withLock { (plan) throws(BuildError) in try plan.commit() }
    }

    /// Removes everything staged and not yet in place: after a failure, the previous site stays
    /// exactly as it was.
    func discard() {
        state.withLock { $0.cleanUp() }
    }

    /// The output path a file or folder of the staging folder stands for, for messages.
    private func display(ofStaged path: String) -> String {
        guard let staging = state.withLock({ $0.staging }), path.hasPrefix(staging + "/new/") else {
            return paths.outputFile(path)
        }
        return paths.outputFile(String(path.dropFirst(staging.count + 5)))
    }

    /// Writes one file's content at `temporary` (output-relative): generated bytes, or a copy (a
    /// hard link when allowed and possible) of a source file.
    private func write(_ file: OutputFile, to temporary: String) throws(BuildError) {
        let display = paths.outputFile(file.path)
        switch file.contents {
        case .bytes(let bytes):
            var failure = directory.writeFile(bytes, to: temporary)
            if failure == ENOENT, makeStagedFolder(of: temporary) {
                failure = directory.writeFile(bytes, to: temporary)
            }
            if let failure {
                throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
            }
        case .unchanged, .keepPrevious, .streamed:
            throw BuildError(.io, path: display, message: "internal error: a kept page went missing during the build")
        case .copy(let source):
            try copy(
                paths.sourceFile(source), shownAs: paths.display(source), link: linkImages, to: temporary,
                display: display)
        case .cached(let cached):
            try publish(cached, to: temporary, display: display)
        case .video(let source, let patches):
            // A video with nothing to remove is linked when allowed, as a photo is, once it
            // still reads so.
            if patches.isEmpty, linkImages, link(paths.sourceFile(source), to: temporary) {
                try checkLinkedVideo(source, at: temporary)
                return
            }
            try streamVideo(source, patches: patches, to: temporary, display: display)
        }
    }

    /// Copies a video into the staging folder a piece at a time, its location patched out.
    private func streamVideo(
        _ source: String, patches: [VideoPatch], to temporary: String, display: String
    ) throws(BuildError) {
        var problem: String?
        let body = { (descriptor: Int32) -> Int32? in
            problem = StreamedCopy.copy(self.paths.sourceFile(source), patches: patches, to: descriptor)
            return problem == nil ? nil : EIO
        }
        var failure = directory.writeFile(to: temporary, with: body)
        if failure == ENOENT, problem == nil, makeStagedFolder(of: temporary) {
            failure = directory.writeFile(to: temporary, with: body)
        }
        if let problem {
            // Nothing half-made or refused stays behind to be published.
            _ = directory.unlink(temporary)
            throw BuildError(.io, path: paths.display(source), message: problem)
        }
        if let failure {
            throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
        }
    }

    /// Refuses a linked video whose source has changed since the catalog read it so that it now
    /// records a location (or no longer reads as a video).
    private func checkLinkedVideo(_ source: String, at temporary: String) throws(BuildError) {
        let descriptor = open(paths.sourceFile(source), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw BuildError(.io, path: paths.display(source), message: "cannot read: \(SystemError.message(errno))")
        }
        defer { close(descriptor) }
        var info = stat()
        let problem =
            fstat(descriptor, &info) == 0
            ? StreamedCopy.check(descriptor, size: Int(info.st_size)) : "cannot read: \(SystemError.message(errno))"
        if let problem {
            _ = directory.unlink(temporary)
            throw BuildError(.io, path: paths.display(source), message: problem)
        }
    }

    /// Hard-links `sourcePath` at `temporary`; false when the file system will not.
    private func link(_ sourcePath: String, to temporary: String) -> Bool {
        let failure = linkFile(sourcePath, to: temporary)
        if failure == nil { return true }
        return failure == ENOENT && makeStagedFolder(of: temporary) && linkFile(sourcePath, to: temporary) == nil
    }

    /// Hard-links the file `sourcePath` leads to at `temporary`: for a symbolic link inside the
    /// source, its target, never the link itself (which would hold the author's path and dangle
    /// on the server). `EXDEV`, linking nothing, when it leads out of the source folder or is
    /// not a plain file; the caller then copies it.
    private func linkFile(_ sourcePath: String, to temporary: String) -> Int32? {
        guard let root = sourceRoot, let target = FileSystem.realPath(sourcePath),
            FileSystem.isInside(target, root: root)
        else { return EXDEV }
        if let failure = directory.link(target, to: temporary) { return failure }
        // The target may have been swapped for a link since it was resolved.
        guard let info = directory.status(of: temporary), (info.st_mode & S_IFMT) == S_IFREG else {
            _ = directory.unlink(temporary)
            return EXDEV
        }
        return nil
    }

    /// Copies a file of the rendition cache to `temporary` once its bytes are what its record
    /// says: a copy, never a link, so the site shares no inode with the cache. A file that is
    /// not is not published: the build stops, and the cache forgets it, so the next build makes
    /// it again.
    private func publish(_ cached: CachedFile, to temporary: String, display: String) throws(BuildError) {
        guard let cache else {
            throw BuildError(.io, path: display, message: "internal error: no rendition cache to copy from")
        }
        let shown = cache.display(cached.cachePath)
        let bytes: [UInt8]
        switch cache.folder.readRegularFile(cached.cachePath, upTo: RenditionCache.maximumFileSize) {
        case .success(let read): bytes = read
        case .failure(let failure): throw BuildError(.io, path: shown, message: "cannot read: \(failure.message)")
        }
        if let mismatch = cached.mismatch(bytes) {
            cache.discard(cached)
            throw BuildError(
                .io, path: shown,
                message:
                    "the rendition cache entry is not what Ashlar wrote (\(mismatch)); it was not published, and the next build makes it again"
            )
        }
        var failure = directory.writeFile(bytes, to: temporary)
        if failure == ENOENT, makeStagedFolder(of: temporary) {
            failure = directory.writeFile(bytes, to: temporary)
        }
        if let failure {
            throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
        }
    }

    /// Copies a file to `temporary`, or links it there when `link` allows and the file system can;
    /// errors name `shown` (the file read) or `display` (the file written).
    private func copy(
        _ sourcePath: String, shownAs shown: String, link: Bool, to temporary: String, display: String
    ) throws(BuildError) {
        if link, self.link(sourcePath, to: temporary) { return }
        guard let data = FileManager.default.contents(atPath: sourcePath) else {
            throw BuildError(.io, path: shown, message: "cannot read: the file is gone or unreadable")
        }
        var failure = directory.writeFile([UInt8](data), to: temporary)
        if failure == ENOENT, makeStagedFolder(of: temporary) {
            failure = directory.writeFile([UInt8](data), to: temporary)
        }
        if let failure {
            throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
        }
    }

    /// Makes the folder of a file in the staging folder, which another thread has claimed but
    /// may not have made yet. False for a file outside the staging folder.
    private func makeStagedFolder(of temporary: String) -> Bool {
        guard let staging = state.withLock({ $0.staging }), temporary.hasPrefix(staging + "/") else { return false }
        return directory.makeFolders(RelativePath.split(temporary).folder) == nil
    }

    /// The name of staging folders, followed by the build's process ID.
    static let stagingPrefix = ".ashlar-staging-"

    /// Removes what an interrupted build (killed, or the machine stopped) left at the top of the
    /// output folder: its staging folder and temporary files. Those of a build still running are
    /// left alone.
    static func removeLeftovers(in directory: DirectoryJail) {
        guard let names = directory.names(in: "") else { return }
        for name in names where name.hasPrefix(".ashlar-") {
            let isStaging = name.hasPrefix(stagingPrefix)
            guard isStaging || name.hasSuffix(".tmp") else { continue }
            // `.ashlar-staging-PID[-N]`, `.ashlar-PID-N.tmp`, `.ashlar-manifest.json.tmp`
            let rest = name.dropFirst(isStaging ? stagingPrefix.count : ".ashlar-".count)
            if let pid = Int32(rest.prefix { $0.isNumber }), pid > 0, kill(pid, 0) == 0 || errno == EPERM { continue }
            guard let info = directory.status(of: name) else { continue }
            if isStaging, (info.st_mode & S_IFMT) == S_IFDIR {
                directory.removeTree(name)
            } else if (info.st_mode & S_IFMT) == S_IFREG || (info.st_mode & S_IFMT) == S_IFLNK {
                _ = directory.unlink(name)
            }
        }
    }
}
