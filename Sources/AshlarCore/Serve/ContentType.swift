import AshlarImage

/// The `Content-Type` the preview server sends for a file, by its extension.
package enum ContentType {
    package static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return ImageFormat(fileExtension: fileExtension)?.mediaType ?? byExtension[fileExtension] ?? fallback
    }

    package static let fallback = "application/octet-stream"

    /// Other files than images, whose types come from `ImageFormat`.
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "xml": "application/xml",
        "atom": "application/atom+xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "svg": "image/svg+xml",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "mp4": "video/mp4",
        "m4v": "video/mp4",
        "mov": "video/quicktime",
        "webm": "video/webm",
        "pdf": "application/pdf",
    ]
}
