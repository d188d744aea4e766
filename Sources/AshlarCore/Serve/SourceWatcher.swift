import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for something in the source to change: a sidecar, image, `album.json`, `ashlar.json`
/// or template. Hidden files (editors' swap files) and the output folder are ignored.
package protocol SourceWatcher: Sendable {
    /// Blocks until a change, then returns once changes have been quiet for a moment, so that
    /// saving many files at once triggers one rebuild.
    func waitForChange()
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
        guard depth < SourceScanner.maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            if excluded.contains(path) || excluded.contains(FileSystem.realPath(path) ?? path) { continue }
            walk(path, depth: depth + 1, into: &result)
        }
    }

    /// Names, sizes and modification times of everything watched, for polling.
    func snapshot() -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        for folder in folders() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where isRelevant(name: name, in: folder) {
                var info = stat()
                guard lstat(folder + "/" + name, &info) == 0 else { continue }
                result[folder + "/" + name] = [
                    Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ino), Int64(info.st_mode),
                ]
            }
        }
        return result
    }
}

/// Makes the best watcher this system allows: inotify, or polling when inotify is unavailable,
/// out of watches, or `ASHLAR_WATCH=poll` asks for it.
package enum SourceWatchers {
    package static func make(_ tree: WatchedTree) -> any SourceWatcher {
        if ProcessInfo.processInfo.environment["ASHLAR_WATCH"] != "poll", let watcher = InotifyWatcher(tree) {
            return watcher
        }
        return PollingWatcher(tree)
    }
}
