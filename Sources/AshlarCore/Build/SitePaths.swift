import Foundation

/// Where the source and output are, and how paths are shown to the user.
public struct SitePaths: Sendable {
    public var source: URL {
        didSet { sourcePath = source.path }
    }
    public var output: URL {
        didSet { outputPath = output.path }
    }
    /// `source.path` and `output.path`, worked out once: a build joins paths 100,000s of times.
    private var sourcePath: String
    private var outputPath: String
    /// The source folder as the user typed it (`site-example`, `.`), for messages.
    public var displaySource: String

    public init(source: URL, output: URL, displaySource: String) {
        self.source = source.standardizedFileURL
        self.output = output.standardizedFileURL
        self.sourcePath = self.source.path
        self.outputPath = self.output.path
        self.displaySource = displaySource
    }

    /// A source-relative path as it appears in diagnostics: `site-example/nature/IMG_1.jpg.json`.
    public func display(_ relative: String) -> String {
        // A byte, not a `Character`, is compared: a photo's diagnostics ask for this several times.
        let base = displaySource.utf8.last == UInt8(ascii: "/") ? String(displaySource.dropLast()) : displaySource
        if relative.isEmpty { return base.isEmpty ? "." : base }
        if base.isEmpty || base == "." { return relative }
        return base + "/" + relative
    }

    /// The absolute file path of a source-relative path.
    public func sourceFile(_ relative: String) -> String {
        relative.isEmpty ? sourcePath : sourcePath + "/" + relative
    }

    /// The relative path from the output folder to the source folder, ending in `/` (`../` for
    /// the default `SOURCE/_site`), for pages that point back at images in the source.
    public var sourceFromOutput: String {
        let output = OutputFolder.resolvedPath(self.output.path).split(separator: "/")
        let source = OutputFolder.resolvedPath(self.source.path).split(separator: "/")
        var common = 0
        while common < output.count, common < source.count, output[common] == source[common] { common += 1 }
        let up = Array(repeating: "..", count: output.count - common)
        let down = source[common...].map(String.init)
        let joined = (up + down).joined(separator: "/")
        return joined.isEmpty ? "" : joined + "/"
    }

    /// The absolute file path of an output-relative path.
    public func outputFile(_ relative: String) -> String {
        relative.isEmpty ? outputPath : outputPath + "/" + relative
    }
}
