import AshlarTestSupport
import Foundation

/// axe-core, injected into a page open in WebDriver and run there.
///
/// The script is `ASHLAR_AXE_JS` when set, else the `axe.min.js` (axe-core 4.x) that PyPI's
/// `axe-playwright-python` ships; `.ci/install-browser-tools` installs that package with
/// `--no-deps`, for this file only, and `python3` says where it is.
enum Axe {
    static let script: URL? = {
        if let path = ProcessInfo.processInfo.environment["ASHLAR_AXE_JS"] { return URL(fileURLWithPath: path) }
        return PythonPackage.file("axe.min.js", in: "axe_playwright_python")
    }()

    /// The accessibility tests run when Chromium, chromedriver and axe.min.js are there; in CI
    /// (`CI=true`) their absence is a failure, not a skip.
    static var isAvailable: Bool {
        let installed =
            Chromium.executable != nil && WebDriver.chromedriver != nil
            && script.map { FileManager.default.fileExists(atPath: $0.path) } == true
        return RequiredTool.runs(whenInstalled: installed)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Violation: Decodable, Sendable, CustomStringConvertible {
        struct Node: Decodable, Sendable {
            /// CSS selectors; one element inside a shadow root or frame is `outer >>> inner`.
            var target: String
            var html: String
            var failureSummary: String?
        }

        var id: String
        var impact: String?
        var help: String
        var helpUrl: String?
        var nodes: [Node]

        /// `rule id: impact: help — target selectors`, then each element's HTML and what to fix.
        var description: String {
            var text = "\(id): \(impact ?? "no impact"): \(help) — \(nodes.map(\.target).joined(separator: ", "))"
            for node in nodes {
                text += "\n    \(node.target): \(node.html.prefix(300))"
                if let summary = node.failureSummary {
                    text +=
                        "\n      "
                        + summary.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                            separator: " ")
                }
            }
            return text
        }
    }

    /// Injects axe into the page open in `driver` and returns its violations (axe's default
    /// rule set: WCAG 2.x A and AA plus best practices).
    static func violations(in driver: WebDriver) throws -> [Violation] {
        guard let script, let source = try? String(contentsOf: script, encoding: .utf8) else {
            throw Failure(description: "axe.min.js not found (run .ci/install-browser-tools, or set ASHLAR_AXE_JS)")
        }
        let version = try driver.execute(source + "\n;return window.axe ? window.axe.version : null;")
        guard version is String else { throw Failure(description: "axe.min.js did not define window.axe") }
        let run = """
            const done = arguments[arguments.length - 1];
            const selector = t => Array.isArray(t) ? t.join(' >>> ') : String(t);
            axe.run(document, {resultTypes: ['violations']}).then(
              r => done(JSON.stringify({violations: r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map(n => ({target: n.target.map(selector).join(' >>> '), html: n.html, failureSummary: n.failureSummary}))
              }))})),
              e => done(JSON.stringify({error: String(e && e.stack || e)})));
            """
        guard let json = try driver.executeAsync(run) as? String else {
            throw Failure(description: "axe.run returned nothing")
        }
        struct Result: Decodable {
            var violations: [Violation]?
            var error: String?
        }
        let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
        if let error = result.error { throw Failure(description: "axe.run failed: \(error)") }
        return result.violations ?? []
    }
}
