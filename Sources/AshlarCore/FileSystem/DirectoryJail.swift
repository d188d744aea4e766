import AshlarPlatform
import Foundation
import Synchronization

/// A folder held open, the one way a build reads or changes anything in the output folder or
/// the rendition cache (a jail: nothing outside it can be reached through it).
///
/// The rule: every file written, folder made, rename, hard link, unlink and folder removed in the
/// folder happens relative to a descriptor of its parent folder (`openat`, `mkdirat`,
/// `renameat`, `linkat`, `unlinkat`, `fstatat`), and that descriptor is reached from a
/// descriptor of the output root, opened once, one path segment at a time with
/// `O_DIRECTORY | O_NOFOLLOW`. No link below the root is ever followed, whether it was there
/// before the build or swapped in while it runs: the operation fails instead, so nothing outside
/// the output can be written or removed. The last segment is not followed either (`O_NOFOLLOW`,
/// `AT_SYMLINK_NOFOLLOW`; `unlinkat` and `renameat` act on a link itself). Paths are
/// output-relative and must pass `RelativePath.isSafe`: no `..`, nothing absolute. The root is
/// the user's choice and may itself be reached through links.
///
/// (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS` would walk in one call, but this
/// glibc does not wrap it and Swift cannot call the variadic `syscall`.)
///
/// Descriptors of recently used folders are kept (at most `cacheSize`), so a file costs one
/// `openat` of its folder from the nearest kept ancestor, not a walk from the root. A folder
/// renamed or removed through here is forgotten; one moved behind Ashlar's back keeps being
/// written where it went, which is where the build verified it to be.
final class DirectoryJail: Sendable {
    /// The output root's absolute path, for making it and for messages.
    let path: String
    private let state = Mutex(DirectoryJailHandles())

    static let cacheSize = 64

    init(path: String) {
        self.path = path
    }

    deinit {
        state.withLock { $0.closeAll() }
    }

    /// Opens the root once, making it (and the folders above it) first when `creating`: nil on
    /// success, else the `errno` (`ENOENT` for a root that does not exist). With
    /// `followingLink` false, a root that is itself a link is refused (`ELOOP`), as for a folder
    /// whose place someone else could plant a link in.
    func openRoot(creating: Bool, followingLink: Bool = true) -> Int32? {
        state.withLock { handles in
            if handles.root >= 0 { return nil }
            var info = stat()
            if !followingLink, lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK { return ELOOP }
            if creating, let failure = FileSystem.makeFolders(path) { return failure }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
            guard descriptor >= 0 else { return errno }
            handles.root = descriptor
            return nil
        }
    }

    /// Writes `bytes` to a new or truncated file.
    func writeFile(_ bytes: [UInt8], to file: String) -> Int32? {
        inParent(of: file) { folder, name in Self.write(bytes, to: name, in: folder) }
    }

