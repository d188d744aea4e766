import AshlarTestSupport
import Testing

@testable import AshlarCore

/// Which source's title a photo shows when several have one: Ashlar JSON > XMP sidecar > exiftool
/// JSON > embedded XMP > IPTC-IIM > EXIF text. Each case drops the strongest sources one by one.
@Suite struct MetadataPrecedenceTests {
    typealias B = EmbeddedMetadataBytes

    /// The sources, strongest first, each giving the photo the title it is named by.
    static let sources = ["ashlar", "xmp-sidecar", "exiftool", "embedded-xmp", "iim", "exif"]

    static func files(from first: Int) -> [String: [UInt8]] {
        let present = Set(sources[first...])
        var app1: [[UInt8]] = []
        if present.contains("exif") { app1.append(B.exifPayload(B.tiff([.windows(0x9C9B, "exif")]))) }
        if present.contains("embedded-xmp") { app1.append(B.xmpPayload(B.xmp(B.title("embedded-xmp")))) }
        let app13 = present.contains("iim") ? B.app13([(2, 5, Array("iim".utf8))]) : nil
        var files = ["a.jpg": B.jpeg(app1: app1, app13: app13)]
        if present.contains("ashlar") { files["a.jpg.json"] = Array(#"{"title": "ashlar"}"#.utf8) }
        if present.contains("exiftool") { files["a.json"] = Array(#"[{"Title": "exiftool"}]"#.utf8) }
        if present.contains("xmp-sidecar") { files["a.xmp"] = B.xmp(B.title("xmp-sidecar")) }
        return files
    }

    @Test(arguments: 0..<sources.count)
    func strongestSourceWins(first: Int) throws {
        let source = CatalogBuilderTests.MemorySource(files: Self.files(from: first))
        let catalog = CatalogBuilder(source: source, settings: CatalogSettings()).build(source.tree)
        let photo = try #require(catalog.root.photos.first)
        #expect(photo.metadata.title == Self.sources[first])
        #expect(photo.width == 48)
        #expect(!catalog.diagnostics.contains { $0.severity == .error })
    }

    @Test(
        arguments: [
            (nil, 3, RatingFilter.Reason.unrated), (5, 3, nil), (3, 3, nil), (2, 3, .belowMinimum),
            (0, 1, .belowMinimum),
            (-1, 0, .rejected), (nil, 0, .unrated),
        ] as [(Int?, Int, RatingFilter.Reason?)])
    func minimumRatingLeavesOut(rating: Int?, minimum: Int, expected: RatingFilter.Reason?) {
        let reason = RatingFilter.reason(rating, minimum: minimum)
        #expect(reason == expected)
    }

    @Test func summaryNamesEveryReason() {
        #expect(LeftOutPhotos(counts: [:], minimum: 3) == nil)
        #expect(LeftOutPhotos(counts: [.rejected: 2], minimum: nil) == nil)
        #expect(
            LeftOutPhotos(counts: [.rejected: 1, .belowMinimum: 2, .unrated: 3], minimum: 4)?.description
                == "6 photos left out by minRating 4: 1 rejected, 2 rated below 4, 3 unrated")
        #expect(
            LeftOutPhotos(counts: [.unrated: 1, .rejected: 0], minimum: 1)?.description
                == "1 photo left out by minRating 1: 1 unrated")
    }
}
