import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// `serve` makes renditions in rounds: none at first, then those the home page shows first,
/// then the rest. Each round uses what the earlier ones made.
struct RenditionScopeTests {
    /// A JPEG wide enough for several renditions, different for each `seed`.
    static func photo(seed: Int) -> Data {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(800 * 600 * 3)
        for y in 0..<600 {
            for x in 0..<800 { pixels += [UInt8((x + seed * 40) & 0xFF), UInt8(y & 0xFF), UInt8(seed * 30 & 0xFF)] }
        }
        let image = PixelImage(width: 800, height: 600, format: .rgb, pixels: pixels)
        return Data(JPEGEncoder.encode(image, quality: 80))
    }

    @Test func eachRoundMakesItsPhotosAndUsesWhatTheEarlierOnesMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-scope-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("site")
        let trip = source.appendingPathComponent("trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        for (index, name) in ["a", "b", "c", "d"].enumerated() {
            try Self.photo(seed: index).write(to: source.appendingPathComponent(name + ".jpg"))
        }
        for (index, name) in ["e", "f", "g"].enumerated() {
            try Self.photo(seed: 4 + index).write(to: trip.appendingPathComponent(name + ".jpg"))
        }
        var builder = SiteBuilder(
            paths: SitePaths(source: source, output: source.appendingPathComponent("_site"), displaySource: "site"))
        builder.options.cacheDirectory = folder.appendingPathComponent("cache")

        builder.options.renditions = .cachedOnly
        let first = try builder.build()
        #expect(first.errorCount == 0, "\(first.diagnostics)")
        // No renditions yet: each photo is published as a copy (the files Ashlar made are those).
        #expect(first.renditionsMade == 7)
        #expect(first.renditionsDeferred == 7)
        let firstHome = try String(contentsOf: source.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(firstHome.contains(#"src="a.jpg""#), "shown as a copy for now")

        // The home page's first two photos and the trip's cover.
        builder.options.renditions = .firstScreen(photos: 2)
        let second = try builder.build()
        #expect(second.renditionsDeferred == 4)
        #expect(second.renditionsMade > 0)
        #expect(!second.upToDate)
        let home = try String(contentsOf: source.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains(#"src="a@"#) && home.contains(#"src="b@"#), "\(home)")
        #expect(home.contains(#"src="c.jpg""#))

        builder.options.renditions = .all
        let third = try builder.build()
        #expect(third.renditionsDeferred == 0)
        #expect(third.renditionsReused == second.renditionsMade)
        #expect(third.renditionsMade > 0)
        let done = try String(contentsOf: source.appendingPathComponent("_site/index.html"), encoding: .utf8)
        for name in ["a", "b", "c", "d", "trip/e"] {
            #expect(!done.contains(#"src="\#(name).jpg""#) && done.contains(#"src="\#(name)@"#), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: source.appendingPathComponent("_site/c.jpg").path))
        // The trip's cover tile offers its renditions too, with the photo tiles' sizes.
        let coverTile = try #require(
            done.range(of: #"<li class="tile album-tile[^\n]*?</li>"#, options: .regularExpression))
        let cover = String(done[coverTile])
        #expect(cover.contains(#"srcset="trip/e@"#) && cover.contains(#" sizes=""#), "\(cover)")
    }
}
