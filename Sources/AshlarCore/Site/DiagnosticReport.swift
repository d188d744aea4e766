import Foundation

/// The machine-readable form of a build or check, for `--json`.
public struct DiagnosticReport: Sendable, Encodable {
    public var photos: Int
    public var albums: Int
    public var pages: Int
    public var warnings: Int
    public var errors: Int
    public var diagnostics: [Entry]

    public struct Entry: Sendable, Encodable {
        public var severity: String
        public var path: String
        public var line: Int?
        public var column: Int?
        public var key: String?
        public var message: String
    }

    public init(_ result: SiteBuilder.Result) {
        photos = result.photoCount
        albums = result.albumCount
        pages = result.pageCount
        warnings = result.warningCount
        errors = result.errorCount
        diagnostics = result.diagnostics.map {
            Entry(severity: $0.severity.rawValue, path: $0.path, line: $0.line, column: $0.column, key: $0.key, message: $0.message)
        }
    }

    /// Pretty-printed JSON with sorted keys, the same bytes for the same findings.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
