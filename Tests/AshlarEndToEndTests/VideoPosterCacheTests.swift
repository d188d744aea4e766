import AshlarTestSupport
import Foundation
import Testing

/// A video's poster is made into renditions at the poster's own size, not the video's (issue 39):
/// a rebuild finds them in the cache, makes none and warns of nothing, so `build --strict` passes
/// on a site with posters from the second build on.
@Suite struct VideoPosterCacheTests {
    /// Three 320×180 videos, each with a poster of its name beside it: one narrower than the video
    /// (200×133), one wider and of another shape (400×300), one of the video's own size.
    static func makeSite(in folder: TemporaryFolder) throws -> URL {
        try folder.write(
            #"{ "title": "Posters", "language": "en", "renditions": {"widths": [100, 160, 320]} }"#,
            to: "site/ashlar.json")
        for (video, fixture, poster) in [
            ("narrow.mp4", "android.mp4", (200, 133)), ("wide.mp4", "iphone.mp4", (400, 300)),
            ("same.webm", "vp9.webm", (320, 180)),
        ] {
            try folder.copy(VideoTests.fixtures.appendingPathComponent(fixture), to: "site/trip/" + video)
            let name = String(video.prefix { $0 != "." })
            try folder.write(
                TinyPNG.make(width: poster.0, height: poster.1, red: 40, green: 90, blue: 160),
                to: "site/trip/\(name).png")
            try folder.write(#"{ "title": "\#(name)", "alt": "A test pattern" }"#, to: "site/trip/\(video).json")
        }
        return folder.url.appendingPathComponent("site")
    }

    @Test func aRebuildReusesEveryPostersRenditionsWithoutAWarning() throws {
        let folder = try TemporaryFolder("ashlar-poster")
        let site = try Self.makeSite(in: folder)
        let cache = folder.url.appendingPathComponent("cache").path
        let first = try Ashlar.run(["build", site.path, "--cache-dir", cache, "--strict"])
        try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(!first.stdout.contains("; 0 renditions made"), "\(first.stdout)")
        // Something to do: the site's title changes every page.
        try folder.write(
            #"{ "title": "Posters again", "language": "en", "renditions": {"widths": [100, 160, 320]} }"#,
            to: "site/ashlar.json")
        let second = try Ashlar.run(["build", site.path, "--cache-dir", cache, "--strict"])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(!(second.stdout + second.stderr).contains(": warning: "), "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("; 0 renditions made, "), "\(second.stdout)")
        // Each poster's widths are its own: none wider than the poster.
        let album = try folder.read("site/_site/trip/index.html")
        #expect(album.contains("narrow@100w.") && album.contains("narrow@200w."), "\(album)")
        #expect(!album.contains("narrow@320w"), "\(album)")
    }
}
