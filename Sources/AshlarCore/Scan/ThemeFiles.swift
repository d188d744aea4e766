import Foundation

/// The user's theme files: `SOURCE/templates/`, read over the default theme.
enum ThemeFiles {
    /// The default theme, with the user's `SOURCE/templates/` files in place of the defaults.
    /// As in the source tree, a link is followed only when it stays inside the source folder: a
    /// theme file is published, and must not bring `/etc/passwd` along.
    static func load(paths: SitePaths, diagnostics: inout [Diagnostic]) -> Theme {
        let folder = paths.source.appendingPathComponent("templates")
        var userFiles: [String: (bytes: [UInt8], displayPath: String)] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return .builtIn }
        let root = FileSystem.realPath(paths.source.path) ?? paths.source.path
        while let relative = enumerator.nextObject() as? String {
            // Hidden at any depth (`assets/.secret/token.txt`), not only by its own name.
            if RelativePath.isHidden(relative) {
                enumerator.skipDescendants()
                continue
            }
            let absolute = folder.path + "/" + relative
            let display = paths.display("templates/" + relative)
            guard let real = FileSystem.realPath(absolute) else { continue }
            guard real != root, FileSystem.isInside(real, root: root) else {
                diagnostics.append(.warning("skipped: the link points outside the source folder", path: display))
                continue
            }
            guard !FileSystem.isDirectory(absolute) else { continue }
            // Templates and theme.json are text and held to the small-file limit; assets are not.
            let isText = relative.hasSuffix(".mustache") || relative == "theme.json"
            guard case .success(let read) = RawFile.read(absolute, upTo: isText ? SmallFile.maximumSize + 1 : Int.max)
            else {
                diagnostics.append(.error("cannot read the template", path: display))
                continue
            }
            if isText, let tooLarge = SmallFile.sizeDiagnostic(byteCount: read.size, path: display, kind: "template") {
                diagnostics.append(tooLarge)
                continue
            }
            userFiles[relative] = (read.bytes, display)
        }
        return Theme.builtIn.overriding(with: userFiles)
    }
}
