import Foundation

/// Writes the site into the output folder, and only there, in two steps: every new or changed
/// file is first written under a temporary name; only when all of them are on disk are they
/// renamed into place, and files Ashlar wrote before but no longer produces removed. A failure
/// in the first step (a full disk, a vanished source file) removes the temporary files and leaves
/// the previous site exactly as it was.
struct OutputWriter {
    var paths: SitePaths
    /// What the previous build wrote; nil for a fresh output folder.
    var previous: BuildManifest?
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

    /// Writes `files`; those already `.staged` (see `Stager`) are only renamed into place.
    func write(_ files: [OutputFile]) throws(BuildError) -> (Summary, [String: String]) {
        var seen = Set<String>()
        var unique: [OutputFile] = []
        for file in files {
            guard seen.insert(file.path).inserted else {
                if case .staged(_, let temporary?) = file.contents { unlink(temporary) }
                continue
            }
            guard Self.isSafeRelativePath(file.path), file.path != BuildManifest.fileName else {
                throw BuildError(.io, path: file.path, message: "refusing to write outside the output folder")
            }
            unique.append(file)
        }
        let outputRoot = SourceScanner.realPath(paths.output.path) ?? paths.output.path
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
                    return .failure(BuildError(.io, path: paths.display(source), message: "cannot read: \(String(cString: strerror(errno)).lowercased())"))
                }
                let stamp = SourceScanner.stamp(info)
                return .success(Planned(file: file, entry: "c:\(stamp.size):\(stamp.modified):\(source)"))
            }
        }
        var summary = Summary()
        var entries: [String: String] = [:]
        var changed: [Planned] = []
        var staged: [(temporary: String, destination: String)] = []
        for result in planned {
            let item: Planned
            switch result {
            case .success(let value): item = value
            case .failure(let error):
                for entry in staged { unlink(entry.temporary) }
                throw error
            }
            entries[item.file.path] = item.entry
            if case .staged(_, let temporary) = item.file.contents {
                if let temporary {
                    staged.append((temporary, paths.outputFile(item.file.path)))
                } else {
                    summary.unchanged += 1
                }
            } else if previous?.files[item.file.path] == item.entry, Self.isRegularFile(paths.outputFile(item.file.path)) {
                summary.unchanged += 1
            } else {
                changed.append(item)
            }
        }

        // Folders first (one by one: a folder is made inside a parent already known to be a real
        // folder of the output, and links are followed only when they stay inside it), then
        // every file's temporary copy on every core.
        do throws(BuildError) {
            if !changed.isEmpty, let failure = Self.makeFolders(paths.output.path) {
                throw BuildError(.io, path: paths.output.path, message: "cannot create folder: \(String(cString: strerror(failure)).lowercased())")
            }
            var verified: Set<String> = [paths.output.path]
            for item in changed {
                try makeFolder(Self.split(paths.outputFile(item.file.path)).folder, verified: &verified, outputRoot: outputRoot)
            }
        } catch {
            for entry in staged { unlink(entry.temporary) }
            throw error
        }
        let pid = getpid()
        // Temporary names are short and numbered: a name built on the file's own would be longer
        // than the system allows for a file name already near that limit (255 bytes).
        let stagedResults = Array(changed.enumerated()).parallelMap { index, item -> Result<(String, String), BuildError> in
            let destination = paths.outputFile(item.file.path)
            let temporary = Self.split(destination).folder + "/.ashlar-\(pid)-\(index).tmp"
            do throws(BuildError) {
                try stage(item.file, at: temporary)
                return .success((temporary, destination))
            } catch {
                unlink(temporary)
                return .failure(error)
            }
        }
        var firstFailure: BuildError?
        for result in stagedResults {
            switch result {
            case .success(let pair): staged.append(pair)
            case .failure(let error): firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure {
            for entry in staged { unlink(entry.temporary) }
            throw firstFailure
        }
        for (index, entry) in staged.enumerated() where rename(entry.temporary, entry.destination) != 0 {
            let reason = String(cString: strerror(errno)).lowercased()
            for rest in staged[index...] { unlink(rest.temporary) }
            throw BuildError(.io, path: entry.destination, message: "cannot write: \(reason)")
        }
        summary.written = staged.count
        summary.removed = removeStale(keeping: entries)
        return (summary, entries)
    }

    /// Creates a folder (and its parents) and checks that it really is inside the output: a link
    /// inside the output folder must not lead the build outside it.
    fileprivate func makeFolder(_ folder: String, verified: inout Set<String>, outputRoot: String) throws(BuildError) {
        if verified.contains(folder) { return }
        let parent = Self.split(folder).folder
        guard parent.count >= paths.output.path.count else {
            throw BuildError(.io, path: folder, message: "refusing to write outside the output folder")
        }
        try makeFolder(parent, verified: &verified, outputRoot: outputRoot)
        if mkdir(folder, 0o755) != 0 {
            let failure = errno
            guard failure == EEXIST else {
                throw BuildError(.io, path: folder, message: "cannot create folder: \(String(cString: strerror(failure)).lowercased())")
            }
            // It was there already: a real folder is fine; a link must stay inside the output.
            var info = stat()
            guard lstat(folder, &info) == 0 else {
                throw BuildError(.io, path: folder, message: "cannot create folder: \(String(cString: strerror(errno)).lowercased())")
            }
            if (info.st_mode & S_IFMT) != S_IFDIR {
                let real = SourceScanner.realPath(folder) ?? ""
                guard real == outputRoot || real.hasPrefix(outputRoot + "/") else {
                    throw BuildError(.io, path: folder, message: "refusing to write through a link that leads outside the output folder")
                }
                var target = stat()
                guard stat(folder, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR else {
                    throw BuildError(.io, path: folder, message: "cannot create folder: a file of that name is in the way")
                }
            }
        }
        verified.insert(folder)
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

    /// Writes one file's content under its temporary name.
    private func stage(_ file: OutputFile, at temporary: String) throws(BuildError) {
        switch file.contents {
        case .bytes(let bytes):
            try Self.writeFile(bytes, to: temporary, display: paths.outputFile(file.path))
        case .unchanged, .staged:
            throw BuildError(.io, path: paths.outputFile(file.path), message: "internal error: a kept page went missing during the build")
        case .copy(let source):
            let sourcePath = paths.sourceFile(source)
            if linkImages, link(sourcePath, temporary) == 0 { return }
            guard let data = FileManager.default.contents(atPath: sourcePath) else {
                throw BuildError(.io, path: paths.display(source), message: "cannot read: the file is gone or unreadable")
            }
            try Self.writeFile([UInt8](data), to: temporary, display: paths.outputFile(file.path))
        }
    }

    static func writeFile(_ bytes: [UInt8], to path: String, display: String) throws(BuildError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BuildError(.io, path: display, message: "cannot write: \(String(cString: strerror(errno)).lowercased())")
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno)).lowercased()
                close(descriptor)
                throw BuildError(.io, path: display, message: "cannot write: \(reason)")
            }
            written += count
        }
        guard close(descriptor) == 0 else {
            throw BuildError(.io, path: display, message: "cannot write: \(String(cString: strerror(errno)).lowercased())")
        }
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
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}