    /// Makes the folder of `file` (its own parent must exist) and writes `bytes` to `file` in it,
    /// reaching the new folder from its parent's descriptor with `O_NOFOLLOW` as a walk does, but
    /// keeping no descriptor of it: a first build writes each photo page into a folder of its own,
    /// and one look-up serves both. `EEXIST` when the folder is there already (nothing is written).
    func writeFile(_ bytes: [UInt8], toNewFolder file: String) -> Int32? {
        guard RelativePath.isSafe(file) else { return EINVAL }
        let (folder, name) = RelativePath.split(file)
        return inParent(of: folder) { parent, folderName in
            guard mkdirat(parent, folderName, 0o755) == 0 else { return errno }
            let made = openat(parent, folderName, Platform.folderHandle | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard made >= 0 else { return errno }
            defer { close(made) }
            return Self.write(bytes, to: name, in: made)
        }
    }

    private static func write(_ bytes: [UInt8], to name: String, in folder: Int32) -> Int32? {
        let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        return FileSystem.write(bytes, to: descriptor)
    }

    /// The contents of a regular file; nil when it is missing, unreadable or not a plain file.
    func readFile(_ file: String) -> [UInt8]? {
        try? readRegularFile(file, upTo: Int.max).get()
    }

    /// The contents of a regular file of at most `limit` bytes, read through one descriptor
    /// opened without following a link; the failure otherwise (`EINVAL` for something other
    /// than a regular file, `EFBIG` for a larger one).
    func readRegularFile(_ file: String, upTo limit: Int) -> Result<[UInt8], SystemFailure> {
        var contents: [UInt8] = []
        let failure = inParent(of: file) { folder, name in
            let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return errno }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return errno }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return EINVAL }
            guard info.st_size <= limit else { return EFBIG }
            contents = [UInt8](repeating: 0, count: Int(info.st_size))
            var done = 0
            while done < contents.count {
                let count = contents.withUnsafeMutableBytes { buffer in
                    buffer.baseAddress.map { read(descriptor, $0 + done, buffer.count - done) } ?? 0
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count == 0 ? EIO : errno }
                done += count
            }
            return nil
        }
        if let failure { return .failure(SystemFailure(code: failure)) }
        return .success(contents)
    }

    /// Writes `bytes` under a temporary name beside `file`, then renames it into place, so that
    /// no reader sees half a file.
    func replaceFile(_ file: String, with bytes: [UInt8], permissions: mode_t = 0o644) -> Int32? {
        let temporary = file + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let folder = RelativePath.split(file).folder
        if !folder.isEmpty, let failure = makeFolders(folder) { return failure }
        let created = inParent(of: temporary) { folder, name in
            let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
            guard descriptor >= 0 else { return errno }
            return FileSystem.write(bytes, to: descriptor)
        }
        if let created {
            _ = unlink(temporary)
            return created
        }
        if let failure = rename(temporary, to: file) {
            _ = unlink(temporary)
            return failure
        }
        return nil
    }

    /// Opens a new or truncated file for writing and hands its descriptor to `body`, which
    /// writes it (a piece at a time, for a file too large to hold in memory); closes it after.
    func writeFile(to file: String, with body: (Int32) -> Int32?) -> Int32? {
        inParent(of: file) { folder, name in
            // Read and write: what is written can be checked before it is published.
            let descriptor = openat(folder, name, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return errno }
            let failure = body(descriptor)
            return close(descriptor) == 0 ? failure : failure ?? errno
        }
    }

    /// Sets a file's time to now, not following a link.
    func touch(_ file: String) -> Int32? {
        inParent(of: file) { folder, name in utimensat(folder, name, nil, AT_SYMLINK_NOFOLLOW) == 0 ? nil : errno }
    }

    /// Makes one folder (`EEXIST` when something has that name).
    func makeFolder(_ folder: String) -> Int32? {
        inParent(of: folder) { parent, name in mkdirat(parent, name, 0o755) == 0 ? nil : errno }
    }

    /// Makes a folder and any missing folders above it (`mkdir -p`).
    func makeFolders(_ folder: String) -> Int32? {
        guard RelativePath.isSafe(folder) else { return EINVAL }
        return withFolder(folder, creating: true) { _ in nil }
    }

    /// Renames a file or folder; both paths are output-relative.
    func rename(_ source: String, to destination: String) -> Int32? {
        guard RelativePath.isSafe(source), RelativePath.isSafe(destination) else { return EINVAL }
        let (sourceFolder, sourceName) = RelativePath.split(source)
        let (destinationFolder, destinationName) = RelativePath.split(destination)
        let failure = withFolder(sourceFolder) { from in
            withFolder(destinationFolder) { to in
                renameat(from, sourceName, to, destinationName) == 0 ? nil : errno
            }
        }
        if failure == nil {
            state.withLock { handles in
                handles.forget(source)
                handles.forget(destination)
            }
        }
        return failure
    }

    /// Makes `file` a hard link to `source`, an absolute path outside the output (not followed
    /// if it is a link).
    func link(_ source: String, to file: String) -> Int32? {
        inParent(of: file) { folder, name in linkat(AT_FDCWD, source, folder, name, 0) == 0 ? nil : errno }
    }

    /// Removes a file, or a link itself.
    func unlink(_ file: String) -> Int32? {
        inParent(of: file) { folder, name in unlinkat(folder, name, 0) == 0 ? nil : errno }
    }

    /// Removes an empty folder.
    func removeFolder(_ folder: String) -> Int32? {
        let failure = inParent(of: folder) { parent, name in unlinkat(parent, name, AT_REMOVEDIR) == 0 ? nil : errno }
        if failure == nil { state.withLock { $0.forget(folder) } }
        return failure
    }

    /// Removes a file, or a folder and everything in it; links are removed, never followed.
    func removeTree(_ path: String) {
        guard let info = status(of: path) else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            _ = unlink(path)
            return
        }
        for name in names(in: path) ?? [] { removeTree(path + "/" + name) }
        _ = removeFolder(path)
    }

    /// What `path` is, not followed through a link (`lstat`); "" is the root. Nil when it cannot
    /// be reached without following a link, or does not exist (see `errno`).
    func status(of path: String) -> stat? {
        var info = stat()
        if path.isEmpty {
            let failure = withFolder("") { root in fstat(root, &info) == 0 ? nil : errno }
            return failure == nil ? info : nil
        }
        let failure = inParent(of: path) { folder, name in
            fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? nil : errno
        }
        if let failure {
            errno = failure
            return nil
        }
        return info
    }

    /// A regular file, reached without following any link.
    func isRegularFile(_ file: String) -> Bool {
        guard let info = status(of: file) else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `file` is a regular file, asked in one `fstatat` from the root. Folders on the way
    /// may be links here: this answers the up-to-date check, which changes nothing, cheaply (one
    /// system call per file of a 10,000-photo site); nothing that writes or removes may use it.
    func looksLikeRegularFile(_ file: String) -> Bool {
        guard RelativePath.isSafe(file) else { return false }
        var info = stat()
        let failure = withFolder("") { root in fstatat(root, file, &info, AT_SYMLINK_NOFOLLOW) == 0 ? nil : errno }
        return failure == nil && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The names in a folder ("" is the root), without `.` and `..`; nil when it cannot be read.
    func names(in folder: String) -> [String]? {
        guard folder.isEmpty || RelativePath.isSafe(folder) else { return nil }
        var names: [String]?
        _ = withFolder(folder) { descriptor in
            // A fresh open of the folder, so that reading it moves no shared offset.
            let listing = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard listing >= 0, let stream = fdopendir(listing) else { return errno }
            defer { closedir(stream) }
            var found: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name != ".", name != ".." { found.append(name) }
            }
            names = found
            return nil
        }
        return names
    }

    /// Runs `body` with a descriptor of the folder holding `path` and the last segment's name.
    private func inParent(of path: String, _ body: (Int32, String) -> Int32?) -> Int32? {
        guard RelativePath.isSafe(path) else { return EINVAL }
        let (folder, name) = RelativePath.split(path)
        return withFolder(folder) { body($0, name) }
    }

    /// Runs `body` with a descriptor of `folder` ("" is the root), kept open until it returns;
    /// the `errno` when the folder cannot be reached without following a link.
    private func withFolder(_ folder: String, creating: Bool = false, _ body: (Int32) -> Int32?) -> Int32? {
        let descriptor: Int32
        switch state.withLock({ $0.start(folder) }) {
        case .failed(let code):
            return code
        case .kept(let open):
            descriptor = open
        case .walk(let base, let baseKey, let start):
            // The system calls happen outside the lock, so that both cores walk at once; `base`
            // is in use (see `start`), so nothing closes it meanwhile.
            let (opened, failure) = Self.walk(folder, from: base, at: start, creating: creating)
            let kept = state.withLock { $0.finish(folder, opened: opened, base: base, baseKey: baseKey) }
            guard let kept else { return failure }
            descriptor = kept
        }
        defer { state.withLock { $0.release(folder, descriptor) } }
        return body(descriptor)
    }

    /// Opens each segment of `folder` from `start` on, one at a time from `base`, with
    /// `O_DIRECTORY | O_NOFOLLOW` (`Platform.folderHandle`: on Linux `O_PATH`, only a handle to
    /// walk from, no read permission needed); with `creating`, missing segments are made on the way. Returns each folder opened
    /// (output-relative, descriptor), and the `errno` that stopped the walk short of `folder`.
    private static func walk(
        _ folder: String, from base: Int32, at start: String.Index, creating: Bool
    ) -> ([(String, Int32)], Int32?) {
        var opened: [(String, Int32)] = []
        var base = base
        var start = start
        let flags = Platform.folderHandle | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        while true {
            let slash = folder[start...].utf8.firstIndex(of: UInt8(ascii: "/")) ?? folder.endIndex
            let segment = String(folder[start..<slash])
            var descriptor = openat(base, segment, flags)
            if descriptor < 0, errno == ENOENT, creating, mkdirat(base, segment, 0o755) == 0 || errno == EEXIST {
                descriptor = openat(base, segment, flags)
            }
            guard descriptor >= 0 else { return (opened, errno) }
            opened.append((String(folder[..<slash]), descriptor))
            if slash == folder.endIndex { return (opened, nil) }
            base = descriptor
            start = folder.utf8.index(after: slash)
        }
    }
}
