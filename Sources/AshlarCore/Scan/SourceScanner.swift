import AshlarPlatform
import Foundation

/// Walks the source tree. Hidden files and folders, the output folder, `templates/` and
/// `ashlar.json` at the root are not content. Symbolic links are followed only when they stay
/// inside the source tree; folders are never entered twice.
package struct SourceScanner: Sendable {
    package var paths: SitePaths
    /// Absolute, standardized paths that are never scanned (the output folder).
    package var excludedPaths: Set<String> {
        didSet { excludedNames = Self.namesByFolder(excludedPaths) }
    }
    /// The same paths as the names they have in their folders, by folder.
    private var excludedNames: [String: Set<String>] = [:]
    /// Threads for stat'ing large folders (nil: one per core; `--jobs`).
    package var workers: Int?
    /// Folders nested deeper than this are reported rather than followed.
    package static let maximumDepth = 128

    /// Scans `paths.source`, never entering `paths.output`.
    package init(paths: SitePaths) {
        self.paths = paths
        let output = paths.output.standardizedFileURL.path
        self.excludedPaths = [output, FileSystem.realPath(output) ?? output]
        self.excludedNames = Self.namesByFolder(excludedPaths)
    }

    private static func namesByFolder(_ paths: Set<String>) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        for path in paths {
            guard let slash = path.lastIndex(of: "/") else { continue }
            names[String(path[..<slash]), default: []].insert(String(path[path.index(after: slash)...]))
        }
        return names
    }

    /// Names at the source root that are configuration or pages, not albums.
    package static let reservedRootNames: Set<String> = [
        "_site", "templates", "ashlar.json", PageSource.folder, SiteInputs.robotsFile,
    ]

    package func scan() -> (SourceFolder, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var visited = Set<String>()
        let rootPath = paths.source.path
        visited.insert(FileSystem.realPath(rootPath) ?? rootPath)
        let folder = scanFolder(
            absolute: rootPath, relative: "", depth: 0, visited: &visited, diagnostics: &diagnostics)
        return (folder, diagnostics)
    }

    private func scanFolder(
        absolute: String, relative: String, depth: Int, visited: inout Set<String>,
        diagnostics: inout [Diagnostic]
    ) -> SourceFolder {
        var folder = SourceFolder(relativePath: relative)
        // Listed with readdir and stat'ed relative to the open folder: no path is walked twice.
        let folderDescriptor = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderDescriptor >= 0, let listing = fdopendir(folderDescriptor) else {
            let failure = errno
            if folderDescriptor >= 0 { close(folderDescriptor) }
            diagnostics.append(
                .error("cannot read folder: \(SystemError.message(failure))", path: displayPath(relative)))
            return folder
        }
        defer { closedir(listing) }
        let realRoot = FileSystem.realPath(paths.source.path) ?? paths.source.path
        let excludedHere = excludedNames[absolute]
        let absoluteLength = absolute.utf8.count
        let names = Self.visibleNames(listing).filter { name in
            !(relative.isEmpty && Self.reservedRootNames.contains(name)) && excludedHere?.contains(name) != true
        }
        // A folder of thousands of photos is stat'ed on every core: the calls, not the work
        // around them, are what scanning costs.
        let lookups = names.parallelMap(workers: names.count >= 256 ? workers : 1) { name in
            var lookup = Lookup()
            // Nothing could be done with a path the system refuses (it is stat'ed by name here).
            if absoluteLength + 1 + name.utf8.count >= Int(PATH_MAX) {
                lookup.failure = ENAMETOOLONG
            } else if fstatat(folderDescriptor, name, &lookup.info, AT_SYMLINK_NOFOLLOW) != 0 {
                lookup.failure = errno
            }
            return lookup
        }
        for (name, lookup) in zip(names, lookups) {
            // Paths are joined only where they are used: for folders, links and messages.
            var childAbsolute: String { absolute + "/" + name }
            var childRelative: String { relative.isEmpty ? name : relative + "/" + name }
            var info = lookup.info
            guard lookup.failure == 0 else {
                // Gone since the listing is fine; anything else (a path longer than the system
                // allows) would silently drop content.
                let failure = lookup.failure
                if failure == ENAMETOOLONG {
                    diagnostics.append(
                        .error(
                            "skipped: its path is longer than the system allows (\(PATH_MAX) bytes)",
                            path: displayPath(childRelative)))
                } else if failure != ENOENT {
                    diagnostics.append(
                        .error("skipped: \(SystemError.message(failure))", path: displayPath(childRelative)))
                }
                continue
            }
            var isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            if isLink {
                guard let target = FileSystem.realPath(childAbsolute),
                    FileSystem.isInside(target, root: realRoot)
                else {
                    diagnostics.append(
                        .warning("skipped: the link points outside the source folder", path: displayPath(childRelative))
                    )
                    continue
                }
                var targetInfo = stat()
                guard stat(childAbsolute, &targetInfo) == 0 else { continue }
                isDirectory = (targetInfo.st_mode & S_IFMT) == S_IFDIR
                info = targetInfo
            }
            if isDirectory {
                if let real = FileSystem.realPath(childAbsolute), excludedPaths.contains(real) { continue }
                guard depth < Self.maximumDepth else {
                    diagnostics.append(
                        .error(
                            "skipped: folders nested deeper than \(Self.maximumDepth) levels",
                            path: displayPath(childRelative)))
                    continue
                }
                let real = FileSystem.realPath(childAbsolute) ?? childAbsolute
                guard visited.insert(real).inserted else { continue }
                folder.subfolders.append(
                    scanFolder(
                        absolute: childAbsolute, relative: childRelative, depth: depth + 1,
                        visited: &visited, diagnostics: &diagnostics))
            } else if (info.st_mode & S_IFMT) == S_IFREG {
                folder.fileNames.append(name)
                folder.fileStamps.append(FileStamp(info))
            }
        }
        return folder
    }

    /// The names in a folder listing that do not start with a dot, in `FileNameOrder`. Sorted
    /// as bytes before they become strings: a folder of thousands of photos is sorted in a
    /// fraction of the time strings take.
    private static func visibleNames(_ listing: Platform.FolderListing) -> [String] {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        while let entry = readdir(listing) {
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                guard let first = raw.first, first != 0, first != UInt8(ascii: ".") else { return }
                let start = bytes.count
                bytes.append(contentsOf: raw.prefix { $0 != 0 })
                ranges.append(start..<bytes.count)
            }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            ranges.sort { left, right in
                let common = min(left.count, right.count)
                let order = memcmp(base + left.lowerBound, base + right.lowerBound, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
            return ranges.map { String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self) }
        }
    }

    /// One entry's `fstatat`: its result, or the error it failed with.
    private struct Lookup: Sendable {
        var info = stat()
        var failure: Int32 = 0
    }

    private func displayPath(_ relative: String) -> String {
        paths.display(relative)
    }

}
