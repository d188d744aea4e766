import Foundation
import Testing

@testable import AshlarImage

/// `PNGMetadata.publishable`: a published PNG copy keeps its pixels and the allowlisted
/// metadata byte for byte and loses everything else, every place among it.
@Suite struct PNGMetadataTests {
    /// The chunks of a PNG file, as (type, data).
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var position = 8
        while position + 12 <= bytes.count {
            let length = PNGStructure.bigEndian32(bytes, at: position)
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            result.append((type, Array(bytes[(position + 8)..<(position + 8 + length)])))
            position += 12 + length
        }
        return result
    }

    /// A 16 × 8 RGB PNG carrying the EXIF and XMP of the JPEG fixture `gpsFrom`, the XMP
    /// compressed when `compressXMP`, with a title, a raw-profile chunk and a private one.
    static func taggedPNG(gpsFrom fixture: String, compressXMP: Bool) throws -> [UInt8] {
        let metadata = try JPEGMetadata.read(try MetadataFixture.bytes(fixture))
        let pixels = (0..<(16 * 8 * 3)).map { UInt8($0 & 0xFF) }
        let plain = PNGEncoder.encode(PixelImage(width: 16, height: 8, format: .rgb, pixels: pixels))
        var file = ImageFormat.pngSignature
        for chunk in chunks(plain) {
            if chunk.type == "IDAT" {
                if let exif = metadata.exif { PNGEncoder.appendChunk("eXIf", exif, to: &file) }
                if let xmp = metadata.xmp {
                    let text = compressXMP ? Deflater.compress(zlib: xmp) : xmp
                    PNGEncoder.appendChunk(
                        "iTXt", Array("XML:com.adobe.xmp".utf8) + [0, compressXMP ? 1 : 0, 0, 0, 0] + text, to: &file)
                }
                PNGEncoder.appendChunk("tEXt", Array("Title".utf8) + [0] + Array("Harbour at dusk".utf8), to: &file)
                PNGEncoder.appendChunk(
                    "zTXt", Array("Raw profile type exif".utf8) + [0, 0] + Deflater.compress(zlib: Array("gps".utf8)),
                    to: &file)
                PNGEncoder.appendChunk("prVt", Array("lat 48.85".utf8), to: &file)
                // As ImageMagick's `convert in.jpg out.png` writes the EXIF.
                PNGEncoder.appendChunk(
                    "tEXt", Array("exif:GPSLatitude".utf8) + [0] + Array("48/1, 51/1, 0/1".utf8), to: &file)
            }
            PNGEncoder.appendChunk(chunk.type, chunk.data, to: &file)
        }
        return file
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var compressXMP: Bool
        var testDescription: String { "\(fixture)\(compressXMP ? ", compressed XMP" : "")" }
    }

    @Test(arguments: [
        Case(fixture: "gps-exif-big-endian.jpg", compressXMP: false),
        Case(fixture: "gps-exif-little-endian.jpg", compressXMP: true),
        Case(fixture: "gps-xmp-element.jpg", compressXMP: true),
        Case(fixture: "gps-xmp-attribute.jpg", compressXMP: false),
    ])
    func keepsPixelsAndTextAndDropsLocation(_ test: Case) throws {
        let original = try Self.taggedPNG(gpsFrom: test.fixture, compressXMP: test.compressXMP)
        let before = Self.chunks(original)
        let beforeEXIF = before.first { $0.type == "eXIf" }?.data
        try #require(try JPEGMetadata.read(try MetadataFixture.bytes(test.fixture)).hasLocation)

        let output = try PNGMetadata.publishable(original)
        #expect(LocationRecord.find(in: original).contains(test.fixture.hasPrefix("gps-exif") ? .exifGPS : .xmpGPS))
        #expect(LocationRecord.find(in: output) == [])
        let after = Self.chunks(output)
        #expect(try PNGDecoder.decode(output).image == PNGDecoder.decode(original).image)
        #expect(after.filter { $0.type == "IDAT" }.map(\.data) == before.filter { $0.type == "IDAT" }.map(\.data))
        #expect(after.map(\.type).contains("IEND"))
        #expect(
            after.contains { $0.type == "tEXt" && $0.data == Array("Title".utf8) + [0] + Array("Harbour at dusk".utf8) }
        )
        #expect(!after.contains { $0.type == "zTXt" || $0.type == "prVt" }, "not on the allowlist: dropped")
        #expect(LocationRecord.find(in: original).contains(.textGPS))
        #expect(after.filter { $0.type == "tEXt" }.count == 1, "only the title stays")
        if let exif = after.first(where: { $0.type == "eXIf" })?.data {
            #expect(!LocationRecord.inEXIF(exif), "the EXIF still records a place")
            #expect(exif == CameraEXIF.allowlisted(try #require(beforeEXIF), keepingOrientation: true))
        }
        #expect(!after.contains { $0.type == "iTXt" }, "XMP is not on the allowlist")
        #expect(try PNGMetadata.publishable(output) == output, "a published copy is left as it is")
    }

    /// Found by the `png-rewrite` fuzz target: a file cut short inside its only `IDAT` chunk,
    /// which the decoder accepts, lost that chunk and no longer read.
    @Test func aFileCutShortInItsImageDataKeepsWhatItHas() throws {
        let url = TestFiles.fuzzRegressions.appendingPathComponent("png-rewrite/truncated-image-data.png")
        let original = [UInt8](try Data(contentsOf: url))
        let output = try PNGMetadata.publishable(original)
        let before = try PNGStructure(original, headerOnly: false)
        let after = try PNGStructure(output, headerOnly: false)
        #expect(after.imageData.map { Array(output[$0]) } == before.imageData.map { Array(original[$0]) })
        #expect(output == original, "nothing in it to remove")
    }

    /// The `iTXt` reader the header reader and the rewrite share.
    @Test func xmpChunksAreReadPlainOrCompressedAndDamageIsNamed() {
        let packet = Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8)
        let header = PNGMetadata.xmpKeyword + [0]
        typealias Problem = PNGMetadata.XMPChunkProblem
        let cases: [([UInt8], Result<[UInt8], Problem>)] = [
            (header + [0, 0, 0, 0] + packet, .success(packet)),
            (header + [1, 0] + Array("en".utf8) + [0, 0] + Deflater.compress(zlib: packet), .success(packet)),
            (Array("Title".utf8) + [0, 0, 0, 0, 0] + packet, .failure(.otherKeyword)),
            (header + [0, 0, 0], .failure(.damaged)),
            (header + [0], .failure(.damaged)),
            (header + [0, 1, 0, 0] + packet, .failure(.damaged)),
        ]
        for (data, expected) in cases {
            #expect(PNGMetadata.xmpPacket(fromITXt: data) == expected)
        }
        guard case .failure(.cannotInflate) = PNGMetadata.xmpPacket(fromITXt: header + [1, 0, 0, 0] + packet) else {
            Issue.record("a compressed flag over plain text inflated")
            return
        }
    }

    @Test func damagedFilesAreRefused() throws {
        var file = try Self.taggedPNG(gpsFrom: "gps-exif-big-endian.jpg", compressXMP: false)
        file[40] ^= 0xFF
        #expect(throws: ImageError.self) { try PNGMetadata.publishable(file) }
        #expect(throws: ImageError.self) { try PNGMetadata.publishable(Array("not a png".utf8)) }
    }
}
