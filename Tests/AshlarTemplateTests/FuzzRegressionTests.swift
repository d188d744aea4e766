import Foundation
import Testing

@testable import AshlarTemplate

/// Inputs the `template` fuzz target (`Tests/Fuzz/`) found crashing the engine, kept under
/// `Tests/Fuzz/Regressions/template/`. Like the target, each file is up to four templates
/// separated by NUL bytes.
@Suite struct FuzzRegressionTests {
    static func templates(_ name: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/template/\(name)")
        return Array(try Data(contentsOf: url))
            .split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// After `{{=%> <%=}}` the text `%><%` is an opening delimiter directly followed by a closing
    /// one that starts with the parent sigil `<`; the scanner took it for a parent tag and built
    /// a name range that ended before it started.
    @Test func closingDelimiterStartingWithASigil() throws {
        let sources = try Self.templates("closing-delimiter-sigil.mustache")
        #expect(sources.count == 3)
        #expect(
            parseError(sources[2])
                == TemplateError(path: "page", line: 1, column: 27, reason: "missing name in tag '%><%'"))
    }
}
