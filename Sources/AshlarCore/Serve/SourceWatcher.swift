import AshlarPlatform
import Foundation

/// Waits for something in the source to change: a sidecar, image, `album.json`, `ashlar.json`
/// or template. Hidden files (editors' swap files) and the output folder are ignored.
package protocol SourceWatcher: Sendable {
    /// Blocks until a change, then returns true once changes have been quiet for a moment, so
    /// that saving many files at once triggers one rebuild; false when `timeout` seconds pass
    /// without one (nil: wait as long as it takes). A change made while no one waits (during a
    /// rebuild) is reported by the next wait.
    func waitForChange(timeout: Double?) -> Bool
    /// How the watcher watches, for the terminal (`inotify, 12 folders`).
    var summary: String { get }
}

/// Which folders a source tree has, for watching: the source and every folder below it that is
/// not hidden, not a symbolic link and not the output folder; plus extra folders (that of a
/// `--config` file outside the source).
package struct WatchedTree: Sendable {
    package var source: String
    /// Real paths never entered (the output folder).
    package var excluded: Set<String>
    package var extraFolders: [String]

    package init(source: String, output: String, extraFolders: [String] = []) {
        self.source = source
        let resolvedOutput = FileSystem.realPath(output) ?? output
        self.excluded = [output, resolvedOutput]
        self.extraFolders = extraFolders
    }

    package func folders() -> [String] {
        visit { _, _ in }
    }

    /// Whether a name appearing in `folder` is worth a rebuild.
    package func isRelevant(name: String, in folder: String) -> Bool {
        if name.isEmpty { return true }
        if name.hasPrefix(".") { return false }
        let path = folder + "/" + name
        return !excluded.contains(path)
    }

    /// What polling compares of one entry: its inode and mode, and a file's size and modification
    /// time. A folder's own size and time are left out: they change with every name made in it,
    /// hidden ones too (an editor's swap file), and its names are listed themselves.
    struct Entry: Equatable {
        var inode: UInt64
        var mode: UInt32
        var size: Int64
        var modified: Int64

        init(_ info: stat) {
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            inode = UInt64(info.st_ino)
            mode = UInt32(info.st_mode)
            size = isFolder ? 0 : Int64(info.st_size)
            modified = isFolder ? 0 : Platform.modificationTime(info)
        }
    }

    /// Every entry watched, for polling: one walk of the tree, as `folders()` makes.
    func snapshot() -> [String: Entry] {
        var result: [String: Entry] = [:]
        _ = visit { path, info in result[path] = Entry(info) }
        return result
    }

    /// Calls `body` with the path and `lstat` of every relevant entry of every watched folder;
    /// returns the folders.
    private func visit(_ body: (String, stat) -> Void) -> [String] {
        var folders: [String] = []
        walk(source, depth: 0, recursing: true, body, into: &folders)
        for folder in extraFolders where !folders.contains(folder) {
            walk(folder, depth: 0, recursing: false, body, into: &folders)
        }
        return folders
    }

    /// Lists `folder` with `readdir` and stats each entry relative to it (as the scanner does),
    /// entering folders that are not links, not hidden and not the output.
    private func walk(
        _ folder: String, depth: Int, recursing: Bool, _ body: (String, stat) -> Void, into folders: inout [String]
    ) {
        folders.append(folder)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        guard let listing = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", isRelevant(name: name, in: folder) else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let path = folder + "/" + name
            body(path, info)
            guard recursing, depth < SourceScanner.maximumDepth, info.st_mode & S_IFMT == S_IFDIR,
                !excluded.contains(FileSystem.realPath(path) ?? path)
            else { continue }
            walk(path, depth: depth + 1, recursing: true, body, into: &folders)
        }
    }
}

extension SourceWatcher {
    /// Blocks until a change (see `waitForChange(timeout:)`).
    package func waitForChange() {
        while !waitForChange(timeout: nil) {}
    }
}

/// Makes the best watcher this system allows: inotify, or polling when inotify is unavailable
/// (Darwin), out of watches, or `ASHLAR_WATCH=poll` asks for it.
package enum SourceWatchers {
    package static func make(
        _ tree: WatchedTree, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> any SourceWatcher {
        if environment["ASHLAR_WATCH"] != "poll", let watcher = InotifyWatcher(tree) {
            return watcher
        }
        return PollingWatcher(tree)
    }
}
