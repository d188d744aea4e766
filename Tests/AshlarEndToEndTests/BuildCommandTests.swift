import AshlarTestSupport
import Foundation
import Testing

/// `ashlar build` end to end: the built binary on small sites made in temporary folders.
@Suite struct BuildCommandTests {
    /// A one-album site with the given sidecars beside generated (header-less) images.
    /// A site with the given sidecars beside small, valid PNG images of the given sizes.
    func site(_ sidecars: [String: String], images: [String: (Int, Int)] = [:]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (name, text) in sidecars { try folder.write(text, to: name) }
        for (name, size) in images { try folder.write(TinyPNG.make(width: size.0, height: size.1), to: name) }
        return folder
    }

    @Test func buildsAlbumsWithRelativeLinksAndCopiedImages() throws {
        let folder = try site(
            [
                "ashlar.json": #"{"title": "Test & Co", "language": "fr"}"#,
                "a.png.json": #"{"width": 300, "height": 200, "title": "First <one>", "alt": "A red door"}"#,
                "trips/rome/b.json": #"{"width": 200, "height": 300, "title": "Second", "alt": "A tall tower"}"#,
            ], images: ["a.png": (300, 200), "trips/rome/b.png": (200, 300)])
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("Built 2 photos in 3 albums -> 5 pages in "), "\(run.stdout)")
        let root = try folder.read("_site/index.html")
        #expect(root.contains(#"<html lang="fr">"#))
        #expect(root.contains("Test &amp; Co"))
        #expect(root.contains(#"alt="A red door""#))
        #expect(root.contains(#"href="trips/index.html""#))
        #expect(root.contains(#"href="assets/ashlar.css""#))
        let nested = try folder.read("_site/trips/rome/index.html")
        #expect(nested.contains(#"href="../../assets/ashlar.css""#))
        #expect(nested.contains(#"src="../../trips/rome/b.png""#))
        #expect(nested.contains(#"aria-posinset="1" aria-setsize="1""#))
        #expect(folder.exists("_site/trips/rome/b.png"))
        #expect(folder.exists("_site/a.png"))
        #expect(folder.exists("_site/assets/ashlar.css"))
    }

    struct BadSidecar: CustomTestStringConvertible, Sendable {
        var name: String
        var file = "bad.jpg.json"
        var json: String
        var expected: String
        var testDescription: String { name }
    }

    static let badSidecars: [BadSidecar] = [
        .init(
            name: "remote photo without height", file: "bad.json",
            json: #"{"src": "https://example.com/bad.jpg", "width": 300}"#,
            expected: "bad.json: error: 'height' is missing"),
        .init(
            name: "zero width", json: "{\"width\": 0, \"height\": 200}",
            expected: "bad.jpg.json:1:11: error: 'width' must be"),
        .init(
            name: "negative height", json: "{\"width\": 300,\n \"height\": -2}",
            expected: "bad.jpg.json:2:12: error: 'height' must be"),
        .init(
            name: "text width", json: #"{"width": "wide", "height": 200}"#,
            expected: "bad.jpg.json:1:11: error: 'width' must be"),
        .init(
            name: "absurd width", json: #"{"width": 250000, "height": 200}"#,
            expected: "bad.jpg.json:1:11: error: 'width' must be"),
        .init(name: "broken JSON", json: "{\"width\": 300,\n\"height\": 200,}", expected: "bad.jpg.json:2:14: error: "),
    ]

    @Test(arguments: badSidecars)
    func badSidecarSkipsThePhotoAndFailsTheBuild(_ bad: BadSidecar) throws {
        let folder = try site(
            [
                "good.jpg.json": #"{"width": 300, "height": 200, "title": "Good", "alt": "Fine"}"#,
                bad.file: bad.json,
            ],
            images: bad.file == "bad.jpg.json"
                ? ["good.jpg": (300, 200), "bad.jpg": (300, 200)] : ["good.jpg": (300, 200)])
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted()
        let run = try Ashlar.run(["build", "."], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains(bad.expected), "\(run.stderr)")
        let page = try folder.read("_site/index.html")
        #expect(page.contains("good.jpg"))
        #expect(!page.contains("bad.jpg"))
        // The source folder gained only the output folder and the rendition cache.
        let after = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).filter {
            !$0.hasPrefix("_site") && !$0.hasPrefix(".ashlar-cache")
        }.sorted()
        #expect(after == before)
    }

    @Test func refusesToBuildIntoTheSourceOrAFolderHoldingIt() throws {
        let folder = try site(["a.jpg.json": #"{"width": 3, "height": 2}"#], images: ["a.jpg": (3, 2)])
        let same = try Ashlar.run(["build", folder.url.path, "--output", folder.url.path])
        #expect(same.status == 64)
        #expect(same.stderr.contains("error: the output folder is the source folder"))
        let parent = try Ashlar.run(["build", folder.url.path, "-o", folder.url.deletingLastPathComponent().path])
        #expect(parent.status == 64)
        #expect(parent.stderr.contains("error: the output folder contains the source folder"))
        let root = try Ashlar.run(["build", folder.url.path, "-o", "/"])
        #expect(root.status == 64)
    }

    @Test func configurationErrorsNameTheKeyAndStopTheBuild() throws {
        let folder = try site(
            [
                "ashlar.json": "{\n  \"layout\": {\"gap\": \"wide\", \"breakpionts\": []}\n}",
                "a.jpg.json": #"{"width": 3, "height": 2}"#,
            ], images: ["a.jpg": (3, 2)])
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "ashlar.json:2:21: error: 'layout.gap' must be a number of pixels from 0 to 200, found \"wide\""),
            "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "ashlar.json:2:29: warning: 'layout.breakpionts' is not a configuration key; did you mean 'layout.breakpoints'?"
            ), "\(run.stderr)")
        #expect(!folder.exists("_site/index.html"))
    }

    @Test func outputIsNeverScannedAsInput() throws {
        let folder = try site(["a.jpg.json": #"{"width": 3, "height": 2, "alt": "x"}"#], images: ["a.jpg": (3, 2)])
        let first = try Ashlar.run(["build", folder.url.path])
        let second = try Ashlar.run(["build", folder.url.path])
        #expect(first.stdout.hasPrefix("Built 1 photo in 1 album"))
        #expect(second.stdout.hasPrefix("Built 1 photo in 1 album"), "\(second.stdout)")
    }

    @Test func fileNamesAreEncodedInLinks() throws {
        let folder = try site(
            ["my photo #1?.jpg.json": #"{"width": 3, "height": 2, "alt": "x"}"#], images: ["my photo #1?.jpg": (3, 2)])
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("_site/index.html")
        #expect(page.contains(#"src="my%20photo%20%231%3F.jpg""#))
    }
}
