import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// Videos in the catalog: which image is a video's poster, what a sidecar's `poster` does, and
/// what a video the reader refuses costs (a diagnostic naming it).
@Suite struct VideoCatalogTests {
    struct PosterCase: Sendable, CustomTestStringConvertible {
        var names: [String]
        /// The items, each `NAME` or `NAME<-POSTER`.
        var items: [String]
        var testDescription: String { names.joined(separator: " ") }
    }

    @Test(arguments: [
        PosterCase(names: ["IMG_1.JPG", "IMG_1.MOV"], items: ["IMG_1.MOV<-IMG_1.JPG"]),
        PosterCase(names: ["A.png", "a.mp4", "b.jpg"], items: ["a.mp4<-A.png", "b.jpg"]),
        PosterCase(names: ["clip.webm", "clip.m4v"], items: ["clip.m4v", "clip.webm"]),
        // One still is one video's poster; the other video goes without.
        PosterCase(names: ["v.jpg", "v.mov", "v.mp4"], items: ["v.mov<-v.jpg", "v.mp4"]),
        // A HEIC is the poster of its Live Photo video; a RAW is no poster.
        PosterCase(names: ["IMG_2.HEIC", "IMG_2.MOV"], items: ["IMG_2.MOV<-IMG_2.HEIC"]),
        PosterCase(names: ["IMG_3.CR2", "IMG_3.mov"], items: ["IMG_3.CR2", "IMG_3.mov"]),
    ])
    func aStillOfTheSameNameIsTheVideosPoster(_ test: PosterCase) {
        let grouped = PhotoFiles.group(fileNames: test.names)
        let items = grouped.photos.map { files in
            (files.imageName ?? "") + (files.posterName.map { "<-" + $0 } ?? "")
        }
        #expect(items == test.items)
        #expect(grouped.unattributed.isEmpty)
    }

    @Test func aSidecarNamedAfterTheVideoIsItsOwnEvenBesideItsPoster() {
        let grouped = PhotoFiles.group(fileNames: ["IMG_1.JPG", "IMG_1.MOV", "IMG_1.json", "IMG_1.MOV.xmp"])
        #expect(grouped.photos.count == 1)
        #expect(grouped.photos.first?.jsonSidecars == ["IMG_1.json"])
        #expect(grouped.photos.first?.xmpSidecars == ["IMG_1.MOV.xmp"])
        #expect(grouped.unattributed.isEmpty)
    }

    @Test func theSidecarKnowsPoster() {
        let reading = AshlarSidecar.read(Array(#"{"poster": "still.jpg"}"#.utf8), path: "v.mov.json")
        #expect(reading.metadata.poster == "still.jpg")
        #expect(reading.diagnostics.isEmpty)
    }

    struct Damaged: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Damaged(name: "empty.mp4", bytes: []),
        Damaged(name: "text.mov", bytes: Array("not a video at all, just text".utf8)),
        Damaged(name: "cut.webm", bytes: [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86]),
    ])
    func aVideoTheReaderRefusesIsAnErrorNamingIt(_ test: Damaged) {
        let source = CatalogBuilderTests.MemorySource(files: ["trip/" + test.name: test.bytes, "trip/a.png": Self.png])
        let catalog = CatalogBuilder(source: source, settings: CatalogSettings()).build(source.tree)
        let errors = catalog.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.description.hasPrefix("trip/\(test.name): error: unreadable video: ") == true)
        let photos = catalog.root.albums.first?.photos.map { $0.name }
        #expect(photos == ["a.png"])
    }

    static let png = CatalogBuilderTests.png

    /// The fixture videos the reader's tests use, when they are there.
    static func fixture(_ name: String) -> [UInt8]? {
        let url = VideoFixture.folder.appendingPathComponent(name)
        return (try? Data(contentsOf: url)).map { [UInt8]($0) }
    }

    @Test func aVideoIsLaidOutAtItsContainersSizeWithItsPoster() throws {
        let video = try #require(Self.fixture("rotated.mp4"))
        let source = CatalogBuilderTests.MemorySource(files: [
            "clip.mp4": video, "clip.png": Self.png, "other.mov": try #require(Self.fixture("iphone.mov")),
            "other.mov.json": Array(#"{"poster": "clip.png", "title": "From the sidecar"}"#.utf8),
        ])
        let catalog = CatalogBuilder(source: source, settings: CatalogSettings()).build(source.tree)
        let photos = catalog.root.photos
        #expect(photos.map(\.name) == ["clip.mp4", "other.mov"])
        let clip = try #require(photos.first)
        #expect(clip.still?.sourcePath == "clip.png", "the poster")
        #expect(clip.height > clip.width, "the rotated fixture is laid out upright")
        #expect(clip.video?.mimeType == "video/mp4")
        let other = try #require(photos.last)
        #expect(other.still?.sourcePath == "clip.png")
        #expect(other.metadata.title == "From the sidecar")
        #expect(!(other.video?.patches.isEmpty ?? true), "the phone fixture records where it was taken")
        #expect(catalog.diagnostics.filter { $0.severity == .error }.isEmpty, "\(catalog.diagnostics)")
    }

    @Test func aPosterThatIsNoImageIsAWarningAndTheVideoGoesWithout() throws {
        let video = try #require(Self.fixture("android.mp4"))
        let source = CatalogBuilderTests.MemorySource(files: [
            "v.mp4": video, "v.jpg": Array("not a JPEG".utf8),
            "w.mp4": video, "w.mp4.json": Array(#"{"poster": "../x.jpg"}"#.utf8),
        ])
        let catalog = CatalogBuilder(source: source, settings: CatalogSettings()).build(source.tree)
        #expect(catalog.root.photos.map(\.name) == ["v.mp4", "w.mp4"])
        #expect(catalog.root.photos.allSatisfy { $0.video != nil && !$0.hasImage })
        let warnings = catalog.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings.contains { $0.hasPrefix("v.jpg: warning: unreadable image") && $0.hasSuffix("without a poster") })
        #expect(warnings.contains { $0.hasPrefix("w.mp4.json") && $0.contains("'poster'") })
    }

    /// Renditions are a still's smaller copies: beside a video with no poster they have nothing to
    /// be published with, and the build says so instead of dropping them without a word.
    @Test func renditionsOfAVideoWithoutAPosterAreAWarningNamingThem() throws {
        let video = try #require(Self.fixture("android.mp4"))
        let source = CatalogBuilderTests.MemorySource(files: [
            "clip.mp4": video, "small.png": Self.png,
            "clip.mp4.json": Array(#"{"renditions": [{"src": "small.png", "width": 800}]}"#.utf8),
        ])
        let catalog = CatalogBuilder(source: source, settings: CatalogSettings()).build(source.tree)
        let clip = try #require(catalog.root.photos.first { $0.name == "clip.mp4" })
        #expect(clip.still == nil)
        let warnings = catalog.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("clip.mp4.json: warning: renditions small.png are not published") })
    }
}
