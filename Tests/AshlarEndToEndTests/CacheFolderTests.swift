import AshlarTestSupport
import Foundation
import Testing

/// `--cache-dir` is checked as the output is (issue 39): `/`, the home folder, a folder that holds
/// the source or the output, and a folder with files in it that is not an Ashlar cache are
/// refused (exit 64) and left as they were; a missing or empty folder becomes the cache, and
/// `CACHEDIR.TAG` and `.gitignore` go only into a folder that is Ashlar's.
@Suite struct CacheFolderTests {
    /// A site of one photo in `site/`, with a `home/` holding a file and a `documents/` folder of
    /// the user's beside it.
    struct Site {
        let folder: TemporaryFolder
        var source: URL { folder.url.appendingPathComponent("site") }
        var home: URL { folder.url.appendingPathComponent("home") }

        init() throws {
            folder = try TemporaryFolder("ashlar-cache-folder")
            try folder.write(TinyPNG.make(width: 400, height: 300), to: "site/photo.png")
            try folder.write(#"{ "title": "A photo", "alt": "An orange square" }"#, to: "site/photo.png.json")
            try folder.write("notes", to: "home/notes.txt")
            for name in ["b.jpg", "a.jpg", "c.txt", "d.txt"] { try folder.write("mine", to: "documents/" + name) }
        }

        /// `ashlar build` with HOME set to `home/`.
        func build(_ arguments: [String]) throws -> Ashlar.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = home.path
            return try Ashlar.run(Ashlar.binary, ["build", source.path] + arguments, environment: environment)
        }
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var testDescription: String
        /// The folder, relative to the test's folder ("/" for the root folder).
        var cache: String
        var extra: [String] = []
        var message: String
    }

    static let refusals: [Refusal] = [
        Refusal(
            testDescription: "root", cache: "/", message: "--cache-dir: it is the root folder; choose another folder"),
        Refusal(testDescription: "home", cache: "home", message: "--cache-dir: it is your home folder"),
        Refusal(
            testDescription: "parent of the source", cache: ".", message: "--cache-dir: it holds the source folder"),
        Refusal(
            testDescription: "parent of the output", cache: "out", extra: ["--output", "out/site"],
            message: "--cache-dir: it holds the output folder"),
        Refusal(
            testDescription: "a folder of the user's", cache: "documents",
            message:
                "--cache-dir: it is not empty and not an Ashlar cache (it holds 'a.jpg', 'b.jpg', 'c.txt' and 1 more); choose another folder"
        ),
    ]

    @Test(arguments: refusals)
    func aFolderThatIsNotTheCachesIsRefused(_ refusal: Refusal) throws {
        let site = try Site()
        let cache = refusal.cache == "/" ? "/" : site.folder.url.appendingPathComponent(refusal.cache).path
        let extra = refusal.extra.map { $0.hasPrefix("--") ? $0 : site.folder.url.appendingPathComponent($0).path }
        let run = try site.build(["--cache-dir", cache] + extra)
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(": error: " + refusal.message), "\(run.stderr)")
        #expect(
            !FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: cache).appendingPathComponent("CACHEDIR.TAG").path))
        #expect(
            !FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: cache).appendingPathComponent(".gitignore").path))
    }

    /// A missing folder is made, an empty one adopted, one holding only what Ashlar writes (shards'
    /// new entries merged, without a tag) used; each is tagged, and a second build uses it as
    /// Ashlar's.
    @Test(arguments: ["missing", "empty", "merged"])
    func aNewOrEmptyFolderBecomesTheCache(_ state: String) throws {
        let site = try Site()
        let cache = site.folder.url.appendingPathComponent("cache")
        if state != "missing" { try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true) }
        if state == "merged" {
            try site.folder.write("", to: "cache/sources.tsv")
            try FileManager.default.createDirectory(
                at: cache.appendingPathComponent("renditions/00"), withIntermediateDirectories: true)
        }
        let first = try site.build(["--cache-dir", cache.path])
        try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        let tag = try String(contentsOf: cache.appendingPathComponent("CACHEDIR.TAG"), encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n"))
        #expect(try String(contentsOf: cache.appendingPathComponent(".gitignore"), encoding: .utf8) == "*\n")
        try site.folder.write(#"{ "title": "Again" }"#, to: "site/ashlar.json")
        let second = try site.build(["--cache-dir", cache.path])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("; 0 renditions made, "), "\(second.stdout)")
    }
}
