import Foundation
import Testing

@testable import AshlarImage

/// The committed fixtures (see Fixtures/metadata/make-fixtures.sh).
enum MetadataFixture {
    static let folder = TestFiles.fixtures.appendingPathComponent("metadata")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static let all =
        [
            "gps-exif-big-endian.jpg", "gps-exif-little-endian.jpg", "gps-xmp-element.jpg", "gps-xmp-attribute.jpg",
            "icc-two-chunks.jpg", "iptc-comment.jpg", "broken-exif-offset.jpg",
        ] + (1...8).map { "orientation-\($0).jpg" }
}

@Suite struct MetadataReadTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var orientation: Int
        var hasLocation: Bool
        var hasEXIF: Bool
        var hasXMP: Bool
        var iccSize: Int?
        var testDescription: String { file }
    }

    static let expectations: [Expectation] =
        [
            Expectation(
                file: "gps-exif-big-endian.jpg", orientation: 6, hasLocation: true, hasEXIF: true, hasXMP: false),
            Expectation(
                file: "gps-exif-little-endian.jpg", orientation: 3, hasLocation: true, hasEXIF: true,
                hasXMP: false),
            Expectation(file: "gps-xmp-element.jpg", orientation: 1, hasLocation: true, hasEXIF: false, hasXMP: true),
            Expectation(file: "gps-xmp-attribute.jpg", orientation: 1, hasLocation: true, hasEXIF: false, hasXMP: true),
            Expectation(
                file: "icc-two-chunks.jpg", orientation: 1, hasLocation: true, hasEXIF: true, hasXMP: false,
                iccSize: 70_532),
            Expectation(file: "iptc-comment.jpg", orientation: 1, hasLocation: true, hasEXIF: true, hasXMP: false),
            Expectation(
                file: "broken-exif-offset.jpg", orientation: 1, hasLocation: false, hasEXIF: true,
                hasXMP: false),
        ]
        + (1...8).map {
            Expectation(
                file: "orientation-\($0).jpg", orientation: $0, hasLocation: false, hasEXIF: true, hasXMP: false)
        }

    @Test(arguments: expectations)
    func readsFixture(_ expected: Expectation) throws {
        let metadata = try JPEGMetadata.read(try MetadataFixture.bytes(expected.file))
        #expect(metadata.orientation == expected.orientation)
        #expect(metadata.hasLocation == expected.hasLocation)
        #expect((metadata.exif != nil) == expected.hasEXIF)
        #expect((metadata.xmp != nil) == expected.hasXMP)
        #expect(metadata.iccProfile?.count == expected.iccSize)
        if let exif = metadata.exif {
            #expect(exif.starts(with: Array("MM\0*".utf8)) || exif.starts(with: Array("II*\0".utf8)))
        }
        if let xmp = metadata.xmp { #expect(String(decoding: xmp, as: UTF8.self).contains("x:xmpmeta")) }
    }

    @Test func iccProfileMatchesExiftool() throws {
        let path = MetadataFixture.folder.appendingPathComponent("icc-two-chunks.jpg").path
        let metadata = try JPEGMetadata.read(try MetadataFixture.bytes("icc-two-chunks.jpg"))
        guard ExternalTool.enabled("exiftool"),
            let profile = ExternalTool.run("exiftool", ["-b", "-icc_profile", path])
        else { return }
        #expect(metadata.iccProfile == profile)
    }

    @Test(arguments: [
        ("not a JPEG file (it does not start with an SOI marker)", [UInt8]([0x89, 0x50, 0x4E, 0x47])),
        ("JPEG segment FFE0 at byte 2 runs past the end of the file", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A]),
        ("JPEG segment FFE1 at byte 2 has an invalid length 1", [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01]),
        ("JPEG file ends before its first scan (EOI before SOS)", [0xFF, 0xD8, 0xFF, 0xD9]),
        ("JPEG file ends before its first scan (no SOS marker)", [0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x02]),
    ])
    func rejectsDamagedStructure(message: String, bytes: [UInt8]) {
        #expect(throws: ImageError(.malformed, message)) { try JPEGMetadata.read(bytes) }
        #expect(throws: ImageError(.malformed, message)) {
            try JPEGMetadata.rewrite(bytes, keeping: .cameraFacts)
        }
    }

    @Test func skipsFillAndStrayBytesBetweenSegments() throws {
        let original = try MetadataFixture.bytes("orientation-6.jpg")
        // SOI, then stray bytes and fill bytes before the first segment's marker.
        let padded = Array(original[0..<2]) + [0x00, 0x12, 0xFF, 0xFF, 0xFF] + Array(original[2...])
        let metadata = try JPEGMetadata.read(padded)
        #expect(metadata.orientation == 6)
        let rewritten = try JPEGMetadata.rewrite(padded, keeping: .cameraFacts)
        #expect(rewritten == (try JPEGMetadata.rewrite(original, keeping: .cameraFacts)))
    }

    @Test func iccChunksOutOfOrderAreJoinedBySequence() throws {
        let profile = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let encoded = JPEGEncoder.encode(PixelImage(width: 8, height: 8, format: .gray), iccProfile: profile)
        let layout = try JPEGSegment.layout(of: encoded)
        let chunks = layout.segments.filter { $0.marker == 0xE2 }
        #expect(chunks.count == 3)
        var swapped = Array(encoded[0..<chunks[0].start - 4])
        for chunk in [chunks[2], chunks[0], chunks[1]] { swapped += encoded[chunk.start - 4..<chunk.end] }
        swapped += encoded[chunks[2].end...]
        #expect(try JPEGMetadata.read(swapped).iccProfile == profile)
        // A chunk missing: no profile rather than a wrong one.
        let missing = Array(encoded[0..<chunks[1].start - 4]) + Array(encoded[chunks[1].end...])
        #expect(try JPEGMetadata.read(missing).iccProfile == nil)
    }
}
