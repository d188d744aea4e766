import Foundation
import Testing

/// The documented inner loop (`swift test --skip "$(cat Tests/inner-loop-skip)"`, Testing.md)
/// skips exactly the end-to-end suites tagged `.browser`, `.slow` or `.referenceTools`: SwiftPM
/// filters by name only, so the list of names must follow the tags.
@Suite struct InnerLoopTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The suites of `AshlarEndToEndTests` whose `@Suite` traits hold one of the three tags.
    static func taggedSuites() throws -> Set<String> {
        let folder = tests.appendingPathComponent("AshlarEndToEndTests")
        let suite = /@Suite\((?<traits>[\s\S]*?)\)\s*struct (?<name>\w+)/
        let heavy = /\.tags\([^)]*\.(browser|slow|referenceTools)/
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: suite) where match.output.traits.contains(heavy) {
                names.insert(String(match.output.name))
            }
        }
        return names
    }

    @Test func theSkipListNamesExactlyTheTaggedSuites() throws {
        let text = try String(contentsOf: Self.tests.appendingPathComponent("inner-loop-skip"), encoding: .utf8)
        let pattern = try #require(text.firstMatch(of: /^AshlarEndToEndTests\\\.\((?<names>[A-Za-z0-9|]+)\)\\b\n$/))
        let listed = Set(pattern.output.names.split(separator: "|").map(String.init))
        let tagged = try Self.taggedSuites()
        #expect(tagged.count >= 20, "\(tagged.sorted())")
        #expect(
            listed == tagged,
            "listed only: \(listed.subtracting(tagged).sorted()); tagged only: \(tagged.subtracting(listed).sorted())")
        // The pattern is a working regular expression that skips a listed suite and no other.
        let regex = try Regex(String(text.dropLast()))
        #expect(tagged.allSatisfy { "AshlarEndToEndTests.\($0)/case()".contains(regex) })
        #expect(!"AshlarEndToEndTests.InnerLoopTests/case()".contains(regex))
        #expect(!"AshlarEndToEndTests.ServeLimitsTests/case()".contains(regex))
    }
}
