import Foundation

extension SiteBuilder {
    /// Refuses a `--cache-dir` that would mix the cache with the site: the source folder itself
    /// or a folder inside it that the scan reads as an album (the renditions would be taken for
    /// photos, more on every build), and the output folder, a folder inside it, or one that holds
    /// it (each build replaces the output).
    func checkCacheFolder() throws(BuildError) {
        guard let named = options.cacheDirectory else { return }
        let cache = OutputFolder.resolvedPath(named.standardizedFileURL.path)
        let source = FileSystem.realPath(paths.source.path) ?? paths.source.path
        let output = OutputFolder.resolvedPath(paths.output.standardizedFileURL.path)
        let problem: String?
        if cache == source {
            problem = "it is the source folder, where its renditions would be taken for photos"
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
            problem = nil
        }
        if let problem {
            throw BuildError(.usage, path: named.path, message: "--cache-dir: \(problem); choose another folder")
        }
    }
}
