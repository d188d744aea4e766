import Foundation

/// Writes the site into the output folder, and only there, in two steps: every new or changed
/// file is first written under a temporary name (see `OutputStager`); only when all of them are
/// on disk are they put in place, and files Ashlar wrote before but no longer produces removed.
/// A failure in the first step (a full disk, a vanished source file) removes the temporary files
/// and leaves the previous site exactly as it was.
struct OutputWriter {
    var paths: SitePaths
    /// What the previous build wrote; nil for a fresh output folder.
    var previous: BuildManifest?
    /// Every file of `previous` was found in place when this build started: files whose entry is
    /// unchanged are then not looked at again.
    var previousIsIntact = false
    /// Publish images as hard links to their sources when the file system allows it.
    var linkImages = true

    struct Summary: Sendable, Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    /// A file to write, with the manifest entry that identifies its content.
    private struct Planned: Sendable {
        var file: OutputFile
        var entry: String
    }

    /// Writes `files` through `stager`, which may hold pages already (`.staged`), and puts
    /// everything in place together. On failure nothing staged is left behind.
    func write(_ files: [OutputFile], stager: OutputStager? = nil) throws(BuildError) -> (Summary, [String: String]) {
        let stager = stager ?? OutputStager(paths: paths, linkImages: linkImages)
        do throws(BuildError) {
            return try write(files, with: stager)
        } catch {
            stager.discard()
            throw error
        }
    }

    private func write(_ files: [OutputFile], with stager: OutputStager) throws(BuildError) -> (Summary, [String: String]) {
        var seen = Set<String>(minimumCapacity: files.count)
        var unique: [OutputFile] = []
        unique.reserveCapacity(files.count)
        for file in files where seen.insert(file.path).inserted {
            guard Self.isSafeRelativePath(file.path), file.path != BuildManifest.fileName else {
                throw BuildError(.io, path: file.path, message: "refusing to write outside the output folder")
            }
            unique.append(file)
        }
        // Hash generated files and stamp copied ones on every core.
        let planned = unique.parallelMap { file -> Result<Planned, BuildError> in
            switch file.contents {
            case .bytes(let bytes):
                return .success(Planned(file: file, entry: "h:" + ContentHash.of(bytes)))
            case .staged(let entry, _):
                return .success(Planned(file: file, entry: entry))
            case .unchanged:
                // Only offered for files the previous build wrote and that are still there.
                guard let entry = previous?.files[file.path] else {
                    return .failure(BuildError(.io, path: paths.outputFile(file.path), message: "internal error: no earlier copy of this page to keep"))
                }
                return .success(Planned(file: file, entry: entry))
            case .copy(let source):
                var info = stat()
                guard stat(paths.sourceFile(source), &info) == 0 else {
                    return .failure(BuildError(.io, path: paths.display(source), message: "cannot read: \(SystemError.message(errno))"))
                }
                let stamp = SourceScanner.stamp(info)
                return .success(Planned(file: file, entry: "c:\(stamp.size):\(stamp.modified):\(source)"))
            }
        }
        var summary = Summary()
        var entries: [String: String] = Dictionary(minimumCapacity: planned.count)
        var changed: [OutputFile] = []
        for result in planned {
            let item = try result.get()
            entries[item.file.path] = item.entry
            if case .staged(_, let written) = item.file.contents {
                if !written { summary.unchanged += 1 }
            } else if previous?.files[item.file.path] == item.entry, previousIsIntact || Self.isRegularFile(paths.outputFile(item.file.path)) {
                summary.unchanged += 1
            } else {
                changed.append(item.file)
            }
        }
        // A file the renderer staged under the same path (there should be none) is replaced:
        // the first of `files` wins, as in the manifest.
        _ = changed.parallelMap { stager.stage($0, replacing: true) }
        summary.written = stager.stagedCount
        try stager.commit()
        summary.removed = removeStale(keeping: entries)
        return (summary, entries)
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
        let parent = split(folder).folder
        guard !parent.isEmpty, parent != folder else { return failure }
        if let parentFailure = makeFolders(parent) { return parentFailure }
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return nil }
        return errno
    }

    static func writeFile(_ bytes: [UInt8], to path: String, display: String) throws(BuildError) {
        if let failure = writeFile(bytes, to: path) {
            throw BuildError(.io, path: display, message: "cannot write: \(SystemError.message(failure))")
        }
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
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0 + written, bytes.count - written) } ?? 0
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

    /// Removes files the previous build wrote that this one does not, and the folders that
    /// leaves empty. Nothing else is touched.
    private func removeStale(keeping entries: [String: String]) -> Int {
        guard let previous else { return 0 }
        var removed = 0
        var folders = Set<String>()
        for path in previous.files.keys.sorted(by: SourceScanner.byteOrder) where entries[path] == nil {
            let file = paths.outputFile(path)
            if Self.isRegularFile(file), unlink(file) == 0 { removed += 1 }
            var folder = Self.split(path).folder
            while !folder.isEmpty {
                folders.insert(folder)
                folder = Self.split(folder).folder
            }
        }
        // Deepest first; rmdir fails, harmlessly, on any folder that still holds something.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            rmdir(paths.outputFile(folder))
        }
        return removed
    }

    /// `a/b/c.html` → (`a/b`, `c.html`); `c.html` → (``, `c.html`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A relative path with no empty, `.` or `..` segment and no NUL. A backslash is an ordinary
    /// character in a file name here (`back\slash.jpg`), and links percent-encode it.
    static func isSafeRelativePath(_ path: String) -> Bool {
        // One pass over the bytes: every build checks each of its 10,000s of paths.
        var segmentLength = 0
        var dots = 0
        for byte in path.utf8 {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                if segmentLength == 0 || segmentLength == dots && dots <= 2 { return false }
                segmentLength = 0
                dots = 0
            case UInt8(ascii: "."):
                segmentLength += 1
                dots += 1
            default:
                segmentLength += 1
            }
        }
        return segmentLength > 0 && !(segmentLength == dots && dots <= 2)
    }
}