extension OutputWriter {
    /// Writes pages under temporary names as they are rendered, from any thread, so that a build
    /// never holds all its pages in memory at once (100,000 photo pages and the 1,700 pages of
    /// their album are over 500 MB). `write(_:)` then renames them into place with everything
    /// else. A page identical to the previous build's file is not written at all.
    final class Stager: @unchecked Sendable {
        private let writer: OutputWriter
        private let pid = getpid()
        private let lock = NSLock()
        private var verified: Set<String> = []
        private var outputRoot = ""
        private var count = 0
        private var temporaries: [String] = []
        private var firstFailure: BuildError?

        init(_ writer: OutputWriter) {
            self.writer = writer
        }

        /// The first failure to write (a full disk); once there is one, nothing more is written.
        var failure: BuildError? {
            lock.withLock { firstFailure }
        }

        /// A generated file as `.staged`; anything else (or a path `write` will refuse) as it is.
        func stage(_ file: OutputFile) -> OutputFile {
            guard case .bytes(let bytes) = file.contents, OutputWriter.isSafeRelativePath(file.path), file.path != BuildManifest.fileName else {
                return file
            }
            let entry = "h:" + ContentHash.of(bytes)
            let destination = writer.paths.outputFile(file.path)
            if writer.previous?.files[file.path] == entry, OutputWriter.isRegularFile(destination) {
                return OutputFile(path: file.path, contents: .staged(entry: entry, temporary: nil))
            }
            // Folders one at a time, as `write` makes them; the file itself on this thread.
            let temporary: String
            lock.lock()
            do throws(BuildError) {
                if let firstFailure { throw firstFailure }
                if verified.isEmpty {
                    if let failure = OutputWriter.makeFolders(writer.paths.output.path) {
                        throw BuildError(.io, path: writer.paths.output.path, message: "cannot create folder: \(String(cString: strerror(failure)).lowercased())")
                    }
                    verified = [writer.paths.output.path]
                    outputRoot = SourceScanner.realPath(writer.paths.output.path) ?? writer.paths.output.path
                }
                try writer.makeFolder(OutputWriter.split(destination).folder, verified: &verified, outputRoot: outputRoot)
                count += 1
                temporary = OutputWriter.split(destination).folder + "/.ashlar-\(pid)-p\(count).tmp"
                temporaries.append(temporary)
                lock.unlock()
            } catch {
                firstFailure = firstFailure ?? error
                lock.unlock()
                return file
            }
            do throws(BuildError) {
                try OutputWriter.writeFile(bytes, to: temporary, display: destination)
            } catch {
                lock.withLock { firstFailure = firstFailure ?? error }
                return file
            }
            return OutputFile(path: file.path, contents: .staged(entry: entry, temporary: temporary))
        }

        /// Removes every temporary file staged and not yet renamed: after a failure, the previous
        /// site stays exactly as it was.
        func discard() {
            lock.withLock {
                for temporary in temporaries { unlink(temporary) }
                temporaries.removeAll()
            }
        }
    }
}
