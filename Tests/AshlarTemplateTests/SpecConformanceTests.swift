import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarTemplate

/// One case from the Mustache spec's JSON files.
struct SpecCase: Sendable, Decodable, CustomTestStringConvertible {
    var module = ""
    var name: String
    var template: String
    var expected: String
    var data: TemplateValue
    var partials: [String: String]?

    var testDescription: String { "\(module): \(name)" }

    private enum CodingKeys: String, CodingKey {
        case name, template, expected, data, partials
    }
}

/// The spec files shared beside the package, at `<package root>/../shared/mustache-spec/`.
enum MustacheSpec {
    static let modules = [
        "comments", "interpolation", "sections", "inverted",
        "partials", "delimiters", "~inheritance", "~dynamic-names",
    ]

    static let directory = SharedMaterial.folder("mustache-spec")

    /// Whether the spec tests run: when the spec is there, and always in CI, where its absence
    /// fails `moduleLoads` instead of skipping the suite.
    static var isAvailable: Bool { SharedMaterial.isAvailable("mustache-spec") }

    static let cases: [SpecCase] = modules.flatMap { (try? load($0)) ?? [] }

    private struct File: Decodable {
        var tests: [SpecCase]
    }

    static func load(_ module: String) throws -> [SpecCase] {
        let data = try Data(contentsOf: directory.appendingPathComponent("\(module).json"))
        return try JSONDecoder().decode(File.self, from: data).tests.map { test in
            var test = test
            test.module = module
            return test
        }
    }
}

@Suite(.enabled(if: MustacheSpec.isAvailable, "the Mustache spec is not at ../shared/mustache-spec"))
struct SpecConformanceTests {
    @Test(arguments: MustacheSpec.cases)
    func specCase(_ specCase: SpecCase) throws {
        let library = try TemplateLibrary(sources: specCase.partials ?? [:])
        let template = try Template(source: specCase.template, path: "template")
        let output = try library.render(template, with: specCase.data)
        #expect(output == specCase.expected)
    }

    @Test(arguments: MustacheSpec.modules)
    func moduleLoads(_ module: String) throws {
        let cases = try MustacheSpec.load(module)
        #expect(!cases.isEmpty)
    }
}
