/// A page's Markdown file as read from `SOURCE/pages/`.
package struct PageSource: Sendable, Equatable {
    /// The folder of the source tree that holds pages.
    package static let folder = "pages"

    /// `about.md`.
    package var fileName: String
    /// The path messages show.
    package var displayPath: String
    package var bytes: [UInt8]

    package init(fileName: String, displayPath: String, bytes: [UInt8]) {
        self.fileName = fileName
        self.displayPath = displayPath
        self.bytes = bytes
    }
}
