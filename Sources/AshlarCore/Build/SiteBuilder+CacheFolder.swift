import Foundation

extension SiteBuilder {
    /// Refuses a `--cache-dir` that would mix the cache with the user's files: `/`, the home
    /// folder, the source folder or a folder that holds it, a folder inside the source that the
    /// scan reads as an album (the renditions would be taken for photos, more on every build),
    /// the output folder, a folder inside it or one that holds it (each build replaces the
    /// output), and a folder with files in it that is not an Ashlar cache (its `CACHEDIR.TAG`
    /// would hide them from backups, and its `.gitignore` from git). Paths are compared as real
    /// paths, links resolved.
    func checkCacheFolder() throws(BuildError) {
        guard let named = options.cacheDirectory else { return }
        let cache = OutputFolder.resolvedPath(named.standardizedFileURL.path)
        let source = FileSystem.realPath(paths.source.path) ?? paths.source.path
        let output = OutputFolder.resolvedPath(paths.output.standardizedFileURL.path)
        let problem: String?
        if cache == "/" {
            problem = "it is the root folder"
        } else if Self.homeFolders.contains(cache) {
            problem = "it is your home folder"
        } else if cache == source {
            problem = "it is the source folder, where its renditions would be taken for photos"
        } else if source.hasPrefix(cache + "/") {
            problem = "it holds the source folder"
        } else if cache == output || cache.hasPrefix(output + "/") {
            problem = "it is inside the output folder, which each build replaces"
        } else if output.hasPrefix(cache + "/") {
            problem = "it holds the output folder"
        } else if cache.hasPrefix(source + "/"),
            !cache.dropFirst(source.count + 1).split(separator: "/").contains(where: { $0.hasPrefix(".") })
        {
            problem =
                "it is inside the source folder, where its renditions would be taken for photos (a hidden folder, named .NAME, is not read)"
        } else {
            problem = Self.foreignContents(of: cache)
        }
        if let problem {
            throw BuildError(.usage, path: named.path, message: "--cache-dir: \(problem); choose another folder")
        }
    }

    /// The home folder, as `HOME` and the password database name it, as real paths.
    static var homeFolders: Set<String> {
        var homes: [String] = []
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { homes.append(home) }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            homes.append(String(cString: directory))
        }
        return Set(homes.map { OutputFolder.resolvedPath($0) })
    }

    /// Why a folder that exists cannot become the cache: it holds files and is not an Ashlar
    /// cache (`RenditionCache.isAshlarCache`), naming the first few. Nil for a folder
    /// that is missing (Ashlar makes it), empty (Ashlar adopts it) or an Ashlar cache.
    static func foreignContents(of folder: String) -> String? {
        let cache = RenditionCache(root: folder)
        if let failure = cache.open(creating: false) {
            return failure.code == ENOENT ? nil : "cannot open it: \(failure.message)"
        }
        guard !cache.isAshlarCache, let names = cache.folder.names(in: "") else { return nil }
        let sorted = names.sorted()
        var listed = sorted.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        if sorted.count > 3 { listed += " and \(sorted.count - 3) more" }
        return "it is not empty and not an Ashlar cache (it holds \(listed))"
    }
}
