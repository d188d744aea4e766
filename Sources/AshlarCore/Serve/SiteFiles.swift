import Foundation

/// Maps decoded request paths to files of the served folder. Only regular files whose resolved
/// path (after every symbolic link) lies inside the folder are ever answered.
package struct SiteFiles: Sendable {
    /// The served folder.
    package var root: String

    package init(root: String) {
        self.root = root
    }

    package enum Resolution: Sendable, Equatable {
        case file(path: String, size: Int, modified: Int64)
        /// A folder asked for without its trailing `/`: where to send the client.
        case redirect(String)
        case notFound
    }

    package func resolve(_ path: RequestPath) -> Resolution {
        guard let realRoot = FileSystem.realPath(root) else { return .notFound }
        let candidate = path.segments.isEmpty ? realRoot : realRoot + "/" + path.relativePath
        guard let real = FileSystem.realPath(candidate), FileSystem.isInside(real, root: realRoot) else {
            return .notFound
        }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard path.trailingSlash || path.segments.isEmpty else {
                return .redirect(path.encoded(trailingSlash: true))
            }
            let index = real + "/index.html"
            guard let realIndex = FileSystem.realPath(index), realIndex != realRoot,
                FileSystem.isInside(realIndex, root: realRoot),
                stat(realIndex, &info) == 0, info.st_mode & S_IFMT == S_IFREG
            else { return .notFound }
            return .file(path: realIndex, size: Int(info.st_size), modified: FileStamp(info).modified)
        case S_IFREG:
            guard !path.trailingSlash else { return .notFound }
            return .file(path: real, size: Int(info.st_size), modified: FileStamp(info).modified)
        default:
            return .notFound
        }
    }
}
