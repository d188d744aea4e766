import AshlarTestSupport
import Foundation
import Testing

/// Renditions become `srcset`, and `sizes` states each tile's real width at every viewport.
@Suite struct ResponsiveImageTests {
    func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-responsive")
        for (index, size) in [(1600, 1000), (900, 1200), (1200, 1200), (2400, 800)].enumerated() {
            let name = "p\(index)"
            try folder.write(TinyPNG.headerOnly(width: size.0, height: size.1), to: "\(name).png")
            try folder.write(#"{"title": "P\#(index)", "alt": "Test card \#(index)"}"#, to: "\(name).json")
        }
        // Renditions by name, and by the sidecar's list (one remote).
        try folder.write(TinyPNG.make(width: 80, height: 50), to: "p0@800w.png")
        try folder.write(TinyPNG.make(width: 40, height: 25), to: "p0@400w.png")
        try folder.write(
            #"{"title": "P1", "alt": "Test card 1", "renditions": ["https://cdn.example.com/p1@450w.png", {"src": ".small/p1.png", "width": 300}]}"#,
            to: "p1.png.json")
        try folder.write(TinyPNG.make(width: 30, height: 40), to: ".small/p1.png")
        return folder
    }

    @Test func renditionsBecomeSrcsetAndAreCopied() throws {
        let folder = try site()
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try folder.read("_site/index.html")
        #expect(html.contains(#"srcset="p0@400w.png 400w, p0@800w.png 800w, p0.png 1600w" sizes=""#))
        #expect(
            html.contains(#"srcset="p1@300w.png 300w, https://cdn.example.com/p1@450w.png 450w, p1.png 900w""#),
            "the sidecar's renditions, narrowest first")
        #expect(folder.exists("_site/p1@300w.png"))
        #expect(folder.exists("_site/p0@400w.png"))
        #expect(folder.exists("_site/p0@800w.png"))
        // A rendition is not a photo of its own.
        #expect(!html.contains(#"id="p0-400w""#))
        #expect(run.stdout.hasPrefix("Built 4 photos"), "\(run.stdout)")
    }

    @Test func sizesForTheDefaultBreakpoints() throws {
        let folder = try site()
        _ = try Ashlar.run(["build", folder.url.path])
        let html = try folder.read("_site/index.html")
        let expected =
            "(min-width: 2560px) 483.79px, (min-width: 1380px) calc(19.5077vw - 15.61px), (min-width: 1333.33px) calc(24.3333vw - 19.47px), (min-width: 957.45px) 22.8733vw, (min-width: 638.3px) 30.4978vw, (min-width: 533.33px) and (min-resolution: 2.5dppx) 30.55vw, (min-width: 533.33px) 45.825vw, (min-resolution: 2.5dppx) calc(32.5vw - 10.4px), calc(48.75vw - 15.6px)"
        #expect(html.contains(#"sizes="\#(expected)""#))
    }

    /// The first gallery tile's width as its `sizes` resolves, its laid-out width and the
    /// viewport's, in CSS px.
    static let sizesProbe = """
        const img = document.querySelector('.gallery-list img[sizes]');
        \(Chromium.resolveSizes)
        return [probe.getBoundingClientRect().width, img.closest('li').getBoundingClientRect().width, innerWidth];
        """

    /// The width `sizes` announces is the width the browser lays the tile out at.
    @Test(
        .tags(.browser), .enabled(if: Chromium.isAvailable, "needs chromium"),
        arguments: [560, 700, 1000, 1350, 1500, 2000])
    func sizesMatchTheRenderedTiles(viewport: Int) throws {
        let folder = try site()
        _ = try Ashlar.run(["build", folder.url.path])
        let script = Self.sizesProbe
        let json = try Chromium.measure(
            page: folder.url.appendingPathComponent("_site/index.html"), width: viewport, script: script)
        let values = try JSONDecoder().decode([Double].self, from: Data(json.utf8))
        try #require(values.count == 3, "the script returned \(json)")
        #expect(
            abs(values[0] - values[1]) < 1,
            "sizes says \(values[0]) px, the tile is \(values[1]) px at a \(values[2]) px viewport")
    }

    /// On a phone of 2.5 device pixels per CSS pixel or more, `sizes` announces two thirds of
    /// the tile, so that a 3× phone picks the rendition for 2×; at 2× it announces the tile.
    @Test(
        .tags(.browser), .enabled(if: Chromium.isAvailable, "needs chromium"),
        arguments: [(390, 3, 2.0 / 3), (360, 3, 2.0 / 3), (560, 3, 2.0 / 3), (390, 2, 1.0), (560, 2, 1.0)])
    func sizesAskAHighDensityPhoneForTwiceItsTiles(viewport: Int, scale: Int, fraction: Double) throws {
        let folder = try site()
        _ = try Ashlar.run(["build", folder.url.path])
        let script = Self.sizesProbe
        let json = try Chromium.measure(
            page: folder.url.appendingPathComponent("_site/index.html"), width: viewport, height: 844, scale: scale,
            script: script)
        let values = try JSONDecoder().decode([Double].self, from: Data(json.utf8))
        try #require(values.count == 3, "the script returned \(json)")
        #expect(values[2] == Double(viewport))
        #expect(
            abs(values[0] - values[1] * fraction) < 1,
            "sizes says \(values[0]) px, the tile is \(values[1]) px at \(scale)× on a \(values[2]) px viewport")
    }
}
