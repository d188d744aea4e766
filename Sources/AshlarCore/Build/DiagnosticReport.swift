import Foundation

/// The machine-readable form of a build or check, for `--json`.
package struct DiagnosticReport: Sendable, Encodable {
    package var photos: Int
    package var albums: Int
    package var pages: Int
    package var warnings: Int
    package var errors: Int
    package var diagnostics: [Entry]
    /// What `minRating` left out; absent when nothing was.
    package var leftOut: String?
    /// The files of each album that are not published, by album and reason, with what to do.
    package var unpublished: [UnpublishedGroup]

    package struct Entry: Sendable, Encodable {
        package var severity: String
        package var path: String
        package var line: Int?
        package var column: Int?
        package var key: String?
        package var message: String

        package init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity.rawValue
            path = diagnostic.path
            line = diagnostic.line
            column = diagnostic.column
            key = diagnostic.key
            message = diagnostic.message
        }
    }

    package init(_ result: SiteBuilder.Result) {
        photos = result.photoCount
        albums = result.albumCount
        pages = result.pageCount
        warnings = result.warningCount
        errors = result.errorCount
        leftOut = result.leftOut?.description
        unpublished = result.unpublished
        diagnostics = result.diagnostics.map(Entry.init)
    }

    /// Pretty-printed JSON with sorted keys, the same bytes for the same findings.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
