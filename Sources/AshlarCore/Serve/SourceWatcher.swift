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
        var result: [String] = []
        walk(source, depth: 0, into: &result)
        for folder in extraFolders where !result.contains(folder) { result.append(folder) }
        return result
    }

    /// Whether a name appearing in `folder` is worth a rebuild.
    package func isRelevant(name: String, in folder: String) -> Bool {
        if name.isEmpty { return true }
        if name.hasPrefix(".") { return false }
        let path = folder + "/" + name
        return !excluded.contains(path)
    }

    private func walk(_ folder: String, depth: Int, into result: inout [String]) {
        result.append(folder)
        guard depth < SourceScanner.maximumDepth,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if excluded.contains(path) || excluded.contains(FileSystem.realPath(path) ?? path) { continue }
            walk(path, depth: depth + 1, into: &result)
        }
    }

    /// The inode and mode of everything watched, and each file's size and modification time, for
    /// polling. A folder's own size and time are left out: they change with every name made in
    /// it, hidden ones too (an editor's swap file), and its names are listed themselves.
    func snapshot() -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        for folder in folders() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where isRelevant(name: name, in: folder) {
                var info = stat()
                guard lstat(folder + "/" + name, &info) == 0 else { continue }
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                result[folder + "/" + name] = [
                    Int64(info.st_ino), Int64(info.st_mode), isFolder ? 0 : Int64(info.st_size),
                    isFolder ? 0 : Platform.modificationTime(info),
                ]
            }
        }
        return result
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
