import AshlarTestSupport
import Foundation

/// Headless Chromium (Debian's `chromium`, driven by `chromedriver`), used to measure what a
/// visitor's browser really lays out.
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
        RequiredTool.runs(whenInstalled: executable != nil && WebDriver.chromedriver != nil)
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "chromium and chromedriver are not both installed (run .ci/install-browser-tools)" }
    }

    /// Opens `page` (a file) at the given viewport in the calling suite's shared browser
    /// (`BrowserSession`), runs `script` (a function body; it may return a value or a promise,
    /// to wait for images, say) once the page has loaded, and returns its result as JSON.
    /// `scale` is the device pixel ratio to emulate.
    static func measure(
        page: URL, width: Int, height: Int = 900, scale: Int = 1, script: String, suite: String = #fileID
    ) throws -> String {
        guard executable != nil, WebDriver.chromedriver != nil else { throw Unavailable() }
        return try BrowserSession.named(suite).withDriver { driver in
            try driver.devTools(
                "Emulation.setDeviceMetricsOverride",
                ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": false])
            // A query that changes with every case makes each a new load of the page, also when
            // the last case measured the same page.
            var components = URLComponents(url: page, resolvingAgainstBaseURL: false)
            components?.query = "measure=\(UUID().uuidString)"
            try driver.navigate(to: components?.url ?? page)
            let answer = try driver.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                Promise.resolve((async function(){\(script)})()).then(
                  result => done({ json: JSON.stringify(result) }), error => done({ error: String(error) }));
                """)
            guard let fields = answer as? [String: Any], let json = fields["json"] as? String else {
                throw MeasureError(
                    message: "the script gave no measurement on \(page.path): \(String(describing: answer))")
            }
            return json
        }
    }

    struct MeasureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
