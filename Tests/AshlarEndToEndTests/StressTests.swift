import AshlarTestSupport
import Foundation
import Testing

/// Sites at the edges of what a file system allows: folders 100 deep and deeper, paths past
/// PATH_MAX, names near NAME_MAX, a title of 100,000 characters. Each builds, or fails with a
/// clear diagnostic; none crashes or hangs. (`ashlar-bench stress` adds 100,000 photos in one album.)
@Suite(.tags(.slow)) struct StressTests {
    static let timeLimit = 60.0

    func photo(_ folder: TemporaryFolder, _ path: String, title: String = "Leaf") throws {
        try folder.write(TinyPNG.make(width: 3, height: 2), to: path)
        try folder.write(#"{"title": "\#(title)", "alt": "An orange card"}"#, to: path + ".json")
    }

    func build(_ folder: TemporaryFolder, _ site: String = ".") throws -> Ashlar.Run {
        let run = try Ashlar.run(["build", site], in: folder.url, timeLimit: Self.timeLimit)
        #expect(!run.timedOut)
        #expect(!run.wasSignalled, "crashed:\n\(run.stderr)")
        return run
    }

    @Test func aFolderNested100Deep() throws {
        let folder = try TemporaryFolder("ashlar-deep")
        let path = (1...100).map { "level-\($0)" }.joined(separator: "/")
        try photo(folder, path + "/leaf.png")
        let run = try build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Built 1 photo in 101 albums -> 102 pages in "), "\(run.stdout)")
        let output = folder.url.appendingPathComponent("_site")
        #expect(folder.exists("_site/" + path + "/leaf/index.html"))
        #expect(folder.exists("_site/" + path + "/leaf.png"))
        let leaf = try folder.read("_site/" + path + "/index.html")
        #expect(
            leaf.contains(#"<link rel="stylesheet" href="\#(String(repeating: "../", count: 100))assets/ashlar.css">"#))
        // The breadcrumbs' links only: the site menu links the top album too.
        let trail = leaf.firstMatch(of: /<nav class="breadcrumbs"[^>]*>[\s\S]*?<\/nav>/)
        let breadcrumbs = trail.map { String($0.output) } ?? ""
        #expect(breadcrumbs.matches(of: /<li><a href=/).count == 101, "a breadcrumb for each album from the root")
        #expect(SiteLinks.problems(in: output) == [])
    }

    @Test func foldersDeeperThanTheLimitAreAnError() throws {
        let folder = try TemporaryFolder("ashlar-deeper")
        let path = (1...130).map { "d\($0)" }.joined(separator: "/")
        try photo(folder, path + "/leaf.png")
        try photo(folder, "top.png", title: "Top")
        let run = try build(folder)
        #expect(run.status == 1)
        let skipped = (1...129).map { "d\($0)" }.joined(separator: "/")
        #expect(
            run.stderr.hasPrefix(skipped + ": error: skipped: folders nested deeper than 128 levels\n"), "\(run.stderr)"
        )
        #expect(folder.exists("_site/top/index.html"))
    }

    /// A tree whose paths are longer than the system allows (4096 bytes) cannot be read past that
    /// point; it is an error, not a silent loss (it once was).
    @Test func pathsLongerThanPathMaxAreAnError() throws {
        let folder = try TemporaryFolder("ashlar-long-path")
        // FileManager cannot remove a tree this deep; rm works one level at a time.
        defer { _ = try? Ashlar.run(URL(fileURLWithPath: "/bin/rm"), ["-rf", folder.url.path]) }
        try photo(folder, "top.png", title: "Top")
        // Made one level at a time, relative to the last: an absolute path this long cannot be used.
        let name = String(repeating: "x", count: 100)
        var descriptor = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<42 {
            #expect(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        close(descriptor)
        let run = try build(folder)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let tooLong = try #require(lines.first { $0.contains(": error: ") }, "\(run.stderr)")
        #expect(
            tooLong.hasSuffix(": error: skipped: its path is longer than the system allows (4096 bytes)"), "\(tooLong)")
        #expect(tooLong.hasPrefix(Array(repeating: name, count: 40).joined(separator: "/")))
        #expect(folder.exists("_site/top/index.html"))
    }

    /// A 200-character name, with its 205-character sidecar.
    @Test func aFileNameOf200Characters() throws {
        let folder = try TemporaryFolder("ashlar-long-name")
        let stem = "Île " + String(repeating: "long name ", count: 20).prefix(192)
        let name = stem + ".png"
        #expect(name.count == 200)
        try photo(folder, name, title: "Long")
        let run = try build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(folder.exists("_site/" + name))
        let slugs = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("_site").path)
            .filter { !$0.contains(".") && $0 != "assets" }
        #expect(slugs.count == 1)
        #expect(slugs.allSatisfy { $0.hasPrefix("ile-long-name-long-name") && $0.count <= 80 }, "\(slugs)")
        #expect(SiteLinks.problems(in: folder.url.appendingPathComponent("_site")) == [])
    }

    /// A name of 255 bytes, the most a file system allows (no sidecar can be longer still): the
    /// output's temporary names once grew it past the limit and failed the build.
    @Test func aFileNameOf255Bytes() throws {
        let folder = try TemporaryFolder("ashlar-longest-name")
        let name = String(repeating: "é", count: 125) + "1.png"
        #expect(name.utf8.count == 255)
        try folder.write(TinyPNG.make(width: 3, height: 2), to: name)
        let run = try build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("\(name): warning: missing title and alt text (its pages show one made from "))
        #expect(run.stderr.hasSuffix("); add 'title' and an 'alt' describing what the photo shows\n"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(folder.exists("_site/" + name))
        #expect(SiteLinks.problems(in: folder.url.appendingPathComponent("_site")) == [])
    }

    @Test func aTitleOf100000Characters() throws {
        let folder = try TemporaryFolder("ashlar-long-title")
        let title = String(String(repeating: "A title <&> ", count: 8_334).prefix(100_000))
        #expect(title.count == 100_000)
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "a.png")
        try folder.write(#"{"title": "\#(title)", "caption": "\#(title)", "alt": "An orange card"}"#, to: "a.png.json")
        try folder.write(#"{"title": "\#(title)", "description": "\#(title)"}"#, to: "ashlar.json")
        try photo(folder, "b.png", title: "B")
        let run = try build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        // A photo's title and caption are cut to what a page shows (the site's title is not).
        #expect(
            run.stderr == """
                a.png.json: warning: 'title' is 100000 characters long; pages show its first 2000
                a.png.json: warning: 'caption' is 100000 characters long; pages show its first 16000

                """)
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let page = try folder.read("_site/a/index.html")
        #expect(page.contains("<h1>\(escape(String(title.prefix(2_000))))…</h1>"))
        #expect(try folder.read("_site/index.html").contains("<h1>\(escape(title))</h1>"))
        #expect(SiteLinks.problems(in: folder.url.appendingPathComponent("_site")) == [])
    }
}
