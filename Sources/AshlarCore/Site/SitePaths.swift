import Foundation

/// Where the source and output are, and how paths are shown to the user.
public struct SitePaths: Sendable {
    public var source: URL
    public var output: URL
    /// The source folder as the user typed it (`site-example`, `.`), for messages.
    public var displaySource: String

    public init(source: URL, output: URL, displaySource: String) {
        self.source = source.standardizedFileURL
        self.output = output.standardizedFileURL
        self.displaySource = displaySource
    }

    /// A source-relative path as it appears in diagnostics: `site-example/nature/IMG_1.jpg.json`.
    public func display(_ relative: String) -> String {
        let base = displaySource.hasSuffix("/") ? String(displaySource.dropLast()) : displaySource
        if relative.isEmpty { return base.isEmpty ? "." : base }
        if base.isEmpty || base == "." { return relative }
        return base + "/" + relative
    }

    /// The absolute file path of a source-relative path.
    public func sourceFile(_ relative: String) -> String {
        relative.isEmpty ? source.path : source.path + "/" + relative
    }

    /// The absolute file path of an output-relative path.
    public func outputFile(_ relative: String) -> String {
        relative.isEmpty ? output.path : output.path + "/" + relative
    }
}
