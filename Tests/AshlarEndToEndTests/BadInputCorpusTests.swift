import AshlarPlatform
import AshlarTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The bad-input corpus in `Tests/Fixtures/bad-input/`: each case is a small site (`CASE/site/`)
/// and the exact diagnostics and exit code it must give (`CASE/expected.txt`). A build of any case
/// never crashes, never hangs, never writes outside its output folder, and whatever it publishes
/// links only to files that exist.
@Suite(.tags(.slow)) struct BadInputCorpusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var site: URL
        var status: Int32
        /// The lines of standard error, in order.
        var diagnostics: [String]
        var testDescription: String { name }
    }

    static let folder = Ashlar.packageRoot.appendingPathComponent("Tests/Fixtures/bad-input")
    /// A build of a case this small takes milliseconds; one still running after this is hanging.
    static let timeLimit = 30.0

    static let cases: [Case] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let caseFolder = folder.appendingPathComponent(name)
            guard let text = try? String(contentsOf: caseFolder.appendingPathComponent("expected.txt"), encoding: .utf8)
            else { return nil }
            return parse(text, name: name, site: caseFolder.appendingPathComponent("site"))
        }
    }()

    /// `expected.txt`: `#` comment lines, then `exit N`, then every line of standard error verbatim.
    static func parse(_ text: String, name: String, site: URL) -> Case? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        while lines.first?.hasPrefix("#") == true { lines.removeFirst() }
        guard let exit = lines.first, exit.hasPrefix("exit "), let status = Int32(exit.dropFirst(5)) else { return nil }
        return Case(name: name, site: site, status: status, diagnostics: Array(lines.dropFirst()))
    }

    /// Copies a case's site into a fresh folder of its own, as `SANDBOX/site`. A case that ships
    /// a previous output keeps it as `site/shipped-site/` (no `_site/` is committed): it becomes
    /// `site/_site/` here.
    func sandbox(_ testCase: Case) throws -> TemporaryFolder {
        let sandbox = try TemporaryFolder("ashlar-corpus")
        try sandbox.copy(testCase.site, to: "site")
        let shipped = sandbox.url.appendingPathComponent("site/shipped-site")
        if FileManager.default.fileExists(atPath: shipped.path) {
            try FileManager.default.moveItem(at: shipped, to: sandbox.url.appendingPathComponent("site/_site"))
        }
        return sandbox
    }

    @Test func everyCaseFolderHasItsExpectations() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: Self.folder.appendingPathComponent($0).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        #expect(folders.count >= 25)
        #expect(Set(folders) == Set(Self.cases.map(\.name)), "a case folder without a readable expected.txt")
        for testCase in Self.cases {
            #expect(FileManager.default.fileExists(atPath: testCase.site.path), "\(testCase.name) has no site/")
        }
    }

    @Test(arguments: cases)
    func buildGivesTheExpectedDiagnostics(_ testCase: Case) throws {
        let sandbox = try sandbox(testCase)
        let site = sandbox.url.appendingPathComponent("site")
        // The rendition cache lives in the source folder (`.ashlar-cache`) unless moved.
        let before = try FileTree(sandbox.url, excluding: "site/_site", "site/.ashlar-cache")
        let run = try Ashlar.run(["build", "."], in: site, timeLimit: Self.timeLimit)
        #expect(!run.timedOut, "still running after \(Self.timeLimit) s")
        #expect(!run.wasSignalled, "crashed:\n\(run.stderr)")
        #expect(Self.lines(run.stderr) == testCase.diagnostics)
        #expect(run.status == testCase.status, "\(run.stderr)")
        #expect(
            try FileTree(sandbox.url, excluding: "site/_site", "site/.ashlar-cache") == before,
            "something outside the output folder and the cache changed")

        let output = site.appendingPathComponent("_site")
        guard FileManager.default.fileExists(atPath: output.path) else { return }
        // A page that failed to render (a template error) leaves links to it dangling; every
        // other link resolves, whatever the errors.
        let problems = SiteLinks.problems(in: output).filter {
            testCase.status == 0 || !$0.contains(/: no file at '[^']*\.html'$/)
        }
        #expect(problems == [])
        for page in SiteLinks.htmlPages(in: output) {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            #expect(!html.contains("\u{FEFF}"), "\(page) holds a byte order mark")
        }
        // Whatever the sidecars hold, every XML file (feed.xml, sitemap.xml) is well-formed, and
        // nothing hidden (a path segment starting with '.') is published but the manifest.
        for path in try FileManager.default.subpathsOfDirectory(atPath: output.path) {
            if path.hasSuffix(".xml") {
                let parser = XMLParser(
                    data: FileManager.default.contents(atPath: output.appendingPathComponent(path).path) ?? Data())
                #expect(parser.parse(), "\(path) is not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
            }
            if path != ".ashlar-manifest.json" {
                #expect(!path.split(separator: "/").contains { $0.hasPrefix(".") }, "\(path) is hidden, yet published")
            }
        }
        if let secret = Self.passwdLine {
            for path in try FileManager.default.subpathsOfDirectory(atPath: output.path) {
                let data = FileManager.default.contents(atPath: output.appendingPathComponent(path).path) ?? Data()
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(path) holds /etc/passwd")
            }
        }
    }

    /// `check` reads what `build` reads and says the same, and writes nothing at all.
    @Test(arguments: cases)
    func checkGivesTheSameDiagnosticsAndWritesNothing(_ testCase: Case) throws {
        let sandbox = try sandbox(testCase)
        let site = sandbox.url.appendingPathComponent("site")
        let before = try FileTree(sandbox.url)
        let run = try Ashlar.run(["check", "."], in: site, timeLimit: Self.timeLimit)
        #expect(!run.timedOut, "still running after \(Self.timeLimit) s")
        #expect(!run.wasSignalled, "crashed:\n\(run.stderr)")
        #expect(Self.lines(run.stderr) == testCase.diagnostics)
        #expect(run.status == testCase.status)
        #expect(try FileTree(sandbox.url) == before)
    }

    /// Names with spaces, Unicode, quotes, `#`, `?`, `%`, `&`, `<>`, `\` and `,`: every URL is
    /// percent-encoded (the link check above resolves each to its file), every text escaped.
    @Test func fileNamesAreEncodedInURLsAndEscapedInText() throws {
        let testCase = try #require(Self.cases.first { $0.name == "file-names" })
        let sandbox = try sandbox(testCase)
        let site = sandbox.url.appendingPathComponent("site")
        let run = try Ashlar.run(["build", "."], in: site, timeLimit: Self.timeLimit)
        #expect(run.status == 0, "\(run.stderr)")
        let output = site.appendingPathComponent("_site")
        // Every image is published under its own name, beside its album's page.
        for name in [
            "my photo.png", "café ☕.png", #"say "cheese".png"#, "it's.png", "#1?.png", "100% real.png", "x%20y.png",
            "a&b<c>.png", #"back\slash.png"#, "semi;colon,comma+plus=eq.png", "ile-de-re-co/été.png",
            "100-quoted-album/p?q#r.png",
            "a-b-c/d e.png", "my photo@10w.png", "semi;colon,comma+plus=eq@10w.png", "it's@5w.png",
        ] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "\(name)")
        }
        let root = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(root.contains(#"src="say%20%22cheese%22.png" alt="Card &#39;say &quot;cheese&quot;&#39; &amp; co""#))
        #expect(root.contains(#"src="%231%3F.png""#))
        #expect(root.contains(#"src="100%25%20real.png""#))
        #expect(root.contains(#"src="x%2520y.png""#))
        #expect(root.contains(#"src="back%5Cslash.png""#))
        #expect(
            root.contains(
                #"srcset="semi%3Bcolon%2Ccomma%2Bplus%3Deq@10w.png 10w, semi%3Bcolon%2Ccomma%2Bplus%3Deq.png 30w""#))
        #expect(root.contains(#"srcset="it%27s@5w.png 5w, it%27s.png 30w""#))
        #expect(root.contains(#"<a href="ile-de-re-co/index.html">"#))
        #expect(root.contains(#"src="100-quoted-album/p%3Fq%23r.png""#))
        let photo = try String(contentsOf: output.appendingPathComponent("say-cheese/index.html"), encoding: .utf8)
        #expect(photo.contains(#"<h1>say &quot;cheese&quot; &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;2&quot;</h1>"#))
        #expect(
            photo.contains(#"<meta property="og:image" content="https://example.com/photos/say%20%22cheese%22.png">"#))
        let album = try String(contentsOf: output.appendingPathComponent("ile-de-re-co/index.html"), encoding: .utf8)
        #expect(album.contains("<h1>Île &lt;de&gt; Ré</h1>"))
        #expect(album.contains(#"src="../ile-de-re-co/%C3%A9t%C3%A9.png""#))

        // The sitemap and the feed are well-formed XML whose URLs name published files.
        for file in ["sitemap.xml", "feed.xml"] {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            let parser = XMLParser(data: data)
            #expect(parser.parse(), "\(file): \(String(describing: parser.parserError))")
        }
        let sitemap = try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let prefix = "https://example.com/photos/"
        let locations = sitemap.matches(of: /<(?:image:)?loc>([^<]*)<\//).map { String($0.output.1) }
        #expect(sitemap.matches(of: /<url>/).count == 17, "one per page")
        for location in locations {
            #expect(URL(string: location) != nil, "\(location)")
            let path = try #require(
                location.hasPrefix(prefix) ? location.dropFirst(prefix.count).removingPercentEncoding : nil,
                "\(location)")
            let file = path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(file).path), "\(location)")
        }
    }

    static func lines(_ text: String) -> [String] {
        text.isEmpty
            ? []
            : text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(
                String.init)
    }

    /// The first line of this machine's `/etc/passwd`, which no build may publish.
    static let passwdLine: String? = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8))?
        .split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init)
}

/// Everything under a folder, links not followed: each path with its kind, and a file's size and
/// time or a link's target. Two snapshots are equal when nothing was created, changed or removed.
/// (A folder's own time changes when the output folder is made in it, so it is left out.)
struct FileTree: Equatable, CustomStringConvertible {
    var entries: [String: String] = [:]

    init(_ root: URL, excluding excluded: String...) throws {
        try walk(root.path, relative: "", excluding: Set(excluded))
    }

    private mutating func walk(_ folder: String, relative: String, excluding excluded: Set<String>) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if excluded.contains(path) { continue }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            var entry = "\(kind)"
            if kind != S_IFDIR { entry += " \(info.st_size) \(Platform.modificationTime(info))" }
            if kind == S_IFLNK {
                entry +=
                    " -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) ?? "?")
            }
            entries[path] = entry
            if kind == S_IFDIR { try walk(folder + "/" + name, relative: path, excluding: excluded) }
        }
    }

    var description: String {
        entries.keys.sorted().map { "\($0): \(entries[$0] ?? "")" }.joined(separator: "\n")
    }
}
