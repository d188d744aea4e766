import AshlarTestSupport
import Foundation
import Testing

/// What `ashlar serve` refuses to give away: connections to idle event streams, and images a
/// build does not show.
@Suite struct ServeLimitsTests {
    /// 600 open live-reload streams take only their own small share of connections: the rest are
    /// turned away, and pages are still answered.
    @Test func idleEventStreamsCannotLockOutPages() throws {
        let folder = try TemporaryFolder("serve-limits")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "site/album/a.png")
        try folder.write(#"{"title": "A", "alt": "A card"}"#, to: "site/album/a.png.json")
        let server = try ServeProcess(["site"], in: folder)
        var streams: [RawHTTP] = []
        var statuses: [Int: Int] = [:]
        for _ in 0..<600 {
            let stream = try RawHTTP(port: server.port)
            try stream.send("GET /__ashlar/live-reload HTTP/1.1\r\nHost: localhost\r\n\r\n")
            streams.append(stream)
        }
        for stream in streams {
            let status = (try? stream.response(head: true).status) ?? 0
            statuses[status, default: 0] += 1
        }
        #expect((statuses[200] ?? 0) >= 1 && (statuses[200] ?? 0) <= 64, "\(statuses)")
        #expect(statuses[503] ?? 0 >= 500, "\(statuses)")
        // Those turned away are closed by the server; pages get through at once.
        let page = ServeProcess.wait(upTo: 3) { (try? RawHTTP.get("/album/", port: server.port).status) == 200 }
        #expect(page != nil, "\(statuses)")
        withExtendedLifetime(streams) {}
    }

    /// With `images: reference` the server answers for the images the current build shows, and
    /// not for hidden photos, photos of hidden albums or other images in the source folder.
    @Test func servesOnlyReferencedImagesThatTheBuildShows() throws {
        let folder = try TemporaryFolder("serve-limits")
        try folder.write(#"{"images": "reference"}"#, to: "site/ashlar.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "site/album/a.png")
        try folder.write(TinyPNG.make(width: 15, height: 10), to: "site/album/a@800w.png")
        try folder.write(#"{"title": "A", "alt": "A card"}"#, to: "site/album/a.png.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "site/album/b.png")
        try folder.write(#"{"title": "B", "alt": "A card", "hidden": true}"#, to: "site/album/b.png.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "site/private/c.png")
        try folder.write(#"{"title": "C", "alt": "A card"}"#, to: "site/private/c.png.json")
        try folder.write(#"{"hidden": true}"#, to: "site/private/album.json")
        let server = try ServeProcess(["site"], in: folder)
        #expect(try RawHTTP.get("/album/a.png", port: server.port).status == 200)
        #expect(try RawHTTP.get("/album/a@800w.png", port: server.port).status == 200)
        #expect(try RawHTTP.get("/album/b.png", port: server.port).status == 404)
        #expect(try RawHTTP.get("/private/c.png", port: server.port).status == 404)

        // A photo hidden after the server started is no longer served once the build has run.
        try folder.write(#"{"title": "A", "alt": "A card", "hidden": true}"#, to: "site/album/a.png.json")
        let gone = try ServeProcess.wait(upTo: 5) { try RawHTTP.get("/album/a.png", port: server.port).status == 404 }
        #expect(gone != nil)
    }
}
