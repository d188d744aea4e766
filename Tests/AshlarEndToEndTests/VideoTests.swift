import AshlarTestSupport
import Foundation
import Testing

/// Videos on the built site (issue 27, part 4): MP4 and QuickTime files become tiles laid out at
/// the container's display size and pages with a `<video>` element; the published copy records
/// no location; `check` names a video it cannot read; a rebuild leaves unchanged videos alone;
/// and the phone's video plays in Chromium with no layout shift.
@Suite(.tags(.slow, .referenceTools)) struct VideoTests {
    /// The reader's fixture videos (`make-videos.sh`): 320×180, one second, H.264 unless named.
    static let fixtures = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarImageTests/Fixtures/Video")

    /// A site of one album: the iPhone's QuickTime video beside its still (`IMG_1.MOV`,
    /// `IMG_1.png`), the video turned 90° by its track, the Android phone's video, a VP9 WebM and a
    /// photo.
    static func makeSite(in folder: TemporaryFolder) throws -> URL {
        try folder.write(#"{ "title": "Videos", "language": "en" }"#, to: "site/ashlar.json")
        try folder.copy(fixtures.appendingPathComponent("iphone.mov"), to: "site/trip/IMG_1.MOV")
        try folder.write(
            TinyPNG.make(width: 320, height: 180, red: 30, green: 90, blue: 160), to: "site/trip/IMG_1.png")
        try folder.copy(fixtures.appendingPathComponent("rotated.mp4"), to: "site/trip/rotated.mp4")
        try folder.copy(fixtures.appendingPathComponent("android.mp4"), to: "site/trip/android.mp4")
        try folder.copy(fixtures.appendingPathComponent("vp9.webm"), to: "site/trip/tram.webm")
        try folder.write(
            TinyPNG.make(width: 48, height: 32, red: 200, green: 120, blue: 40), to: "site/trip/sunset.png")
        for (name, alt) in [
            ("IMG_1.MOV", "Boats in a harbour at dusk"), ("rotated.mp4", "A test pattern standing upright"),
            ("android.mp4", "Waves on a beach"), ("tram.webm", "A tram crossing a bridge"),
            ("sunset.png", "An orange sky"),
        ] {
            try folder.write(#"{ "alt": "\#(alt)" }"#, to: "site/trip/\(name).json")
        }
        return folder.url.appendingPathComponent("site")
    }

    static func build(_ site: URL, cache: URL) throws -> Ashlar.Run {
        try Ashlar.run(["build", site.path, "--cache-dir", cache.path])
    }

    @Test func videosBecomeTilesAtTheContainersSizeAndPagesWithAVideoElement() throws {
        let folder = try TemporaryFolder("ashlar-video")
        let site = try Self.makeSite(in: folder)
        let run = try Self.build(site, cache: folder.url.appendingPathComponent("cache"))
        #expect(run.status == 0, "\(run.stderr)")
        let album = try folder.read("site/_site/trip/index.html")
        // The container's size, rotation applied: the turned video is laid out upright.
        #expect(album.contains(#"id="rotated" aria-posinset="#), "\(album)")
        #expect(album.contains(#"style="--a:180/320;"#), "\(album)")
        #expect(album.contains(#"aria-label="Video: A test pattern standing upright""#), "\(album)")
        // No poster: a box of the video's shape with a play button, and its duration on the badge.
        #expect(
            album.contains(
                #"<span class="tile-no-image" role="img" aria-label="Video: A test pattern standing upright"><span class="tile-play" aria-hidden="true"></span></span><span class="tile-video-badge" aria-hidden="true">&#9654; Video 0:0"#
            ), "\(album)")
        // The Live Photo's still is the video's poster, not a photo of its own.
        #expect(album.contains(#"alt="Video: Boats in a harbour at dusk" width="320" height="180""#), "\(album)")
        #expect(album.components(separatedBy: #"<li class="tile""#).count - 1 == 5, "\(album)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("_site/trip/img-1-2").path))

        let page = try folder.read("site/_site/trip/img-1/index.html")
        #expect(
            page.contains(
                #"<video controls preload="metadata" playsinline width="320" height="180" poster="../../trip/IMG_1@"#),
            "\(page)")
        #expect(page.contains(#"<source src="../../trip/IMG_1.MOV" type="video/mp4"#), "\(page)")
        #expect(page.contains(#"<a href="../../trip/IMG_1.MOV" download>"#), "\(page)")
        // Its embedded title (the QuickTime Keys' and the XMP's) is the page's.
        #expect(page.contains("<h1>Harbour at dusk</h1>"), "\(page)")
        let rotated = try folder.read("site/_site/trip/rotated/index.html")
        #expect(rotated.contains(#"playsinline width="180" height="320" aria-label="Video: "#), "\(rotated)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("_site/trip/rotated.mp4").path))
        let webm = try folder.read("site/_site/trip/tram/index.html")
        #expect(
            webm.contains(#"<source src="../../trip/tram.webm" type="video/webm; codecs=&quot;vp9&quot;">"#), "\(webm)")
        #expect(webm.contains("<h1>Evening tram</h1>"), "its WebM title")
    }

    @Test func checkNamesAVideoItCannotRead() throws {
        let folder = try TemporaryFolder("ashlar-video")
        let site = try Self.makeSite(in: folder)
        let whole = try Data(contentsOf: Self.fixtures.appendingPathComponent("android.mp4"))
        try folder.write(whole.prefix(1500), to: "site/trip/cut.mp4")
        let run = try Ashlar.run(["check", site.path])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = (run.stdout + run.stderr).split(separator: "\n")
        #expect(lines.contains { $0.contains("trip/cut.mp4: error: unreadable video: ") }, "\(run.stdout)\(run.stderr)")
    }

    /// The published copies stay as they are when the build runs again for another reason.
    @Test func aRebuildLeavesUnchangedVideosAlone() throws {
        let folder = try TemporaryFolder("ashlar-video")
        let site = try Self.makeSite(in: folder)
        let cache = folder.url.appendingPathComponent("cache")
        let first = try Self.build(site, cache: cache)
        try #require(first.status == 0, "\(first.stderr)")
        func stamps() throws -> [String] {
            try ["IMG_1.MOV", "android.mp4", "rotated.mp4", "tram.webm"].map { name in
                let attributes = try FileManager.default.attributesOfItem(
                    atPath: site.appendingPathComponent("_site/trip/" + name).path)
                return "\(name) \(attributes[.systemFileNumber] ?? 0) \(attributes[.modificationDate] ?? 0)"
            }
        }
        let before = try stamps()
        try folder.write(TinyPNG.make(width: 40, height: 30, red: 1, green: 2, blue: 3), to: "site/trip/zz-new.png")
        let second = try Self.build(site, cache: cache)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains(" unchanged"), "\(second.stdout)")
        #expect(try stamps() == before)
    }

    /// With `images: reference` the page plays the source file, which Ashlar does not change:
    /// the build warns about each video that records a location.
    @Test func aReferencedVideoIsNotCopiedAndTheBuildWarnsOfItsLocation() throws {
        let folder = try TemporaryFolder("ashlar-video")
        let site = try Self.makeSite(in: folder)
        try folder.write(#"{ "title": "Videos", "language": "en", "images": "reference" }"#, to: "site/ashlar.json")
        let run = try Self.build(site, cache: folder.url.appendingPathComponent("cache"))
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter {
            $0.contains("warning: it records where it was taken")
        }
        #expect(warnings.count == 3, "\(run.stderr)")
        #expect(warnings.contains { $0.contains("trip/IMG_1.MOV: ") }, "\(run.stderr)")
        let page = try folder.read("site/_site/trip/img-1/index.html")
        #expect(page.contains(#"<source src="../../../trip/IMG_1.MOV""#), "\(page)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("_site/trip/IMG_1.MOV").path))
    }

    /// A Live Photo's still records where it was taken; published as it is (no renditions), it
    /// gets the warning any such photo gets, naming it.
    @Test(.enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.toolsInstalled), "needs exiftool"))
    func aPosterPublishedAsItIsWarnsOfItsLocation() throws {
        let folder = try TemporaryFolder("ashlar-video")
        let site = try Self.makeSite(in: folder)
        try folder.write(#"{ "title": "Videos", "language": "en", "renditions": false }"#, to: "site/ashlar.json")
        let tagged = try Ashlar.run(
            PrivacyTests.exiftool, ["-q", "-overwrite_original"] + PrivacyTests.xmpGPS + ["trip/IMG_1.png"], in: site)
        try #require(tagged.status == 0, "\(tagged.stderr)")
        let run = try Self.build(site, cache: folder.url.appendingPathComponent("cache"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "trip/IMG_1.png: warning: it records where it was taken (GPS), and is published as it is"),
            "\(run.stderr)")
    }

    /// The acceptance check of issue 27: the phones' videos are published with no location, by
    /// the same judge as photos (`PrivacyTests.leaks`).
    @Test(.enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.toolsInstalled), "needs exiftool"))
    func thePublishedVideosRecordNoLocation() throws {
        let folder = try TemporaryFolder("ashlar-video")
        let site = try Self.makeSite(in: folder)
        let sources = try PrivacyTests.leaks(in: site.appendingPathComponent("trip"))
        try #require(sources.contains { $0.hasPrefix("IMG_1.MOV: ") && $0.contains("GPS") }, "\(sources)")
        let run = try Self.build(site, cache: folder.url.appendingPathComponent("cache"))
        #expect(run.status == 0, "\(run.stderr)")
        try PrivacyTests.expectNoLeaks(in: site.appendingPathComponent("_site"))
    }
}
