import AshlarTestSupport
import Foundation
import Testing

/// What photo pages carry for moving between photos and zooming, with the theme's script on (the
/// default) and off (`"script": false`).
@Suite struct PhotoViewerTests {
    /// A site of three photos in one album, built with `configuration` as its ashlar.json.
    static func site(configuration: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-viewer")
        for (index, width) in [900, 600, 700].enumerated() {
            try folder.write(TinyPNG.make(width: width, height: 500), to: "trip/p\(index + 1).png")
        }
        if let configuration { try folder.write(configuration, to: "ashlar.json") }
        let run = try Ashlar.run(["build", folder.url.path])
        try #require(run.status == 0, "\(run.stderr)")
        return folder
    }

    /// The JSON of the page's speculation rules, or nil.
    static func speculationRules(_ html: String) -> [String: Any]? {
        guard let start = html.range(of: "<script type=\"speculationrules\">"),
            let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
            as? [String: Any]
    }

    static func prerendered(_ html: String) -> [String] {
        let rules = speculationRules(html)?["prerender"] as? [[String: Any]] ?? []
        return rules.flatMap { $0["urls"] as? [String] ?? [] }
    }

    @Test func photoPagesNameTheirNeighboursAndLoadTheScript() throws {
        let folder = try Self.site(configuration: nil)
        let first = try folder.read("_site/trip/p1/index.html")
        let middle = try folder.read("_site/trip/p2/index.html")
        let last = try folder.read("_site/trip/p3/index.html")
        #expect(Self.prerendered(first) == ["../../trip/p2/index.html"])
        #expect(Self.prerendered(middle) == ["../../trip/p1/index.html", "../../trip/p3/index.html"])
        #expect(Self.prerendered(last) == ["../../trip/p2/index.html"])
        for html in [first, middle, last] {
            #expect(html.contains("<script src=\"../../assets/ashlar.js\" defer></script>"))
            #expect(html.contains("data-ashlar-full"), "View full size")
            #expect(!html.contains("<script>"), "no inline script, so a strict Content-Security-Policy works")
        }
        #expect(folder.exists("_site/assets/ashlar.js"))
        let script = try folder.read("_site/assets/ashlar.js")
        #expect(script.utf8.count < 12_000, "a few kilobytes at most: \(script.utf8.count) bytes")
        let css = try folder.read("_site/assets/ashlar.css")
        #expect(css.contains("@view-transition { navigation: auto; }"))
    }

    @Test func scriptFalseLeavesTheScriptOutAndKeepsEverythingElse() throws {
        let folder = try Self.site(configuration: #"{"script": false}"#)
        let middle = try folder.read("_site/trip/p2/index.html")
        #expect(!middle.contains("ashlar.js"))
        #expect(!middle.contains("data-ashlar-zoom"), "no Zoom button without the script")
        #expect(middle.contains("data-ashlar-full"), "View full size stays: it is a link")
        #expect(Self.prerendered(middle).count == 2, "speculation rules are data, not script: they stay")
        #expect(!folder.exists("_site/assets/ashlar.js"))
    }

    /// A video with no poster has no image to prefetch: its neighbour's page names none (never
    /// the video itself), and its own page offers no "View full size".
    @Test func aVideoWithoutAPosterIsNeverPrefetchedAsAnImage() throws {
        let folder = try TemporaryFolder("ashlar-viewer")
        try folder.write(TinyPNG.make(width: 900, height: 500), to: "trip/a.png")
        let video = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarImageTests/Fixtures/Video/vp8.webm")
        try folder.write(try Data(contentsOf: video), to: "trip/b.webm")
        let run = try Ashlar.run(["build", folder.url.path])
        try #require(run.status == 0, "\(run.stderr)")
        let photo = try folder.read("_site/trip/a/index.html")
        let next = try #require(photo.firstMatch(of: /<a href="[^"]*" rel="next"[^>]*>/)).0
        #expect(!next.contains("data-image") && !next.contains("data-srcset"), "\(next)")
        let videoPage = try folder.read("_site/trip/b/index.html")
        #expect(videoPage.contains("<video"))
        #expect(!videoPage.contains("data-ashlar-full") && !videoPage.contains("data-ashlar-zoom"))
    }

    @Test func aScriptKeyThatIsNotABooleanIsAnError() throws {
        let folder = try TemporaryFolder("ashlar-viewer")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "a.png")
        try folder.write(#"{"script": "no"}"#, to: "ashlar.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("ashlar.json:1:") && run.stderr.contains("script"), "\(run.stderr)")
    }
}
