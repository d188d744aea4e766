import Foundation

/// Keeps two builds from writing the same output folder at once (`serve` running while you
/// `build`, or parallel CI jobs): an exclusive `flock` on a file named after the output folder's
/// real path (so two spellings of one folder, even one not made yet, share a lock), in a folder
/// only this user can write (see ``folder(environment:)``), so neither the source nor the output
/// gains a file and no other user can hold or replace the lock. A second build waits for the
/// first, having said so. The lock goes with the process, however it ends; the small file stays,
/// for the next build of that folder.
final class BuildLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock for `output`, waiting for whoever holds it; nil when no lock file can be
    /// made safely: the build then goes on without one.
    init?(
        output: String, environment: [String: String] = ProcessInfo.processInfo.environment, waiting: (String) -> Void
    ) {
        guard let folder = Self.folder(environment: environment) else { return nil }
        let descriptor = open(folder + "/" + Self.name(for: output), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid() else {
            close(descriptor)
            return nil
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                close(descriptor)
                return nil
            }
            waiting("another Ashlar build is writing \(output); waiting for it to finish")
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    return nil
                }
            }
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The lock file's name: a hash of the output folder's real path (of its nearest existing
    /// ancestor, for a folder not made yet).
    static func name(for output: String) -> String {
        let path = OutputFolder.resolvedPath(URL(fileURLWithPath: output).standardizedFileURL.path)
        return "build-" + ContentHash.of(Array(path.utf8)) + ".lock"
    }

    /// Where locks go: `$XDG_RUNTIME_DIR/ashlar` (the user's own runtime folder), else
    /// `$XDG_CACHE_HOME/ashlar/locks` or `~/.cache/ashlar/locks`. The folder is made with mode
    /// 0700 and used only when it is a real folder (not a link) that this user owns and no one
    /// else can write; nil when there is none.
    static func folder(environment: [String: String]) -> String? {
        var candidates: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            candidates.append(runtime + "/ashlar")
        }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            candidates.append(cache + "/ashlar/locks")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            candidates.append(home + "/.cache/ashlar/locks")
        }
        for folder in candidates {
            let parent = (folder as NSString).deletingLastPathComponent
            _ = FileSystem.makeFolders(parent)
            _ = mkdir(folder, 0o700)
            var info = stat()
            if lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
                info.st_mode & 0o022 == 0
            {
                return folder
            }
        }
        return nil
    }
}
