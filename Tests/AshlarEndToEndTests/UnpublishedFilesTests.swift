import AshlarTestSupport
import Foundation
import Testing

/// A folder straight off a camera and a phone (`Fixtures/photographer-folder/site`, albums `raw`
/// and `phone`, written by `make-unpublished-fixtures.sh`): every file Ashlar does not publish is
/// accounted for, per album, in `check`, the build summary and `--json`; a RAW alone is published
/// from its embedded preview, turned by the RAW's orientation and with the RAW's EXIF; a HEIC
/// alone is a photo, a HEIC beside its JPEG that photo's original; and nothing published says
/// where it was taken.
@Suite(.tags(.slow)) struct UnpublishedFilesTests {
    static let site = Ashlar.packageRoot.appendingPathComponent(
        "Tests/AshlarEndToEndTests/Fixtures/photographer-folder/site")

    /// A copy of the fixture albums, so the build's output and state stay out of the package.
    func fixture() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-unpublished")
        for album in ["raw", "phone"] {
            try folder.copy(Self.site.appendingPathComponent(album), to: "site/" + album)
        }
        return folder
    }

    @Test func checkListsEveryUnpublishedFileWithWhatToDo() throws {
        let folder = try fixture()
        let run = try Ashlar.run(["check", "site"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "5 photos in 3 albums: 5 warnings, 0 errors; 3 files not published\n", "\(run.stdout)")
        let notes = run.stderr.split(separator: "\n").filter { $0.contains(": note: ") }
        #expect(
            notes == [
                "site/phone: note: 1 video not published: 'VID_0003.3gp'; Ashlar publishes MP4, MOV and WebM videos, which browsers play, and converts none; convert it first, for example with ffmpeg -i VIDEO -c:v libx264 -c:a aac VIDEO.mp4",
                "site/raw: note: 1 RAW file (preview too small) not published: 'DSC_0002.NEF'; the largest JPEG preview embedded in the RAW is smaller than 1,280 px on its long side; export a JPEG from your RAW editor and put it beside the RAW",
                "site/raw: note: 1 video not published: 'clip.mts'; Ashlar publishes MP4, MOV and WebM videos, which browsers play, and converts none; convert it first, for example with ffmpeg -i VIDEO -c:v libx264 -c:a aac VIDEO.mp4",
            ], "\(run.stderr)")
        // A RAW or HEIC beside a JPEG of the same name is that photo's original: not a word.
        for quiet in ["IMG_0001.HEIC", "DSC_0003.dng"] { #expect(!run.stderr.contains(quiet), "\(quiet)") }
    }

    @Test func buildSummaryCountsThemPerAlbumAndPublishesTheRAWPreview() throws {
        let folder = try fixture()
        let run = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("Built 5 photos in 3 albums -> ") == true, "\(run.stdout)")
        #expect(
            lines.dropFirst().first
                == "Not published: 1 video in site/phone; 1 RAW file (preview too small), 1 video in site/raw")
        #expect(lines.last?.hasPrefix("hint: 'ashlar check' lists them") == true)
        // The build prints no notes one by one: the summary counts them.
        #expect(!run.stderr.contains(": note: "), "\(run.stderr)")

        // The RAW alone is published from its 1,600 × 1,067 preview, turned by the RAW's
        // orientation 6 (the preview's own EXIF says 1): a portrait.
        let album = try folder.read("out/raw/index.html")
        #expect(album.contains(#"width="1067" height="1600""#), "\(album)")
        #expect(album.contains(#"src="../raw/DSC_0003.JPG""#), "the JPEG beside a RAW is the photo")
        // The CR3's track-1 JPEG (2,000 × 1,333, larger than its PRVW), turned by CMT1's orientation 8.
        #expect(album.contains(#"IMG_0004@1333w."#), "\(album)")
        #expect(album.contains(#"width="1333" height="2000""#), "\(album)")
        let page = try folder.read("out/raw/dsc-0001/index.html")
        #expect(page.contains("A harbour at dawn, from the RAW"), "the RAW's EXIF ImageDescription")
        #expect(page.contains("2024-05-01T10:20:30"), "the RAW's EXIF DateTimeOriginal")
        // Only renditions of the preview: never the RAW, nor the preview as it is.
        let published = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("out").path)
        #expect(!published.contains { ["ARW", "NEF", "CR3", "DNG"].contains(String($0.uppercased().suffix(3))) })
        #expect(!published.contains { $0.uppercased().hasSuffix(".HEIC") || $0.hasSuffix(".mts") })
        // The HEIC alone is published as JPEG renditions of its 320 × 240 picture.
        let phone = try folder.read("out/phone/index.html")
        #expect(phone.contains(#"src="../phone/IMG_0002@320w.jpg""#) || phone.contains("IMG_0002@"), "\(phone)")
        let heicRenditions = published.filter { $0.hasPrefix("phone/IMG_0002@") }
        #expect(!heicRenditions.isEmpty && heicRenditions.allSatisfy { $0.hasSuffix(".jpg") }, "\(published)")
        let renditions = published.filter { $0.hasPrefix("raw/DSC_0001@") }
        #expect(renditions.count >= 2, "\(published)")
        for rendition in renditions {
            let bytes = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("out/" + rendition)))
            #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "\(rendition)")
        }
        // A rebuild with nothing changed says the same.
        let again = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(again.stdout.contains("(up to date)"), "\(again.stdout)")
        #expect(again.stdout.split(separator: "\n").dropFirst().first == lines.dropFirst().first)
    }

    @Test(arguments: ["build", "check"])
    func jsonListsThemPerAlbumAndReason(command: String) throws {
        let folder = try fixture()
        let extra = command == "build" ? ["--output", "out"] : []
        let run = try Ashlar.run([command, "site", "--json"] + extra, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let groups = try #require(report["unpublished"] as? [[String: Any]], "\(run.stdout)")
        let summary = groups.map { group in
            "\(group["album"] ?? "?") \(group["reason"] ?? "?") \(group["count"] ?? "?") \(group["files"] as? [String] ?? [])"
        }
        #expect(
            summary == [
                #"phone video 1 ["VID_0003.3gp"]"#,
                #"raw raw-preview-too-small 1 ["DSC_0002.NEF"]"#,
                #"raw video 1 ["clip.mts"]"#,
            ], "\(run.stdout)")
        #expect(groups.allSatisfy { ($0["advice"] as? String)?.isEmpty == false })
    }

    /// A site that makes no renditions cannot publish a RAW's preview (it would be the preview as
    /// it is, or the RAW), nor a HEIC (only Safari shows one): each RAW or HEIC alone gets a note
    /// instead, and nothing of it is published.
    @Test func withoutRenditionsARAWOrHEICAloneIsANote() throws {
        let folder = try fixture()
        try folder.write(#"{"renditions": false}"#, to: "site/ashlar.json")
        let check = try Ashlar.run(["check", "site", "--json"], in: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: check.stdoutBytes) as? [String: Any])
        let groups = try #require(report["unpublished"] as? [[String: Any]], "\(check.stdout)")
        let raw = groups.first { $0["reason"] as? String == "raw-without-renditions" }
        #expect(raw?["files"] as? [String] == ["DSC_0001.ARW", "DSC_0002.NEF", "IMG_0004.CR3"], "\(check.stdout)")
        let heic = groups.first { $0["reason"] as? String == "heic-without-renditions" }
        #expect(heic?["files"] as? [String] == ["IMG_0002.HEIC"], "\(check.stdout)")
        let build = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        let published = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("out").path)
        #expect(
            !published.contains { $0.contains("DSC_0001") || $0.contains("IMG_0004") || $0.contains("IMG_0002") },
            "\(published)")
    }

    /// The RAW and its preview both record where the photo was taken; nothing published does.
    @Test(.enabled(if: RequiredTool.runs(whenInstalled: Self.exiftoolInstalled), "needs exiftool"))
    func nothingPublishedRecordsALocation() throws {
        try RequiredTool.require(Self.exiftoolInstalled, "exiftool")
        let folder = try fixture()
        for setting in [#"{}"#, #"{"metadata": "camera", "originals": "publish"}"#] {
            try folder.write(setting, to: "site/ashlar.json")
            let run = try Ashlar.run(["build", "site", "--output", "out", "--clean"], in: folder.url)
            #expect(run.status == 0, "\(setting): \(run.stderr)")
            let out = folder.url.appendingPathComponent("out")
            let images = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter {
                $0.hasSuffix(".jpg") || $0.hasSuffix(".JPG")
            }
            #expect(images.contains { $0.hasPrefix("raw/DSC_0001@") }, "\(images)")
            let gps = try Ashlar.run(
                PrivacyTests.exiftool, ["-q", "-q", "-a", "-G1", "-gps:all", "-s"] + images.sorted(), in: out)
            #expect(gps.stdout.isEmpty, "\(setting): \(gps.stdout)")
        }
    }

    static let exiftoolInstalled = FileManager.default.isExecutableFile(atPath: PrivacyTests.exiftool.path)
}
