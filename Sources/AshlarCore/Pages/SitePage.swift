/// A page of the site made from a Markdown file of `pages/`: `about.md` → `about/`.
package struct SitePage: Sendable, Equatable {
    /// The page's folder in the output (`about`).
    package var folder: String
    /// The front matter's `title`, else the first heading, else the file's name.
    package var title: String
    /// The page's body as HTML.
    package var html: String
    /// Whether the site menu lists the page.
    package var inMenu: Bool
    /// Its place among the menu's pages (lowest first); nil after the numbered ones.
    package var menuOrder: Int?
    /// The Markdown file, as messages show it.
    package var displayPath: String
    /// The files its links and images name in its own folder (`me.jpg`), in order, each once
    /// (``PageAttachment/localFile(_:)``).
    package var localFiles: [String] = []

    /// Reads a page's front matter and renders its Markdown. Fails with an error naming the file
    /// (and the line and column, for front matter).
    package static func read(_ source: PageSource, allowsRawHTML: Bool) -> Result<SitePage, PageError> {
        guard
            let text = String(validating: source.bytes.dropFirst(Self.byteOrderMarkLength(source.bytes)), as: UTF8.self)
        else {
            return .failure(PageError(.error("the page is not UTF-8 text", path: source.displayPath)))
        }
        let matter: FrontMatter
        let body: Substring
        switch FrontMatter.read(text, path: source.displayPath) {
        case .success(let read): (matter, body) = read
        case .failure(let error):
            return .failure(
                PageError(
                    Diagnostic(
                        .error, path: source.displayPath, line: error.line, column: error.column,
                        message: error.message)))
        }
        let document = MarkdownDocument(parsing: String(body), options: MarkdownOptions(allowsRawHTML: allowsRawHTML))
        let name = String(source.fileName.dropLast(3))
        let title = matter.title ?? document.firstHeading.flatMap { $0.isEmpty ? nil : $0 } ?? name
        return .success(
            SitePage(
                folder: Slug.make(from: name, fallback: "page"), title: title, html: document.html,
                inMenu: matter.inMenu, menuOrder: matter.menuOrder, displayPath: source.displayPath,
                localFiles: document.destinations.compactMap(PageAttachment.localFile).reduce(into: []) { files, name in
                    if !files.contains(name) { files.append(name) }
                }))
    }

    private static func byteOrderMarkLength(_ bytes: [UInt8]) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Reads every page and checks that no two share a folder and that none takes the folder of
    /// something else the site publishes (`taken`: folder → what it is, for the message). Pages
    /// come back in menu order: numbered ones by number, then the rest by title.
    package static func readAll(_ sources: [PageSource], allowsRawHTML: Bool, taken: [String: String]) -> (
        [SitePage], [Diagnostic]
    ) {
        var pages: [SitePage] = []
        var diagnostics: [Diagnostic] = []
        var byFolder: [String: String] = [:]
        for source in sources {
            switch read(source, allowsRawHTML: allowsRawHTML) {
            case .failure(let error): diagnostics.append(error.diagnostic)
            case .success(let page):
                if let other = byFolder[page.folder] {
                    diagnostics.append(
                        .error(
                            "the page would be published at '\(page.folder)/', as '\(other)' is; rename one",
                            path: page.displayPath))
                } else if let what = taken[page.folder] {
                    diagnostics.append(
                        .error(
                            "the page would be published at '\(page.folder)/', where the site has \(what); "
                                + "rename the page",
                            path: page.displayPath))
                } else {
                    byFolder[page.folder] = page.displayPath
                    pages.append(page)
                }
            }
        }
        pages.sort { left, right in
            switch (left.menuOrder, right.menuOrder) {
            case (let l?, let r?) where l != r: return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (left.title.lowercased(), left.folder) < (right.title.lowercased(), right.folder)
            }
        }
        return (pages, diagnostics)
    }
}

/// Why a page could not be read: its diagnostic.
package struct PageError: Error, Equatable {
    package var diagnostic: Diagnostic

    init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }
}
