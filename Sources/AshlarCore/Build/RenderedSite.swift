/// The render stage's hand-off: every file of the site (pages already handed to the writer as
/// they were rendered), and what went wrong.
struct RenderedSite: Sendable {
    var files: [OutputFile]
    /// Errors in the theme's templates, found before any page was rendered.
    var templateDiagnostics: [Diagnostic]
    /// The page geometry's and the pages' own.
    var diagnostics: [Diagnostic]
    /// Each album's signature, and each keyword's, place's and index's, by output path, for the
    /// next build.
    var albumSignatures: [String: String]

    var pageCount: Int { files.count { $0.path.hasSuffix(".html") } }
}
