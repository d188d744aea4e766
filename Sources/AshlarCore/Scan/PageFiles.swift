import Foundation

/// The user's pages: the Markdown files of `SOURCE/pages/`, and the files they show.
enum PageFiles {
    /// Every `pages/*.md` file, and every other file there (what pages show: ``PageAttachment``),
    /// hidden ones aside, in name order; a folder inside `pages/` is not read, with a warning. As
    /// for theme files, a link is followed only when it stays inside the source folder.
    static func load(paths: SitePaths, diagnostics: inout [Diagnostic]) -> (
        pages: [PageSource], attachments: [PageAttachment]
    ) {
        let folder = paths.source.appendingPathComponent(PageSource.folder)
        guard FileSystem.isDirectory(folder.path),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return ([], []) }
        let root = FileSystem.realPath(paths.source.path) ?? paths.source.path
        var pages: [PageSource] = []
        var attachments: [PageAttachment] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let absolute = folder.path + "/" + name
            let display = paths.display(PageSource.folder + "/" + name)
            guard let real = FileSystem.realPath(absolute) else { continue }
            guard FileSystem.isInside(real, root: root) else {
                diagnostics.append(.warning("skipped: the link points outside the source folder", path: display))
                continue
            }
            if FileSystem.isDirectory(absolute) {
                diagnostics.append(
                    .warning(
                        "not published: pages/ holds pages and the files they show, not folders; put the files beside the pages",
                        path: display))
                continue
            }
            guard name.lowercased().hasSuffix(".md") else {
                switch RawFile.read(absolute, upTo: PageAttachment.maximumSize + 1) {
                case .success(let read) where read.size <= PageAttachment.maximumSize:
                    attachments.append(PageAttachment(name: name, displayPath: display, bytes: read.bytes))
                case .success(let read):
                    diagnostics.append(
                        .error(
                            "not published: the file is larger than \(PageAttachment.maximumSize >> 20) MiB (\(read.size) bytes)",
                            path: display))
                case .failure(let failure):
                    diagnostics.append(.error("cannot read the file: \(failure.reason)", path: display))
                }
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
        return (pages, attachments)
    }
}
