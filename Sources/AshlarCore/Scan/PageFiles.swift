import Foundation

/// The user's pages: the Markdown files of `SOURCE/pages/`.
enum PageFiles {
    /// Every `pages/*.md` file (hidden ones and subfolders aside), in name order. As for theme
    /// files, a link is followed only when it stays inside the source folder.
    static func load(paths: SitePaths, diagnostics: inout [Diagnostic]) -> [PageSource] {
        let folder = paths.source.appendingPathComponent(PageSource.folder)
        guard FileSystem.isDirectory(folder.path),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        let root = FileSystem.realPath(paths.source.path) ?? paths.source.path
        var pages: [PageSource] = []
        for name in names.sorted() where !name.hasPrefix(".") && name.lowercased().hasSuffix(".md") {
            let absolute = folder.path + "/" + name
            let display = paths.display(PageSource.folder + "/" + name)
            guard let real = FileSystem.realPath(absolute), !FileSystem.isDirectory(absolute) else { continue }
            guard FileSystem.isInside(real, root: root) else {
                diagnostics.append(.warning("skipped: the link points outside the source folder", path: display))
                continue
            }
            switch RawFile.read(absolute, upTo: SmallFile.maximumSize + 1) {
            case .success(let read):
                if let tooLarge = SmallFile.sizeDiagnostic(byteCount: read.size, path: display, kind: "page") {
                    diagnostics.append(tooLarge)
                    continue
                }
                pages.append(PageSource(fileName: name, displayPath: display, bytes: read.bytes))
            case .failure(let failure):
                diagnostics.append(.error("cannot read the page: \(failure.reason)", path: display))
            }
        }
        return pages
    }
}
