import AshlarTestSupport
import Foundation
import Testing

/// Every file Ashlar reads whole is held to 1 MiB, and a photo's text to what a page shows.
@Suite struct SizeLimitTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var prefix: String
        var suffix: String
        var message: String
        var status: Int32
        var testDescription: String { file }
    }

    /// A file of a little over 1 MiB: `prefix`, padding that keeps it valid, `suffix`.
    static let padding = String(repeating: " ", count: 1 << 20)

    static let cases = [
        Case(
            file: "ashlar.json", prefix: #"{"title": "Big""#, suffix: "}",
            message: "ashlar.json: error: configuration file is larger than 1 MiB (1048592 bytes)", status: 1),
        Case(
            file: "album/album.json", prefix: #"{"title": "Big""#, suffix: "}",
            message: "album/album.json: error: album.json is larger than 1 MiB (1048592 bytes)", status: 1),
        Case(
            file: "templates/tile.mustache", prefix: "<li>{{title}}", suffix: "</li>",
            message: "templates/tile.mustache: error: template is larger than 1 MiB (1048594 bytes)", status: 1),
    ]

    @Test(arguments: cases)
    func aFileOverOneMebibyteIsAnError(_ testCase: Case) throws {
        let folder = try TemporaryFolder("ashlar-size-limit")
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "album/a.png")
        try folder.write(#"{"title": "A", "alt": "An orange card"}"#, to: "album/a.png.json")
        try folder.write(testCase.prefix + Self.padding + testCase.suffix, to: testCase.file)
        let run = try Ashlar.run(["build", ".", "--quiet"], in: folder.url)
        #expect(run.status == testCase.status, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").contains { $0 == testCase.message }, "\(run.stderr)")
    }

    @Test func aHugeTitleIsCutWithAWarning() throws {
        let folder = try TemporaryFolder("ashlar-title-limit")
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "a.png")
        let title = String(repeating: "é", count: 2_001)
        let alt = String(repeating: "a", count: 2_000)
        try folder.write(#"{"title": "\#(title)", "alt": "\#(alt)"}"#, to: "a.png.json")
        let run = try Ashlar.run(["build", "."], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "a.png.json: warning: 'title' is 2001 characters long; pages show its first 2000\n")
        let page = try folder.read("_site/a/index.html")
        #expect(page.contains("<h1>" + String(repeating: "é", count: 2_000) + "…</h1>"))
        #expect(page.contains(alt))
    }

    /// Camera and lens names are lines too: a camera's EXIF may hold up to 64 KiB of them.
    @Test func aHugeLensIsCutWithAWarning() throws {
        let folder = try TemporaryFolder("ashlar-lens-limit")
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "a.png")
        let lens = String(repeating: "L", count: 5_000)
        try folder.write(#"{"title": "A", "alt": "A card", "lens": "\#(lens)"}"#, to: "a.png.json")
        let run = try Ashlar.run(["build", "."], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "a.png.json: warning: 'lens' is 5000 characters long; pages show its first 2000\n")
        let page = try folder.read("_site/a/index.html")
        #expect(!page.contains(String(repeating: "L", count: 2_001)))
    }
}
