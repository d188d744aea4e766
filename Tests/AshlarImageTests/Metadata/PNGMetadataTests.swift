import Foundation
import Testing

@testable import AshlarImage

/// `PNGMetadata.removingLocation`: a published PNG original keeps its pixels and harmless
/// metadata byte for byte and loses every place, wherever it was written.
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
        let beforeXMP = before.first { $0.type == "iTXt" }?.data
        try #require(try JPEGMetadata.read(try MetadataFixture.bytes(test.fixture)).hasLocation)

        let output = try PNGMetadata.removingLocation(original)
        #expect(LocationRecord.find(in: original).contains(test.fixture.hasPrefix("gps-exif") ? .exifGPS : .xmpGPS))
        #expect(LocationRecord.find(in: output) == [])
        let after = Self.chunks(output)
        #expect(try PNGDecoder.decode(output).image == PNGDecoder.decode(original).image)
        #expect(after.filter { $0.type == "IDAT" }.map(\.data) == before.filter { $0.type == "IDAT" }.map(\.data))
        #expect(after.map(\.type).contains("IEND"))
        #expect(
            after.contains { $0.type == "tEXt" && $0.data == Array("Title".utf8) + [0] + Array("Harbour at dusk".utf8) }
        )
        #expect(!after.contains { $0.type == "zTXt" || $0.type == "prVt" }, "unreadable for places: dropped")
        if let exif = after.first(where: { $0.type == "eXIf" })?.data {
            let located = LocationRecord.inEXIF(exif)
            #expect(!located, "the EXIF still records a place")
            #expect(exif.count == beforeEXIF?.count, "offsets kept")
        }
        let xmp = after.first { $0.type == "iTXt" }
        #expect((xmp != nil) == (beforeXMP != nil), "the XMP stays, stored uncompressed")
        if let xmp {
            let header = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0]
            #expect(Array(xmp.data.prefix(header.count)) == header)
            let located = LocationRecord.inXMP(Array(xmp.data.dropFirst(header.count)))
            #expect(!located, "the XMP still records a place")
        }
    }

    /// Found by the `png-rewrite` fuzz target: a file cut short inside its only `IDAT` chunk,
    /// which the decoder accepts, lost that chunk and no longer read.
    @Test func aFileCutShortInItsImageDataKeepsWhatItHas() throws {
        let url = TestFiles.fuzzRegressions.appendingPathComponent("png-rewrite/truncated-image-data.png")
        let original = [UInt8](try Data(contentsOf: url))
        let output = try PNGMetadata.removingLocation(original)
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
        #expect(throws: ImageError.self) { try PNGMetadata.removingLocation(file) }
        #expect(throws: ImageError.self) { try PNGMetadata.removingLocation(Array("not a png".utf8)) }
    }
}
