import Testing

@testable import AshlarCore

/// Which files of a folder are photos and which are accounted for as not published
/// (`PhotoFiles.group`): by name alone, before anything is read.
@Suite struct UnpublishedFileTests {
    @Test(arguments: [
        // A RAW or HEIC beside an image of the same name, in any case, is that photo's original.
        (["IMG_1.CR2", "IMG_1.jpg"], ["IMG_1.jpg"], [String]()),
        (["img_1.heic", "IMG_1.JPG"], ["IMG_1.JPG"], []),
        // A MOV beside its still is a video with a poster (an iPhone Live Photo).
        (["IMG_1.HEIC", "IMG_1.MOV", "IMG_1.jpeg"], ["IMG_1.MOV"], []),
        // Alone, a RAW is a photo (published from its preview), and so is a HEIC.
        (["DSC_1.ARW", "DSC_2.dng"], ["DSC_1.ARW", "DSC_2.dng"], []),
        (["IMG_2.HEIC", "IMG_3.heif"], ["IMG_2.HEIC", "IMG_3.heif"], []),
        // An iPhone Live Photo: the HEIC is the video's poster.
        (["IMG_4.HEIC", "IMG_4.MOV"], ["IMG_4.MOV"], []),
        (["clip.mp4", "edit.psd", "a.png"], ["a.png", "clip.mp4"], ["edit.psd other"]),
        // Videos browsers cannot play are accounted for.
        (["clip.avi", "b.MKV", "c.mts", "d.webm"], ["d.webm"], ["clip.avi video", "b.MKV video", "c.mts video"]),
        // Documents and the system's files are not photos left out.
        (["notes.txt", "CREDITS.md", "README", "LICENSE", "Thumbs.db", "desktop.ini", "a.png"], ["a.png"], []),
        // Sidecars and album.json are Ashlar's own; a rendition by name is its photo's.
        (["a.jpg", "a.jpg.json", "a.xmp", "album.json", "a@800w.jpg"], ["a.jpg"], []),
    ])
    func groupsByName(names: [String], photos: [String], unpublished: [String]) {
        let grouped = PhotoFiles.group(fileNames: names)
        #expect(grouped.photos.compactMap(\.imageName) == photos)
        #expect(grouped.unpublished.map { "\($0.name) \($0.reason.rawValue)" } == unpublished)
    }

    @Test func aNoteNamesTheFilesCountsTheRestAndSaysWhatToDo() {
        let group = UnpublishedGroup(album: "phone", reason: .video, files: (1...22).map { "IMG_\($0).3gp" })
        #expect(group.counted == "22 videos")
        #expect(group.note.hasPrefix("22 videos not published: 'IMG_1.3gp', 'IMG_2.3gp', "))
        #expect(group.note.contains("'IMG_20.3gp' and 2 more; Ashlar publishes MP4, MOV and WebM"))
        #expect(group.note.contains("ffmpeg"))
        let raw = UnpublishedGroup(album: "", reason: .rawPreviewTooSmall, files: ["a.NEF"])
        #expect(raw.counted == "1 RAW file (preview too small)")
    }

    /// The manifest keeps them, so a skipped rebuild's summary says the same.
    @Test func theManifestKeepsThem() throws {
        var manifest = BuildManifest()
        manifest.unpublished = [
            UnpublishedGroup(album: "phone", reason: .video, files: ["a \"b\".3gp"]),
            UnpublishedGroup(album: "", reason: .video, files: ["c.mp4", "d.mov"]),
        ]
        let read = try #require(BuildManifest.read(manifest.bytes))
        #expect(read.unpublished == manifest.unpublished)
    }
}
