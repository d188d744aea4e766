import AshlarTestSupport
import Foundation
import Testing

/// No symbolic link in the output (issue 39): a source file that is a link inside the source
/// folder is published as a copy or a hard link of its target, never as a link holding the
/// author's path, which would dangle on the server.
@Suite struct PublishedLinkTests {
    /// Every path below `root` that is a symbolic link.
    static func links(under root: URL) throws -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: root.appendingPathComponent(relative).path)
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink { found.append(relative) }
        }
        return found
    }

    @Test(arguments: [#""renditions": false"#, #""renditions": {"widths": [100]}"#])
    func linkedSourcesArePublishedAsFiles(renditions: String) throws {
        let folder = try TemporaryFolder("ashlar-links")
        try folder.write(#"{ "title": "Links", "language": "en", \#(renditions) }"#, to: "site/ashlar.json")
        try folder.copy(VideoTests.fixtures.appendingPathComponent("rotated.mp4"), to: "site/originals/clip.mp4")
        try folder.write(TinyPNG.make(width: 64, height: 48), to: "site/originals/sky.png")
        let album = folder.url.appendingPathComponent("site/trip")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        // Absolute links, as `ln -s "$PWD/…"` makes them: the author's folders in the link.
        for name in ["clip.mp4", "sky.png"] {
            try FileManager.default.createSymbolicLink(
                atPath: album.appendingPathComponent(name).path,
                withDestinationPath: folder.url.appendingPathComponent("site/originals/" + name).path)
            try folder.write(#"{ "title": "\#(name)", "alt": "A test" }"#, to: "site/trip/\(name).json")
        }
        let site = folder.url.appendingPathComponent("site")
        let run = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
        let output = site.appendingPathComponent("_site")
        #expect(try Self.links(under: output) == [])
        // The target's bytes, as its published copy keeps them (the same length: boxes blanked).
        let video = try Data(contentsOf: output.appendingPathComponent("trip/clip.mp4"))
        #expect(video.count == (try Data(contentsOf: VideoTests.fixtures.appendingPathComponent("rotated.mp4"))).count)
        // A rebuild that keeps them keeps them as files.
        try folder.write(#"{ "title": "Links again", "language": "en", \#(renditions) }"#, to: "site/ashlar.json")
        let again = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(try Self.links(under: output) == [])
    }
}
