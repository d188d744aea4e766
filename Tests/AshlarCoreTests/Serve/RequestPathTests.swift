import Testing

@testable import AshlarCore

@Suite struct RequestPathTests {
    @Test(arguments: [
        ("/", [String](), true, nil as String?),
        ("/album", ["album"], false, nil),
        ("/album/", ["album"], true, nil),
        ("/album//photo/", ["album", "photo"], true, nil),
        ("/album/?page=2#top", ["album"], true, "page=2"),
        ("/caf%C3%A9/my%20photo.jpg", ["café", "my photo.jpg"], false, nil),
        ("/a%23b%3Fc%25d", ["a#b?c%d"], false, nil),
        ("/.well-known/x", [".well-known", "x"], false, nil),
        ("http://localhost:8000/album/", ["album"], true, nil),
        ("http://localhost:8000", [], true, nil),
    ])
    func decodes(target: String, segments: [String], trailingSlash: Bool, query: String?) throws {
        let path = try RequestPath.decode(target).get()
        #expect(path.segments == segments)
        #expect(path.trailingSlash == trailingSlash)
        #expect(path.query == query)
    }

    /// Every way of naming something outside the served folder, or a hidden file, is refused.
    @Test(arguments: [
        ("/../etc/passwd", HTTPStatus.notFound),
        ("/album/../../etc/passwd", .notFound),
        ("/..", .notFound),
        ("/./index.html", .notFound),
        ("/%2e%2e/etc/passwd", .notFound),
        ("/%2E%2E/%2e%2E/etc/passwd", .notFound),
        ("/.%2e/etc/passwd", .notFound),
        ("/album%2f..%2f..%2fetc%2fpasswd", .notFound),
        ("/album%2F..%2Fsecret", .notFound),
        ("/..\\..\\etc\\passwd", .notFound),
        ("/album%5c..%5csecret", .notFound),
        ("/index.html%00.jpg", .badRequest),
        ("/%00", .badRequest),
        ("/.ashlar-manifest.json", .notFound),
        ("/album/.hidden", .notFound),
        ("/%ff%fe", .notFound),
        ("/%zz", .badRequest),
        ("/%2", .badRequest),
        ("etc/passwd", .badRequest),
        ("*", .badRequest),
    ])
    func refuses(target: String, status: HTTPStatus) {
        switch RequestPath.decode(target) {
        case .success(let path): Issue.record("accepted \(target) as \(path.segments)")
        case .failure(let refusal): #expect(refusal.status == status)
        }
    }

    @Test func encodesLocationsWithOneLeadingSlash() throws {
        let path = try RequestPath.decode("//evil.example/caf%C3%A9%20x?a=1").get()
        #expect(path.encoded(trailingSlash: true) == "/evil.example/caf%C3%A9%20x/?a=1")
        let root = try RequestPath.decode("/").get()
        #expect(root.encoded(trailingSlash: true) == "/")
    }
}

@Suite struct ContentTypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("assets/ashlar.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("data.json", "application/json"),
        ("sitemap.xml", "application/xml"),
        ("logo.svg", "image/svg+xml"),
        ("a/IMG_1.JPG", "image/jpeg"),
        ("b.jpeg", "image/jpeg"),
        ("c.png", "image/png"),
        ("d.gif", "image/gif"),
        ("e.webp", "image/webp"),
        ("f.avif", "image/avif"),
        ("favicon.ico", "image/x-icon"),
        ("README", "application/octet-stream"),
        (".profile", "application/octet-stream"),
        ("archive.tar.unknown", "application/octet-stream"),
    ])
    func byExtension(path: String, type: String) {
        #expect(ContentType.forPath(path) == type)
    }
}

@Suite struct LiveReloadTests {
    @Test func injectsBeforeTheLastClosingBody() {
        let html = Array("<html><body><p>&lt;/body&gt;</p></BODY >\n</html>".utf8)
        let result = String(decoding: LiveReload.inject(into: html, generation: 7), as: UTF8.self)
        let script = LiveReload.script(generation: 7)
        #expect(result == "<html><body><p>&lt;/body&gt;</p>" + script + "</BODY >\n</html>")
    }

    @Test func appendsWhenThereIsNoBody() {
        let result = String(decoding: LiveReload.inject(into: Array("<p>x".utf8), generation: 1), as: UTF8.self)
        #expect(result == "<p>x" + LiveReload.script(generation: 1))
        #expect(LiveReload.inject(into: [], generation: 1) == Array(LiveReload.script(generation: 1).utf8))
    }

    @Test func theScriptListensAtTheEventsPath() {
        let script = LiveReload.script(generation: 42)
        #expect(script.contains("new EventSource(\"\(LiveReload.eventsPath)\")"))
        #expect(script.contains("\"42\""))
    }
}
