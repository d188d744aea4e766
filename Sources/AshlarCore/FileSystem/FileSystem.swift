import AshlarPlatform
import Foundation

/// The file-system questions every stage asks, answered one way: where a path really leads,
/// whether it stays inside a folder, what kind of file it is, and the system's words for a
/// failure. Only `Site/` and `Serve/` touch the disk; they ask here.
enum FileSystem {
    /// The path with every link and `.`/`..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` itself or lies below it. Both must be real paths (see `realPath`).
    static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// A folder, or a link to one.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The system's words for a Foundation file error ("permission denied").
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return SystemError.message(Int32(underlying.code))
        }
        return nsError.localizedDescription
    }

    /// `mkdir -p`: nil on success, else the `errno` that stopped it.
    static func makeFolders(_ folder: String) -> Int32? {
        if mkdir(folder, 0o755) == 0 { return nil }
        let failure = errno
        if failure == EEXIST {
            var info = stat()
            return stat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
        }
        guard failure == ENOENT else { return failure }
        let parent = RelativePath.split(folder).folder
        guard !parent.isEmpty, parent != folder else { return failure }
        if let parentFailure = makeFolders(parent) { return parentFailure }
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return nil }
        return errno
    }

    /// Writes `bytes` to a new or truncated file: nil on success, else the `errno` that stopped it.
    /// `exclusive` never touches an existing file (`EEXIST`), and removes the new one if writing
    /// it fails.
    static func writeFile(_ bytes: [UInt8], to path: String, exclusive: Bool = false) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC) | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        let failure = write(bytes, to: descriptor)
        if failure != nil, exclusive { unlink(path) }
        return failure
    }

    /// Writes all of `bytes` and closes `descriptor`: nil on success, else the `errno`.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Platform.write(descriptor, $0 + written, bytes.count - written) } ?? 0
            }
            if count < 0 {
                let failure = errno
                if failure == EINTR { continue }
                close(descriptor)
                return failure
            }
            written += count
        }
        return close(descriptor) == 0 ? nil : errno
    }
}
