import AshlarTestSupport
import Foundation
import Testing

/// Real iPhone HEICs (../shared/heic) in an album: each is a photo like a JPEG. The iPhone 8's
/// grid with `irot` 270 becomes a portrait; its Display P3 profile is kept in the renditions; the
/// EXIF item gives the camera and date; the iPhone 13's GPS reaches nothing published; no HEIC is
/// published.
@Suite(
    .tags(.slow), .enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEICPhotoTests {
    @Test func iPhoneHEICsArePublishedAsJPEGRenditions() throws {
        let folder = try TemporaryFolder("ashlar-heic")
        let shared = SharedMaterial.folder("heic")
        try folder.copy(shared.appendingPathComponent("iphone8plus_arrow_irot270.heic"), to: "site/phone/arrow.HEIC")
        try folder.copy(
            shared.appendingPathComponent("iphone13pro_pug_gps_gainmap_depth.heic"), to: "site/phone/pug.heic")
        let run = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Built 2 photos in 2 albums -> "), "\(run.stdout)")
        #expect(!run.stdout.contains("Not published"), "\(run.stdout)")
        let album = try folder.read("out/phone/index.html")
        // 4032×3024 turned by irot 270: a portrait.
        #expect(album.contains(#"width="3024" height="4032""#), "\(album)")
        let arrow = try folder.read("out/phone/arrow/index.html")
        #expect(arrow.contains("iPhone 8 Plus"), "the Exif item's camera")
        #expect(arrow.contains("2018-07-31"), "the Exif item's date")
        let published = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("out").path)
        #expect(!published.contains { $0.lowercased().hasSuffix(".heic") }, "\(published)")
        let renditions = published.filter { $0.hasPrefix("phone/arrow@") || $0.hasPrefix("phone/pug@") }
        #expect(renditions.count >= 4, "\(published)")
        #expect(renditions.allSatisfy { $0.hasSuffix(".jpg") }, "\(renditions)")

        let exiftool = try RequiredTool.require(tool: "exiftool")
        for rendition in renditions {
            let path = folder.url.appendingPathComponent("out/" + rendition).path
            let tags = try Ashlar.run(
                URL(fileURLWithPath: exiftool),
                ["-a", "-G1", "-n", "-ee3", "-ICC_Profile:ProfileDescription", "-gps:all", path]
            )
            #expect(tags.stdout.contains("Display P3"), "\(rendition): \(tags.stdout)")
            #expect(!tags.stdout.contains("GPS"), "\(rendition): \(tags.stdout)")
            let size = try Ashlar.run(URL(fileURLWithPath: exiftool), ["-s3", "-ImageWidth", "-ImageHeight", path])
            let sides = size.stdout.split(separator: "\n").compactMap { Int($0) }
            if rendition.hasPrefix("phone/arrow@"), sides.count == 2 {
                #expect(sides[0] < sides[1], "\(rendition) is a portrait: \(sides)")
            }
        }
        for page in published where page.hasSuffix(".html") {
            let text = try folder.read("out/" + page)
            #expect(!text.contains("44.85") && !text.contains("34.98"), "\(page) gives the pug's place away")
        }
    }

    /// A HEIC narrower than the narrowest rendition is not published as it is (browsers other
    /// than Safari cannot show it): it gets one rendition at its own width.
    @Test func aSmallHEICGetsOneRenditionAtItsOwnSize() throws {
        let folder = try TemporaryFolder("ashlar-small-heic")
        let ffmpeg = try RequiredTool.require(tool: "ffmpeg")
        let heifEnc = try RequiredTool.require(tool: "heif-enc")
        let png = folder.url.appendingPathComponent("small.png").path
        _ = try Ashlar.run(
            URL(fileURLWithPath: ffmpeg),
            ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", png])
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("site"), withIntermediateDirectories: true)
        let encoded = try Ashlar.run(
            URL(fileURLWithPath: heifEnc),
            ["-q", "50", "-o", folder.url.appendingPathComponent("site/small.heic").path, png])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let run = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("error"), "\(run.stderr)")
        let published = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("out").path)
        #expect(published.contains { $0.hasPrefix("small@64w.") && $0.hasSuffix(".jpg") }, "\(published)")
        #expect(!published.contains { $0.lowercased().hasSuffix(".heic") }, "\(published)")
    }
}
