import AshlarTestSupport
import Foundation
import Testing

/// Files and folders whose name starts with `.` are never published, at any depth, whether in
/// the source tree or in `templates/`. (A sidecar may still name an image in a hidden folder as
/// its `src` or a rendition, as `ResponsiveImageTests` does with `.small/`: that is the author's
/// explicit choice, and only an image is published.)
@Suite struct HiddenFilesTests {
    @Test func nothingHiddenReachesTheOutput() throws {
        let folder = try TemporaryFolder("ashlar-hidden")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "trip/a.png")
        try folder.write(#"{"title": "A", "alt": "A card"}"#, to: "trip/a.png.json")
        for hidden in [
            ".git/config.png", "trip/.thumbs/b.png", "trip/deeper/.cache/c.png", "trip/.d.png",
        ] {
            try folder.write(TinyPNG.make(width: 30, height: 20), to: hidden)
        }
        for hidden in [
            "templates/assets/.secret/token.txt", "templates/.private/notes.txt", "templates/assets/.env",
            "templates/assets/css/.deep/key.txt",
        ] {
            try folder.write("secret\n", to: hidden)
        }
        try folder.write("body { color: red }\n", to: "templates/assets/css/site.css")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exists("_site/assets/css/site.css"))
        #expect(folder.exists("_site/trip/a.png"))
        let output = folder.url.appendingPathComponent("_site").path
        let published = try #require(FileManager.default.subpathsOfDirectory(atPath: output) as [String]?)
        #expect(!published.isEmpty)
        let hidden = published.filter { path in
            path != ".ashlar-manifest.json" && path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
        #expect(hidden.isEmpty, "published: \(hidden)")
        for page in published where page.hasSuffix(".html") {
            #expect(!(try folder.read("_site/" + page)).contains("thumbs"), "\(page)")
        }
    }
}
