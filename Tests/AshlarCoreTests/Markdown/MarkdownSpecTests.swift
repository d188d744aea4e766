import Foundation
import Testing

@testable import AshlarCore

/// Every example of the CommonMark spec (Fixtures/CommonMark/spec.json), rendered with raw HTML
/// allowed, as the spec's own test runner does, and compared byte for byte (stricter than the
/// spec runner's normalised comparison).
@Suite struct MarkdownSpecTests {
    struct Example: Decodable {
        let markdown: String
        let html: String
        let example: Int
        let section: String
    }

    /// The number of examples that must pass; raise it when the renderer improves.
    static let passFloor = 655

    static func examples() throws -> [Example] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/CommonMark/spec.json")
        return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
    }

    @Test func specExamplesPass() throws {
        let examples = try Self.examples()
        #expect(examples.count == 655)
        var failures: [String: [Int]] = [:]
        var passed = 0
        let options = MarkdownOptions(allowsRawHTML: true)
        for example in examples {
            let html = MarkdownDocument(parsing: example.markdown, options: options).html
            if html == example.html {
                passed += 1
            } else {
                failures[example.section, default: []].append(example.example)
                if ProcessInfo.processInfo.environment["ASHLAR_MARKDOWN_DEBUG"] != nil {
                    print(
                        "--- example \(example.example) (\(example.section))\n\(example.markdown)--- expected\n\(example.html)--- got\n\(html)"
                    )
                }
            }
        }
        let report = failures.sorted { $0.key < $1.key }
            .map { "\($0.key): \($0.value.map(String.init).joined(separator: ", "))" }
            .joined(separator: "\n")
        print("CommonMark spec: \(passed) of \(examples.count) examples pass\n\(report)")
        #expect(passed >= Self.passFloor, "failing examples by section:\n\(report)")
    }
}
