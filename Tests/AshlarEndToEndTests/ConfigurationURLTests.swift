import AshlarTestSupport
import Foundation
import Testing

/// `baseURL` and `mediaBaseURL` are written into every page, feed and `srcset` as they are, so
/// only well-formed http(s) URLs are taken, and the error names the key.
@Suite struct ConfigurationURLTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The value as JSON text.
        var json: String
        var requirement: String
        var testDescription: String { name }
    }

    static let malformed =
        "must be an absolute http(s) URL such as \\\"EXAMPLE\\\", with spaces and other characters percent-encoded"

    static let cases = [
        Case(name: "a tab", json: #""https://example.com/a\tb/""#, requirement: malformed),
        Case(name: "a newline", json: #""https://example.com/a\nb/""#, requirement: malformed),
        Case(name: "U+2028", json: #""https://example.com/a\u2028b/""#, requirement: malformed),
        Case(name: "a quote", json: #""https://example.com/\"x""#, requirement: malformed),
        Case(name: "angle brackets", json: #""https://example.com/<b>/""#, requirement: malformed),
        Case(
            name: "credentials", json: #""https://user:password@example.com/""#,
            requirement: "must not hold a user name or password: it would be published on every page"),
        Case(
            name: "port 99999", json: #""https://example.com:99999/""#, requirement: "must have a port from 1 to 65535"),
        Case(
            name: "a query", json: #""https://example.com/?a=1""#,
            requirement: "must not have a query ('?') or a fragment ('#')"),
    ]

    @Test(arguments: cases, ["baseURL", "mediaBaseURL"])
    func refusesWithTheKeyNamed(_ testCase: Case, key: String) throws {
        let folder = try TemporaryFolder("ashlar-config-url")
        let extra = key == "mediaBaseURL" ? #", "images": "reference""# : ""
        try folder.write(#"{"\#(key)": \#(testCase.json)\#(extra)}"#, to: "ashlar.json")
        let run = try Ashlar.run(["build", "."], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        let example = key == "baseURL" ? "https://example.com/photos/" : "https://cdn.example.com/photos/"
        let requirement = testCase.requirement.replacingOccurrences(of: "EXAMPLE", with: example)
        let line = run.stderr.split(separator: "\n").first { $0.contains("'\(key)'") }.map(String.init) ?? ""
        #expect(line.hasPrefix("ashlar.json:1:"), "\(run.stderr)")
        let words = "error: '\(key)' \(requirement.replacingOccurrences(of: "\\\"", with: "\""))"
        if testCase.name == "credentials" {
            // The password is not repeated into logs.
            #expect(line.hasSuffix(words), "\(line)")
            #expect(!line.contains("password@"))
        } else {
            #expect(line.contains(words + ", found "), "\(line)")
        }
        #expect(!folder.exists("_site/index.html"))
    }
}
