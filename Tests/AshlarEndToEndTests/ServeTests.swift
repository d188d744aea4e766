import AshlarTestSupport
import Foundation
import Testing

/// `ashlar serve` as a browser and an attacker meet it: real HTTP over loopback to the built
/// binary.
@Suite(.tags(.slow, .referenceTools)) struct ServeTests {
    static let fixture = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarEndToEndTests/Fixtures/mixed-formats")

    /// A copy of the mixed-formats fixture, built once so that files of our own can be added to
    /// its output, and a secret file beside it that must never be served.
    private func makeSite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("serve")
        try folder.copy(Self.fixture, to: "site")
        try folder.write("top secret", to: "secret.txt")
        let build = try Ashlar.run(["build", "site"], in: folder.url)
        try #require(build.status == 0, "\(build.stderr)")
        for (name, body) in [
            ("app.js", "console.log(1)"), ("data.json", "{}"), ("feed2.xml", "<a/>"),
            ("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            ("favicon.ico", "ico"), ("notes.txt", "notes"),
        ] {
            try folder.write(body, to: "site/_site/\(name)")
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("site/_site/leak.txt").path,
            withDestinationPath: "../../secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("site/_site/up").path, withDestinationPath: folder.url.path)
        return folder
    }

    /// The first output file with this extension, as a URL path.
    private func outputFile(withExtension suffix: String, in folder: TemporaryFolder) throws -> String {
        let root = folder.url.appendingPathComponent("site/_site")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        let file = try #require(
            files.sorted().first { $0.lowercased().hasSuffix("." + suffix) }, "no .\(suffix) file in the output")
        return "/"
            + file.split(separator: "/").map {
                $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? String($0)
            }.joined(separator: "/")
    }

    @Test func servesEveryTypeWithItsContentType() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let expected: [(String, String)] = [
            ("/", "text/html; charset=utf-8"), ("/assets/ashlar.css", "text/css; charset=utf-8"),
            ("/app.js", "text/javascript; charset=utf-8"), ("/data.json", "application/json"),
            ("/feed2.xml", "application/xml"),
            ("/logo.svg", "image/svg+xml"), ("/favicon.ico", "image/x-icon"),
            ("/notes.txt", "text/plain; charset=utf-8"),
            (try outputFile(withExtension: "jpg", in: folder), "image/jpeg"),
            (try outputFile(withExtension: "png", in: folder), "image/png"),
            (try outputFile(withExtension: "gif", in: folder), "image/gif"),
            (try outputFile(withExtension: "webp", in: folder), "image/webp"),
            (try outputFile(withExtension: "avif", in: folder), "image/avif"),
        ]
        for (path, type) in expected {
            let response = try RawHTTP.get(path, port: server.port)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("content-type") == type, "\(path)")
            #expect(Int(response.header("content-length") ?? "") == response.body.count, "\(path)")
            if !type.hasPrefix("text/html") {
                let onDisk = try Data(
                    contentsOf: folder.url.appendingPathComponent("site/_site" + (path.removingPercentEncoding ?? path))
                )
                #expect(Data(response.body) == onDisk, "\(path) differs from the file")
            }
        }
    }

    @Test func foldersRedirectsErrorsAndHead() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let album = try RawHTTP.get("/formats/", port: server.port)
        #expect(album.status == 200)
        let date = try #require(album.header("date"))
        #expect(
            date.range(
                of:
                    #"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$"#,
                options: .regularExpression) != nil, "\(date)")
        #expect(album.text.contains("<html"))

        let redirect = try RawHTTP.get("/formats?x=1", port: server.port)
        #expect(redirect.status == 301)
        #expect(redirect.header("location") == "/formats/?x=1")

        let missing = try RawHTTP.get("/no/such/page/", port: server.port)
        #expect(missing.status == 404)
        #expect(missing.header("content-type") == "text/html; charset=utf-8")
        #expect(missing.text.contains("404 Not Found"))
        let escaped = try RawHTTP.get("/%3Cscript%3Ealert(1)%3C/script%3E", port: server.port)
        #expect(escaped.status == 404)
        #expect(!escaped.text.contains("<script>alert"))

        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "BREW"] {
            let refused = try RawHTTP.get("/", port: server.port, method: method)
            #expect(refused.status == 405, "\(method)")
            #expect(refused.header("allow") == "GET, HEAD", "\(method)")
        }

        let get = try RawHTTP.get("/assets/ashlar.css", port: server.port)
        let head = try RawHTTP.get("/assets/ashlar.css", port: server.port, method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("content-length") == get.header("content-length"))
        #expect(head.header("content-type") == get.header("content-type"))

        let tag = try #require(get.header("etag"))
        let revalidated = try RawHTTP.get("/assets/ashlar.css", port: server.port, headers: ["If-None-Match: \(tag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
    }

    @Test func keepsConnectionsAliveAndAnswersPipelinedRequests() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let client = try RawHTTP(port: server.port)
        for path in ["/", "/assets/ashlar.css", "/formats/", "/missing"] {
            try client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try client.response()
            #expect(response.header("connection") == "keep-alive", "\(path)")
        }
        try client.send(
            "HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\nGET /assets/ashlar.css HTTP/1.1\r\nHost: localhost\r\n\r\nGET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        #expect(try client.response(head: true).status == 200)
        #expect(try client.response().header("content-type") == "text/css; charset=utf-8")
        let last = try client.response()
        #expect(last.status == 200)
        #expect(last.header("connection") == "close")
        #expect(client.closedByServer())
    }

    /// Every traversal variant of the issue, sent as raw bytes: none reaches the secret file
    /// beside the served folder, and each gets a 404 or a 400.
    /// On loopback (the default), only loopback names are answered: a page from another site
    /// cannot read the preview through a name of its own that resolves to 127.0.0.1.
    @Test func answersOnlyToLoopbackNames() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        for (host, status) in [
            ("localhost:\(server.port)", 200), ("127.0.0.1", 200), ("[::1]:\(server.port)", 200),
            ("rebind.example:\(server.port)", 403),
        ] {
            let client = try RawHTTP(port: server.port)
            try client.send("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            let response = try client.response()
            #expect(response.status == status, "\(host)")
            if status == 403 {
                #expect(response.text.contains("answers only to localhost"), "\(response.text)")
                #expect(!response.text.contains("<main id=\"main\""), "the site’s page was served")
            }
        }
    }

    @Test func neverServesAnythingOutsideTheFolder() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let targets = [
            "/../secret.txt", "/../../secret.txt", "/formats/../../secret.txt", "/%2e%2e/secret.txt",
            "/%2E%2E/%2e%2e/secret.txt",
            "/.%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/formats%2f..%2f..%2fsecret.txt", "/..%5csecret.txt",
            "/..\\secret.txt",
            "/formats\\..\\..\\secret.txt", "/secret.txt%00.html", "/%00", "//secret.txt", "/leak.txt",
            "/up/secret.txt",
            "/up/site/_site/leak.txt", folder.url.appendingPathComponent("secret.txt").path,
            "http://127.0.0.1/../secret.txt",
            "/.ashlar-manifest.json", "secret.txt",
        ]
        for target in targets {
            let response = try RawHTTP.get(target, port: server.port)
            #expect([400, 404].contains(response.status), "\(target) got \(response.status)")
            #expect(!response.text.contains("top secret"), "\(target) leaked the secret")
        }
    }

    @Test func boundsRequestsAndDropsSlowClientsWithoutBlockingOthers() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let huge = try RawHTTP.get(
            "/", port: server.port, headers: (0..<40).map { "X-Filler-\($0): " + String(repeating: "a", count: 1000) })
        #expect(huge.status == 431)
        let longLine = try RawHTTP.get("/" + String(repeating: "a", count: 10_000), port: server.port)
        #expect(longLine.status == 414)
        let garbage = try RawHTTP(port: server.port)
        try garbage.send([0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00])
        #expect(try garbage.response().status == 400)

        // A client that sends half a request and stalls holds only its own connection.
        let slow = try RawHTTP(port: server.port, timeout: 30)
        try slow.send("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        let started = Date()
        let other = try RawHTTP.get("/", port: server.port)
        #expect(other.status == 200)
        #expect(Date().timeIntervalSince(started) < 1)
        // …and is answered 408 and dropped once the head timeout passes.
        let timedOut = try slow.response()
        #expect(timedOut.status == 408)
        #expect(Date().timeIntervalSince(started) < 15)
    }

    /// A sidecar edit shows over HTTP within 2 s, and open pages are told to reload; the script
    /// that listens is in served pages only, never in the built files.
    @Test(arguments: ["inotify", "poll"])
    func rebuildsAndReloadsAfterAChange(watcher: String) throws {
        let folder = try makeSite()
        let server = try ServeProcess(
            ["site"], in: folder, environment: watcher == "poll" ? ["ASHLAR_WATCH": "poll"] : [:])
        #expect(server.stdout.contains(watcher == "poll" ? "polling" : "inotify"))
        let events = try RawHTTP(port: server.port)
        try events.send("GET /__ashlar/live-reload HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let stream = try events.response(head: true)
        #expect(stream.header("content-type") == "text/event-stream; charset=utf-8")
        // The first event may have come in the same packet as the head.
        var received = events.takeBuffered()
        while !received.contains("\n\n") {
            try events.fill()
            received += events.takeBuffered()
        }
        let first = try #require(received.split(separator: "\n").first { $0.hasPrefix("data: ") }).dropFirst(6)

        let page = try RawHTTP.get("/exiftool/", port: server.port)
        #expect(page.text.contains("new EventSource(\"/__ashlar/live-reload\")"))
        #expect(page.text.contains("\"\(first)\""))

        let sidecar = folder.url.appendingPathComponent("site/exiftool/photo.json")
        var text = try String(contentsOf: sidecar, encoding: .utf8)
        let title = "Retitled \(watcher) \(UUID().uuidString.prefix(8))"
        text = text.replacingOccurrences(of: "\"SourceFile\"", with: "\"Title\": \"\(title)\", \"SourceFile\"")
        try Data(text.utf8).write(to: sidecar)
        let seconds = try ServeProcess.wait(upTo: 2) {
            try RawHTTP.get("/exiftool/", port: server.port).text.contains(title)
        }
        #expect(seconds != nil, "the change did not show within 2 s:\n\(server.stdout)\n\(server.stderr)")

        let deadline = Date(timeIntervalSinceNow: 5)
        while !received.contains("data: ")
            || received.split(separator: "\n").filter({ $0.hasPrefix("data: ") }).count < 2, Date() < deadline
        {
            try events.fill()
            received += events.takeBuffered()
        }
        let builds = received.split(separator: "\n").filter { $0.hasPrefix("data: ") }
        #expect(builds.count >= 2, "no reload event: \(received)")
        #expect(builds.last.map { $0.dropFirst(6) } != first)

        let built =
            FileManager.default.enumerator(atPath: folder.url.appendingPathComponent("site/_site").path)?.compactMap {
                $0 as? String
            } ?? []
        for file in built where file.hasSuffix(".html") {
            let content = try String(
                contentsOf: folder.url.appendingPathComponent("site/_site/" + file), encoding: .utf8)
            #expect(
                !content.contains("EventSource") && !content.contains("__ashlar"),
                "\(file) contains the live-reload script")
        }
    }

    @Test func showsBuildErrorsInTheBrowserUntilFixed() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let sidecar = folder.url.appendingPathComponent("site/exiftool/photo.json")
        let original = try Data(contentsOf: sidecar)
        try Data("[{\"SourceFile\": ".utf8).write(to: sidecar)
        let failing = try ServeProcess.wait(upTo: 3) { try RawHTTP.get("/", port: server.port).status == 500 }
        #expect(failing != nil)
        let page = try RawHTTP.get("/formats/", port: server.port)
        #expect(page.status == 500)
        #expect(page.text.contains("The build failed"))
        #expect(page.text.contains("exiftool/photo.json:1:"))
        #expect(page.text.contains("EventSource"))
        #expect(try RawHTTP.get("/assets/ashlar.css", port: server.port).status == 200)
        #expect(server.stderr.contains("photo.json:1:"))
        try original.write(to: sidecar)
        let fixed = try ServeProcess.wait(upTo: 3) { try RawHTTP.get("/", port: server.port).status == 200 }
        #expect(fixed != nil)
    }

    @Test func stopsCleanlyOnCtrlCAndFreesThePort() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let port = server.port
        let idle = try RawHTTP(port: port)
        try idle.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = try idle.response()
        #expect(server.stop(signal: SIGINT) == 0)
        #expect(server.stdout.contains("Stopped."))
        #expect((try? RawHTTP(port: port)) == nil, "something still listens on \(port)")
        let again = try ServeProcess(["site", "--port", String(port)], in: folder, replacingPort: true)
        #expect(again.port == port)
        #expect(again.stop(signal: SIGTERM) == 0)
    }

    /// With `images: reference` the pages point back into the source folder; the server finds
    /// those images there, so the preview shows them.
    @Test(arguments: ["site/_site", "elsewhere/out"])
    func servesReferencedImagesFromTheSource(output: String) throws {
        let folder = try TemporaryFolder("serve")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "site/album/a b.png")
        try folder.write(#"{"title": "A", "alt": "A card"}"#, to: "site/album/a b.png.json")
        try folder.write(#"{"images": "reference"}"#, to: "site/ashlar.json")
        try folder.write("secret", to: "site/album/notes.txt")
        let server = try ServeProcess(["site", "-o", output], in: folder)
        let page = try RawHTTP.get("/album/", port: server.port)
        let src = try #require(page.text.firstMatch(of: /<img[^>]* src="([^"]+)"/)?.1)
        let resolved = try #require(
            URL(string: String(src), relativeTo: URL(string: "http://127.0.0.1:\(server.port)/album/")))
        #expect(
            !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(output + "/album/a b.png").path))
        let image = try RawHTTP.get(resolved.absoluteURL.path(percentEncoded: true), port: server.port)
        #expect(image.status == 200, "\(src) -> \(resolved.absoluteURL.path(percentEncoded: true))")
        #expect(image.header("content-type") == "image/png")
        #expect(Data(image.body) == TinyPNG.make(width: 30, height: 20))
        let prefix = resolved.absoluteURL.path(percentEncoded: true).replacingOccurrences(
            of: "album/a%20b.png", with: "")
        #expect(try RawHTTP.get(prefix + "album/notes.txt", port: server.port).status == 404)
        #expect(try RawHTTP.get(prefix + "ashlar.json", port: server.port).status == 404)
    }

    /// A photo shown by its renditions is never served as it is from the source folder, even
    /// at the path a page showed a moment before (a copy the next round removed): the original may
    /// record where it was taken. The server once served every photo of the source there.
    @Test func neverServesTheOriginalOfAPhotoShownByRenditions() throws {
        let folder = try TemporaryFolder("serve")
        try folder.write(TinyPNG.make(width: 900, height: 600), to: "site/album/photo.png")
        try folder.write(#"{"title": "A", "alt": "A card"}"#, to: "site/album/photo.png.json")
        let server = try ServeProcess(
            ["site", "--cache-dir", folder.url.appendingPathComponent("cache").path], in: folder)
        let finished = ServeProcess.wait(upTo: 50) { PrivacyTests.roundsFinished(server.stdout) }
        #expect(finished != nil, "\(server.stdout)\(server.stderr)")
        let page = try RawHTTP.get("/album/", port: server.port)
        #expect(page.status == 200)
        #expect(!page.text.contains("photo.png\""), "\(page.text)")
        #expect(try RawHTTP.get("/album/photo.png", port: server.port).status == 404)
        #expect(try RawHTTP.get("/album/photo.png.json", port: server.port).status == 404)
    }

    /// A cold start builds in rounds (the cached renditions, the first screen's, the rest), and
    /// each finds the same warnings: they are printed once, and the summaries say so.
    @Test func aColdStartPrintsEachWarningOnce() throws {
        let folder = try TemporaryFolder("serve")
        for index in 0..<3 {
            try folder.write(TinyPNG.make(width: 900, height: 600), to: "site/photo\(index).png")
        }
        let server = try ServeProcess(
            ["site", "--cache-dir", folder.url.appendingPathComponent("cache").path], in: folder)
        let finished = ServeProcess.wait(upTo: 50) { PrivacyTests.roundsFinished(server.stdout) }
        #expect(finished != nil, "\(server.stdout)\(server.stderr)")
        let summaries = server.stdout.split(separator: "\n").filter { $0.hasPrefix("Built ") }
        #expect(summaries.count > 1, "not built in rounds: \(server.stdout)")
        for index in 0..<3 {
            let warning = "photo\(index).png: warning: missing title and alt text"
            #expect(server.stderr.components(separatedBy: warning).count == 2, "\(server.stderr)")
        }
        #expect(
            summaries.dropFirst().allSatisfy { $0.contains("(3 findings as before, not repeated)") }, "\(summaries)")
    }

    @Test func opensTheBrowserWithOpen() throws {
        let folder = try makeSite()
        try folder.write("#!/bin/sh\necho \"$1\" > \"$(dirname \"$0\")/opened\"\n", to: "bin/xdg-open")
        chmod(folder.url.appendingPathComponent("bin/xdg-open").path, 0o755)
        let path =
            folder.url.appendingPathComponent("bin").path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let server = try ServeProcess(["site", "--open"], in: folder, environment: ["PATH": path])
        // The script's file exists before its line is written: wait for the whole line.
        let opened = ServeProcess.wait(upTo: 5) { (try? folder.read("bin/opened"))?.hasSuffix("\n") == true }
        #expect(opened != nil)
        #expect(try folder.read("bin/opened") == "http://127.0.0.1:\(server.port)/\n")
    }

    /// A taken port is said before anything is built: the second server writes no site.
    @Test func saysSoWhenThePortIsTaken() throws {
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let run = try Ashlar.run(
            ["serve", "site", "--port", String(server.port), "--output", "second"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("port \(server.port) on 127.0.0.1 is already in use"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("second").path))
        #expect(!run.stdout.contains("Built"), "\(run.stdout)")
        let bad = try Ashlar.run(["serve", "site", "--port", "http"], in: folder.url)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'--port' must be a number"))
    }

    /// 200 connections at once, 10,000 requests and more, zero errors (wrk, installed by CI).
    @Test(.enabled(if: RequiredTool.runs(whenInstalled: ServeTests.wrk != nil), "needs wrk"))
    func holdsTwoHundredConnections() throws {
        let wrk = try #require(Self.wrk, "wrk is not installed (apt-get install wrk)")
        let folder = try makeSite()
        let server = try ServeProcess(["site"], in: folder)
        let run = try Ashlar.run(
            URL(fileURLWithPath: wrk),
            ["-t", "2", "-c", "200", "-d", "4s", "--latency", "http://127.0.0.1:\(server.port)/formats/"])
        #expect(run.status == 0, "\(run.stderr)")
        let requests =
            run.stdout.split(separator: "\n").first { $0.contains("requests in") }
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) } ?? 0
        #expect(requests >= 10_000, "\(run.stdout)")
        #expect(!run.stdout.contains("Socket errors"), "\(run.stdout)")
        #expect(!run.stdout.contains("Non-2xx"), "\(run.stdout)")
        #expect(try RawHTTP.get("/", port: server.port).status == 200)
    }

    static let wrk: String? = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
