import AshlarTestSupport
import Foundation
import Testing

/// `ashlar render` against the Mustache spec, driven from the command line: each case's template,
/// data and partials are written to files, and the output must match byte for byte.
@Suite struct RenderCommandTests {
    static let specFolder = SharedMaterial.folder("mustache-spec")
    static let modules = [
        "comments", "interpolation", "sections", "inverted", "partials", "delimiters", "~inheritance", "~dynamic-names",
    ]

    struct SpecCase: CustomTestStringConvertible, Sendable {
        var module: String
        var name: String
        var template: String
        var data: Data
        var partials: [String: String]
        var expected: String
        var testDescription: String { "\(module): \(name)" }
    }

    static var cases: [SpecCase] {
        modules.flatMap { module -> [SpecCase] in
            let file = specFolder.appendingPathComponent("\(module).json")
            guard let data = try? Data(contentsOf: file),
                let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let tests = root["tests"] as? [[String: Any]]
            else { return [] }
            return tests.compactMap { test in
                guard let name = test["name"] as? String, let template = test["template"] as? String,
                    let expected = test["expected"] as? String,
                    let json = try? JSONSerialization.data(
                        withJSONObject: test["data"] ?? [:], options: [.fragmentsAllowed])
                else { return nil }
                return SpecCase(
                    module: module, name: name, template: template, data: json,
                    partials: test["partials"] as? [String: String] ?? [:], expected: expected)
            }
        }
    }

    static var specIsPresent: Bool { FileManager.default.fileExists(atPath: specFolder.path) }

    @Test(.enabled(if: RequiredTool.runs(whenInstalled: specIsPresent), "needs ../shared/mustache-spec"))
    func everyRequiredModuleIsPresent() throws {
        try RequiredTool.require(Self.specIsPresent, "the Mustache spec is not at \(Self.specFolder.path)")
        let counts = Dictionary(grouping: Self.cases, by: \.module).mapValues(\.count)
        for module in Self.modules { #expect((counts[module] ?? 0) > 0, "no cases read from \(module).json") }
    }

    @Test(
        .enabled(if: RequiredTool.runs(whenInstalled: specIsPresent), "needs ../shared/mustache-spec"), arguments: cases
    )
    func rendersTheSpecCaseExactly(_ spec: SpecCase) throws {
        let folder = try TemporaryFolder("ashlar-render")
        try folder.write(spec.template, to: "template/main.mustache")
        try folder.write(spec.data, to: "data.json")
        try folder.write("", to: "partials/.keep")
        for (name, text) in spec.partials { try folder.write(text, to: "partials/\(name).mustache") }
        let run = try Ashlar.run([
            "render", folder.url.appendingPathComponent("template/main.mustache").path,
            "--data", folder.url.appendingPathComponent("data.json").path,
            "--partials", folder.url.appendingPathComponent("partials").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutBytes == Data(spec.expected.utf8),
            "got \(run.stdout.debugDescription), expected \(spec.expected.debugDescription)")
    }

    @Test func rendersWithNothingAdded() throws {
        let folder = try TemporaryFolder("ashlar-render")
        try folder.write("Hi {{name}}!", to: "hello.mustache")
        try folder.write(#"{"name": "<Ada>"}"#, to: "data.json")
        let run = try Ashlar.run(["render", "hello.mustache", "--data", "data.json"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "Hi &lt;Ada&gt;!")
    }

    @Test func partialsDefaultToTheTemplatesFolder() throws {
        let folder = try TemporaryFolder("ashlar-render")
        try folder.write("[{{> item}}]", to: "t/page.mustache")
        try folder.write("{{x}}", to: "t/item.mustache")
        let run = try Ashlar.run(["render", "t/page.mustache", "--data", "d.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("d.json: error: cannot read the data file"))
        try folder.write(#"{"x": 1.21}"#, to: "d.json")
        let ok = try Ashlar.run(["render", "t/page.mustache", "--data", "d.json"], in: folder.url)
        #expect(ok.stdout == "[1.21]")
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        var template: String
        var expected: String
        var testDescription: String { expected }
    }

    static let failures: [Failure] = [
        .init(template: "line one\n  {{#items}}\n{{.}}\n", expected: "t.mustache:2:3: error: "),
        .init(template: "{{#a}}{{/b}}", expected: "t.mustache:1:7: error: "),
        .init(template: "ok\n{{name", expected: "t.mustache:2:1: error: "),
        .init(template: "{{=<% =}}", expected: "t.mustache:1:1: error: "),
    ]

    @Test(arguments: failures)
    func templateErrorsAreLocated(_ failure: Failure) throws {
        let folder = try TemporaryFolder("ashlar-render")
        try folder.write(failure.template, to: "t.mustache")
        let run = try Ashlar.run(["render", "t.mustache"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix(failure.expected), "\(run.stderr)")
    }

    @Test func dataSyntaxErrorsAreLocated() throws {
        let folder = try TemporaryFolder("ashlar-render")
        try folder.write("{{x}}", to: "t.mustache")
        try folder.write("{\n  \"x\": tru\n}", to: "d.json")
        let run = try Ashlar.run(["render", "t.mustache", "--data", "d.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == "d.json:2:8: error: expected a JSON value, found 'tru'\n")
    }

    @Test func missingTemplateArgumentIsAUsageError() throws {
        let run = try Ashlar.run(["render"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'ashlar render' needs TEMPLATE"))
    }
}
