import AshlarTestSupport
import Foundation
import Testing

/// `ashlar check`: every diagnostic it gives, with its exact text and place, on tiny sites.
@Suite struct CheckCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// Files to write: text, or `png:WxH` for a valid PNG of that size.
        var files: [String: String]
        var expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(
            name: "missing alt text", files: ["a.png": "png:30x20", "a.png.json": #"{"title": "A"}"#],
            expected: "a.png.json: warning: missing alt text; add 'alt' describing what the photo shows"),
        .init(
            name: "missing title", files: ["a.png": "png:30x20", "a.png.json": #"{"alt": "A red card"}"#],
            expected: "a.png.json: warning: missing title; its pages show one made from its file name, \"A\""),
        .init(
            name: "missing title, camera's file name",
            files: ["IMG_1234.png": "png:30x20", "IMG_1234.png.json": #"{"alt": "A red card"}"#],
            expected:
                "IMG_1234.png.json: warning: missing title; its pages show a numbered one such as \"Photo 3 of 40\""),
        .init(
            name: "missing title and alt text", files: ["a.png": "png:30x20"],
            expected:
                "a.png: warning: missing title and alt text (its pages show one made from its file name, \"A\"); "
                + "add 'title' and an 'alt' describing what the photo shows"),
        .init(
            name: "two photos with one title",
            files: [
                "a.png": "png:3x2", "a.png.json": #"{"title": "Dusk", "alt": "A red card"}"#, "b.png": "png:3x2",
                "b.png.json": #"{"title": "Dusk", "alt": "A blue card"}"#,
            ],
            expected:
                "b.png.json: warning: title \"Dusk\" is also the title of 'a.png' in this album; titles tell photos apart in links and to screen readers"
        ),
        .init(
            name: "empty album",
            files: [
                "a.png": "png:3x2", "a.png.json": #"{"title": "A", "alt": "A red card"}"#,
                "empty/notes.txt": "nothing here",
            ],
            // A document beside the photos is not a photo Ashlar left out.
            expected: "empty: warning: album has no photos to show; its page says so"),
        .init(
            name: "alt text is a camera name",
            files: ["a.png": "png:30x20", "a.png.json": #"{"title": "A", "alt": "DSC01234"}"#],
            expected:
                "a.png.json: warning: alt text \"DSC01234\" is a file or camera name; describe what the photo shows"),
        .init(
            name: "alt text is the file name",
            files: ["beach.png": "png:30x20", "beach.png.json": #"{"title": "Beach", "alt": "beach.png"}"#],
            expected:
                "beach.png.json: warning: alt text \"beach.png\" is a file or camera name; describe what the photo shows"
        ),
        .init(
            name: "sidecar with no image and no src", files: ["lonely.json": #"{"title": "Lonely", "alt": "x y z"}"#],
            expected: "lonely.json: warning: sidecar with no image beside it and no 'src'; skipped"),
        .init(
            name: "unreadable image", files: ["broken.jpg": "not really a jpeg"],
            expected: "broken.jpg: error: unreadable image: not a JPEG/PNG/GIF/WebP/AVIF/HEIC image"),
        .init(
            name: "stale sidecar",
            files: ["a.png": "png:30x20", "a.png.json": #"{"width": 20, "height": 30, "alt": "A red card"}"#],
            expected: "a.png.json: warning: stale sidecar: it says 20×30, the image is 30×20; using the image's"),
        .init(
            name: "unknown sidecar key",
            files: ["a.png": "png:30x20", "a.png.json": "{\n  \"alt\": \"A red card\",\n  \"widht\": 30\n}"],
            expected: "a.png.json:3:3: warning: 'widht' is not a sidecar key; did you mean 'width'?"),
        .init(
            name: "invalid date",
            files: ["a.png": "png:30x20", "a.png.json": "{\"alt\": \"A red card\",\n \"date\": \"2024-02-30\"}"],
            expected:
                "a.png.json:2:10: error: 'date' must be a date like \"2024-06-01\" or \"2024-06-01T18:30:00\", found \"2024-02-30\""
        ),
        .init(
            name: "unknown configuration key", files: ["ashlar.json": "{\"titel\": \"x\"}"],
            expected: "ashlar.json:1:2: warning: 'titel' is not a configuration key; did you mean 'title'?"),
        .init(
            name: "src outside the source folder", files: ["a.json": #"{"src": "../../etc/passwd", "alt": "x y z"}"#],
            expected: "a.json: error: 'src' leads outside the source folder: \"../../etc/passwd\""),
        .init(
            name: "src with another scheme",
            files: ["a.json": #"{"src": "ftp://example.com/a.jpg", "width": 3, "height": 2, "alt": "x y z"}"#],
            expected:
                "a.json:1:9: error: 'src' must be a relative path or an http(s) URL, found \"ftp://example.com/a.jpg\""),
        .init(
            name: "src naming a missing file", files: ["a.json": #"{"src": "photos/missing.jpg", "alt": "x y z"}"#],
            expected: "a.json: error: 'src' names a file that does not exist: \"photos/missing.jpg\""),
        .init(
            name: "cover naming no photo",
            files: [
                "trip/album.json": #"{"cover": "nope.jpg"}"#, "trip/a.png": "png:3x2",
                "trip/a.png.json": #"{"alt": "A red card"}"#,
            ],
            expected: "trip/album.json: warning: 'cover' names no photo in this album or below it: \"nope.jpg\""),
        .init(
            name: "XMP with an external entity",
            files: [
                "a.png": "png:30x20",
                "a.png.xmp":
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<x>&e;</x>",
            ],
            expected: "a.png.xmp:2:1: error: XMP must not contain a DTD or entity declarations"),
        .init(
            name: "ambiguous NAME.json",
            files: ["a.png": "png:3x2", "a.gif": "png:3x2", "a.json": #"{"alt": "x y z"}"#],
            expected:
                "a.json: warning: 'a.json' could belong to 'a.gif' or 'a.png'; name it after one image, as 'a.gif.json'"
        ),
    ]

    func makeSite(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-check")
        for (name, content) in files {
            if content.hasPrefix("png:") {
                let size = content.dropFirst(4).split(separator: "x").compactMap { Int($0) }
                try folder.write(TinyPNG.make(width: size[0], height: size[1]), to: name)
            } else {
                try folder.write(content, to: name)
            }
        }
        return folder
    }

    @Test(arguments: cases)
    func reportsTheDiagnostic(_ check: Case) throws {
        let folder = try makeSite(check.files)
        let run = try Ashlar.run(["check", "."], in: folder.url)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains(check.expected), "\(run.stderr)")
        let isError = check.expected.contains(": error: ")
        #expect(run.status == (isError ? 1 : 0))
        // Nothing is written by a check.
        #expect(!folder.exists("_site"))
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        let folder = try makeSite(["a.png": "png:30x20"])
        let relaxed = try Ashlar.run(["check", folder.url.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout == "1 photo in 1 album: 1 warning, 0 errors\n")
        let strict = try Ashlar.run(["check", "--strict", folder.url.path])
        #expect(strict.status == 1)
    }

    @Test func jsonReportListsEveryDiagnostic() throws {
        let folder = try makeSite([
            "a.png": "png:30x20", "a.png.json": "{\"title\": \"A\", \"alt\": \"A red card\",\n \"widht\": 3}",
        ])
        let run = try Ashlar.run(["check", "--json", "."], in: folder.url)
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["photos"] as? Int == 1)
        #expect(report["warnings"] as? Int == 1)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["path"] as? String == "a.png.json")
        #expect(diagnostics.first?["line"] as? Int == 2)
        #expect(diagnostics.first?["column"] as? Int == 2)
        #expect(diagnostics.first?["key"] as? String == "widht")
    }

    @Test func symlinksLeadingOutsideAreSkipped() throws {
        let folder = try makeSite([
            "site/a.png": "png:3x2", "site/a.png.json": #"{"alt": "A red card"}"#, "outside/b.png": "png:3x2",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("site/linked").path, withDestinationPath: "../outside")
        let run = try Ashlar.run(["check", "site"], in: folder.url)
        #expect(
            run.stderr.contains("site/linked: warning: skipped: the link points outside the source folder"),
            "\(run.stderr)")
        #expect(run.stdout.hasPrefix("1 photo in 1 album"))
    }

    @Test func oversizedSidecarsAreRefused() throws {
        let big = "{\"alt\": \"" + String(repeating: "x", count: 1_100_000) + "\"}"
        let folder = try makeSite(["a.png": "png:3x2", "a.png.json": big])
        let run = try Ashlar.run(["check", "."], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("a.png.json: error: "), "\(run.stderr)")
        #expect(run.stderr.contains("1 MiB"))
    }
}
