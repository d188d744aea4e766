import Foundation

/// Headless Chromium (Debian's `chromium`), used to measure what a visitor's browser really lays out.
enum Chromium {
    static let executable: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome",
        ]
        for case let path? in candidates where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        return nil
    }()

    /// Browser tests run when Chromium is installed; in CI (`CI=true`) its absence is a failure,
    /// not a skip, so a broken install step cannot hide behind a green run.
    static var isAvailable: Bool {
        RequiredTool.runs(whenInstalled: executable != nil)
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "chromium is not installed (apt-get install chromium)" }
    }

    /// Opens `page` (a file) at the given viewport, runs `script` after layout, and returns the
    /// text the script leaves in `<pre id="measure">`. The page is copied beside itself with the
    /// script added, so relative links still resolve; the original is not touched.
    /// `scale` is the device pixel ratio to emulate.
    static func measure(page: URL, width: Int, height: Int = 900, scale: Int = 1, script: String) throws -> String {
        guard let executable else { throw Unavailable() }
        let html = try String(contentsOf: page, encoding: .utf8)
        let probe = page.deletingLastPathComponent().appendingPathComponent("__measure-\(UUID().uuidString).html")
        // The script may return a value or a promise (to wait for images, say).
        let injected =
            "<script>addEventListener('load', () => { Promise.resolve((async function(){\(script)})()).then(result => { const pre = document.createElement('pre'); pre.id = 'measure'; pre.textContent = JSON.stringify(result); document.body.append(pre); }); });</script>"
        guard let closing = html.range(of: "</body>", options: .backwards) else {
            throw MeasureError(message: "no </body> in \(page.path)")
        }
        try (html.replacingCharacters(in: closing, with: injected + "</body>")).write(
            to: probe, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: probe) }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ashlar-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--no-first-run", "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            "--force-device-scale-factor=\(scale)",
            "--virtual-time-budget=5000", "--dump-dom", probe.absoluteString,
        ]
        // The virtual time budget does not wait for work off the main thread (image decoding):
        // on a machine loaded by parallel tests the DOM can be dumped before the script's promise
        // settles. Chromium then exits cleanly without the result; that, and only that, is tried
        // again, at most twice.
        var run = try Ashlar.run(executable, arguments)
        var attempts = 1
        while run.status == 0, !run.stdout.contains("<pre id=\"measure\">"), attempts < 3 {
            run = try Ashlar.run(executable, arguments)
            attempts += 1
        }
        guard let start = run.stdout.range(of: "<pre id=\"measure\">"),
            let end = run.stdout.range(of: "</pre>", range: start.upperBound..<run.stdout.endIndex)
        else {
            throw MeasureError(
                message:
                    "chromium gave no measurement in \(attempts) attempts (status \(run.status)): \(run.stderr.suffix(2000))"
            )
        }
        return String(run.stdout[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    struct MeasureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
