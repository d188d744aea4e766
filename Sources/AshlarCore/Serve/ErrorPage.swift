/// The preview server's own pages: HTTP errors, and the build's diagnostics while a build fails.
/// Everything shown is escaped.
package enum ErrorPage {
    /// A page for an HTTP error status.
    package static func message(_ status: HTTPStatus, _ text: String) -> String {
        page(title: "\(status.rawValue) \(status.reason)", body: "<p>\(XMLText.escape(text))</p>")
    }

    /// The 404 page, naming the path asked for.
    package static func notFound(_ path: String) -> String {
        page(
            title: "404 Not Found",
            body: "<p>Nothing is built at <code>\(XMLText.escape(path))</code>.</p>\n<p><a href=\"/\">Go to the home page</a></p>")
    }

    /// Shown for every page while the last build failed, until a rebuild succeeds.
    package static func buildFailed(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }
        let lines = (errors.isEmpty ? diagnostics : errors).map { "<li><code>\(XMLText.escape($0.description))</code></li>" }
        return page(
            title: "The build failed",
            body: """
                <p>Ashlar could not build the site. Fix the \(errors.count == 1 ? "error" : "errors") below; \
                this page reloads by itself when the build succeeds.</p>
                <ul>
                \(lines.joined(separator: "\n"))
                </ul>
                """)
    }

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(XMLText.escape(title)) — ashlar serve</title>
        <style>body{font:1rem/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}code{overflow-wrap:anywhere}li{margin:.5rem 0}</style>
        </head>
        <body>
        <main>
        <h1>\(XMLText.escape(title))</h1>
        \(body)
        </main>
        </body>
        </html>

        """
    }
}
