import Foundation

/// Writes the site into the output folder, and only there, in two steps: every new or changed
/// file is first written under a temporary name (see `OutputStager`); only when all of them are
/// on disk are they put in place, and files Ashlar wrote before but no longer produces removed.
/// A failure in the first step (a full disk, a vanished source file) removes the temporary files
/// and leaves the previous site exactly as it was. Every change goes through `directory`, so no
/// link in the output is followed (see `DirectoryJail`).
struct OutputWriter {
    var paths: SitePaths
    let directory: DirectoryJail
    /// What the previous build wrote; nil for a fresh output folder.
    var previous: BuildManifest?
    /// Every file of `previous` was found in place when this build started: files whose entry is
    /// unchanged are then not looked at again.
    var previousIsIntact = false
    /// Publish images as hard links to their sources when the file system allows it.
    var linkImages = true
    /// Files compared and staged at once; nil is one per core (`--jobs`).
    var workers: Int?

    init(paths: SitePaths, directory: DirectoryJail, previous: BuildManifest?) {
        self.paths = paths
        self.directory = directory
        self.previous = previous
    }

    struct Summary: Sendable, Equatable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    /// A file to write, with the manifest entry that identifies its content.
    private struct Planned: Sendable {
        var file: OutputFile
        var entry: ManifestEntry
        /// For a streamed page: whether it was written (false when it equals the previous file).
        var streamedWritten = false
    }

    /// Takes a page as soon as it is rendered and writes it under a temporary name, so that the
    /// pages of a large site are never all in memory together (100,000 photo pages and the 1,700
    /// pages of their album are over 500 MB). A page identical to the previous build's file is
    /// not written at all. Returns what takes the page's place in the rendered files.
    func stream(_ page: OutputFile, into stager: OutputStager) -> OutputFile {
        guard case .bytes(let bytes) = page.contents, RelativePath.isSafe(page.path),
            page.path != BuildManifest.fileName
        else {
            return page
        }
        let entry = ManifestEntry.generated(bytes)
        if previous?.files[page.path] == entry, previousIsIntact || directory.isRegularFile(page.path) {
            return stager.recordStreamed(page.path, entry: entry, written: false)
                ? OutputFile(path: page.path, contents: .streamed) : page
        }
        guard stager.stage(page) else { return page }
        stager.recordStreamed(page.path, entry: entry, written: true)
        return OutputFile(path: page.path, contents: .streamed)
    }

    /// Writes `files` through `stager`, which may hold pages already (`.streamed`), and puts
    /// everything in place together. On failure nothing staged is left behind.
    func write(_ files: [OutputFile], stager: OutputStager? = nil) throws(BuildError) -> (
        Summary, [String: ManifestEntry]
    ) {
        let stager = stager ?? OutputStager(paths: paths, directory: directory, linkImages: linkImages)
        do throws(BuildError) {
            return try write(files, with: stager)
        } catch {
            stager.discard()
            throw error
        }
    }

    private func write(_ files: [OutputFile], with stager: OutputStager) throws(BuildError) -> (
        Summary, [String: ManifestEntry]
    ) {
        var seen = Set<String>(minimumCapacity: files.count)
        var unique: [OutputFile] = []
        unique.reserveCapacity(files.count)
        for file in files where seen.insert(file.path).inserted {
            guard RelativePath.isSafe(file.path), file.path != BuildManifest.fileName else {
                throw BuildError(.io, path: file.path, message: "refusing to write outside the output folder")
            }
            unique.append(file)
        }
        // Hash generated files and stamp copied ones on every core.
        let planned = unique.parallelMap(workers: workers) { file -> Result<Planned?, BuildError> in
            switch file.contents {
            case .keepPrevious:
                // Kept only if the previous build wrote it and it is still there.
                guard let entry = previous?.files[file.path], directory.isRegularFile(file.path) else {
                    return .success(nil)
                }
                return .success(Planned(file: file, entry: entry))
            case .bytes(let bytes):
                return .success(Planned(file: file, entry: .generated(bytes)))
            case .streamed:
                guard let streamed = stager.streamed(file.path) else {
                    return .failure(
                        BuildError(
                            .io, path: paths.outputFile(file.path),
                            message: "internal error: a streamed page went missing"))
                }
                return .success(Planned(file: file, entry: streamed.entry, streamedWritten: streamed.written))
            case .unchanged:
                // Only offered for files the previous build wrote and that are still there.
                guard let entry = previous?.files[file.path] else {
                    return .failure(
                        BuildError(
                            .io, path: paths.outputFile(file.path),
                            message: "internal error: no earlier copy of this page to keep"))
                }
                return .success(Planned(file: file, entry: entry))
            case .cached(let cached):
                return .success(Planned(file: file, entry: .cached(cached.content)))
            case .video(let source, let patches):
                let digest = patches.isEmpty ? nil : StreamedCopy.digest(of: patches)
                return stamp(of: source).map {
                    Planned(file: file, entry: .video(source: source, stamp: $0, patches: digest))
                }
            case .copy(let source):
                return stamp(of: source).map { Planned(file: file, entry: .copy(source: source, stamp: $0)) }
            }
        }
        var summary = Summary()
        var entries: [String: ManifestEntry] = Dictionary(minimumCapacity: planned.count)
        var changed: [OutputFile] = []
        for result in planned {
            guard let item = try result.get() else { continue }
            entries[item.file.path] = item.entry
            if case .streamed = item.file.contents {
                if !item.streamedWritten { summary.unchanged += 1 }
            } else if previous?.files[item.file.path] == item.entry,
                previousIsIntact || directory.isRegularFile(item.file.path)
            {
                summary.unchanged += 1
            } else {
                changed.append(item.file)
            }
        }
        // A file the renderer staged under the same path (there should be none) is replaced:
        // the first of `files` wins, as in the manifest.
        _ = changed.parallelMap(workers: workers) { stager.stage($0, replacing: true) }
        summary.written = stager.stagedCount
        try stager.commit()
        summary.removed = removeStale(keeping: entries)
        return (summary, entries)
    }

    /// A copied source's size and time, for its manifest entry: a copy made from a source whose
    /// size or time changed is made again.
    private func stamp(of source: String) -> Result<FileStamp, BuildError> {
        var info = stat()
        guard stat(paths.sourceFile(source), &info) == 0 else {
            return .failure(
                BuildError(.io, path: paths.display(source), message: "cannot read: \(SystemError.message(errno))"))
        }
        return .success(FileStamp(info))
    }

    /// Removes files the previous build wrote that this one does not, and the folders that
    /// leaves empty. Nothing else is touched: an entry whose folder is not a real folder inside
    /// the output (a link, or a link on the way) is ignored.
    func removeStale(keeping entries: [String: ManifestEntry]) -> Int {
        guard let previous else { return 0 }
        var removed = 0
        var folders = Set<String>()
        for path in previous.files.keys.sorted(by: FileNameOrder.precedes) where entries[path] == nil {
            if directory.isRegularFile(path), directory.unlink(path) == nil { removed += 1 }
            var folder = RelativePath.split(path).folder
            while !folder.isEmpty {
                folders.insert(folder)
                folder = RelativePath.split(folder).folder
            }
        }
        // Deepest first; rmdir fails, harmlessly, on any folder that still holds something.
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            _ = directory.removeFolder(folder)
        }
        return removed
    }
}
