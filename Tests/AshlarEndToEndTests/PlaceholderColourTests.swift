import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// Each tile and each photo page shows the photo's own colours while its image loads: a gradient
/// of its thirds, made with the renditions, in a few dozen bytes of the tile's style.
@Suite struct PlaceholderColourTests {
    /// Top to bottom: a pale sky, an orange band, a dark blue ground.
    static let thirds: [[UInt8]] = [[235, 240, 245], [220, 120, 40], [20, 30, 70]]

    /// A site of one 900 × 600 JPEG painted in `thirds`.
    func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-placeholder")
        let (width, height) = (900, 600)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for _ in 0..<width { pixels += Self.thirds[y * 3 / height] }
        }
        let image = PixelImage(width: width, height: height, format: .rgb, pixels: pixels)
        try folder.write(Data(JPEGEncoder.encode(image, quality: 90, subsampling: .s420)), to: "bands.jpg")
        try folder.write(#"{"title": "Bands", "alt": "Three bands of colour"}"#, to: "bands.jpg.json")
        return folder
    }

    /// The `#rrggbb` colours of the first `linear-gradient(…)` after `marker` in `html`.
    static func colours(after marker: String, in html: String) -> [[Int]] {
        guard let start = html.range(of: marker),
            let gradient = html[start.upperBound...].range(
                of: #"linear-gradient\((#[0-9a-f]{6},?){3}\)"#, options: .regularExpression)
        else { return [] }
        return html[gradient].matches(of: /#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/).map { match in
            [match.1, match.2, match.3].map { Int($0, radix: 16) ?? -1 }
        }
    }

    /// Whether `colours` are `expected`, give or take what JPEG's chroma subsampling blurs
    /// across the bands' edges.
    static func near(_ colours: [[Int]], _ expected: [[UInt8]], within tolerance: Int = 10) -> Bool {
        colours.count == expected.count
            && zip(colours, expected).allSatisfy { colour, want in
                zip(colour, want).allSatisfy { abs($0 - Int($1)) <= tolerance }
            }
    }

    @Test func tilesAndPhotoPagesCarryThePhotosColours() throws {
        let folder = try site()
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let album = try folder.read("_site/index.html")
        let tile = Self.colours(after: #"<li class="tile""#, in: album)
        #expect(Self.near(tile, Self.thirds), "the tile's colours are \(tile)")
        let page = try folder.read("_site/bands/index.html")
        let photo = Self.colours(after: #"<figure class="photo" data-ashlar-photo>"#, in: page)
        #expect(Self.near(photo, Self.thirds), "the photo page's colours are \(photo)")
        // A few dozen bytes a tile.
        let style = try #require(album.firstMatch(of: /;--p:[^"]*/))
        #expect(style.output.count <= 50, "\(style.output)")
    }

    /// A rebuild finds the colours in the rendition cache, with the renditions.
    @Test func theCacheKeepsThem() throws {
        let folder = try site()
        _ = try Ashlar.run(["build", folder.url.path])
        let first = try folder.read("_site/index.html")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("_site"))
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.stdout.contains("0 renditions made"), "\(run.stdout)")
        #expect(try folder.read("_site/index.html") == first)
    }

    /// Before any image arrives, Chromium paints the tile and the photo with the gradient.
    @Test(.tags(.browser), .enabled(if: Chromium.isAvailable, "needs chromium"))
    func chromiumPaintsThemBeforeTheImageLoads() throws {
        let folder = try site()
        _ = try Ashlar.run(["build", folder.url.path])
        // No rendition to load: what the reader sees until it arrives.
        let site = folder.url.appendingPathComponent("_site")
        for name in try FileManager.default.contentsOfDirectory(atPath: site.path) where name.hasSuffix(".jpg") {
            try FileManager.default.removeItem(at: site.appendingPathComponent(name))
        }
        let script = """
            const element = document.querySelector('.gallery-list .tile') || document.querySelector('.photo img');
            return getComputedStyle(element).backgroundImage;
            """
        for page in ["index.html", "bands/index.html"] {
            let painted = try Chromium.measure(page: site.appendingPathComponent(page), width: 1280, script: script)
            let colours = painted.matches(of: /rgb\((\d+), (\d+), (\d+)\)/).map {
                [Int($0.1), Int($0.2), Int($0.3)].map { $0 ?? -1 }
            }
            #expect(Self.near(colours, Self.thirds), "\(page): \(painted)")
        }
    }
}
