import Foundation
import Testing

@testable import AshlarImage

@Suite struct ImageWarningTests {
    struct Kind: Sendable, CustomTestStringConvertible {
        var warning: ImageWarning
        var message: String
        var isDamage: Bool
        var testDescription: String { "\(message): \(isDamage ? "damage" : "not damage")" }
    }

    @Test(arguments: [
        Kind(
            warning: .corruptEntropyData(badCodes: 3, scan: nil), message: "JPEG data is corrupt: 3 bad Huffman codes",
            isDamage: true),
        Kind(
            warning: .corruptEntropyData(badCodes: 1, scan: 4),
            message: "JPEG data is corrupt: 1 bad Huffman codes in scan 4", isDamage: true),
        Kind(
            warning: .missingRestartMarkers(count: 2, scan: nil),
            message: "JPEG data is corrupt: 2 restart markers are missing", isDamage: true),
        Kind(
            warning: .missingRestartMarkers(count: 2, scan: 3),
            message: "JPEG data is corrupt: 2 restart markers are missing in scan 3", isDamage: true),
        Kind(
            warning: .missingRows(first: 17, height: 45), message: "JPEG data ends early: rows 17–45 of 45 are missing",
            isDamage: true),
        Kind(
            warning: .incompleteScan(6), message: "JPEG data ends early: scan 6 is incomplete, so detail is missing",
            isDamage: true),
        Kind(
            warning: .damagedAfterScan(2, reason: "JPEG has a bad marker"),
            message: "JPEG data is damaged after scan 2: JPEG has a bad marker", isDamage: true),
        Kind(warning: .fileEndsInsideChunk("IDAT"), message: "file ends inside the 'IDAT' chunk", isDamage: true),
        Kind(warning: .imageDataEndsEarly, message: "image data ends before the last row", isDamage: true),
        Kind(warning: .truncatedImageData, message: "image data is truncated", isDamage: true),
        Kind(
            warning: .corruptImageData(reason: "bad block type", beforeLastRow: true),
            message: "image data is damaged: bad block type", isDamage: true),
        Kind(
            warning: .corruptImageData(reason: "zlib checksum does not match", beforeLastRow: false),
            message: "zlib checksum does not match", isDamage: true),
        Kind(warning: .unknownFilter(row: 5, type: 9), message: "row 5 has unknown filter type 9", isDamage: true),
        Kind(warning: .fileEndsInsideChunk(nil), message: "file ends inside a chunk header", isDamage: false),
        Kind(warning: .fileEndsInsideChunk("tEXt"), message: "file ends inside the 'tEXt' chunk", isDamage: false),
        Kind(warning: .excessImageData, message: "image data is longer than the image needs", isDamage: false),
        Kind(warning: .missingIEND, message: "file has no 'IEND' chunk", isDamage: false),
        Kind(
            warning: .chunkIgnored("tRNS", .outOfPlace), message: "'tRNS' chunk out of place is ignored",
            isDamage: false),
        Kind(warning: .chunkIgnored("tRNS", .invalid), message: "invalid 'tRNS' chunk is ignored", isDamage: false),
        Kind(
            warning: .chunkIgnored("iCCP", .outOfPlace), message: "'iCCP' chunk out of place is ignored",
            isDamage: false),
        Kind(warning: .chunkIgnored("iCCP", .invalid), message: "invalid 'iCCP' chunk is ignored", isDamage: false),
        Kind(
            warning: .iccProfileIgnored(.missingChunk(2, of: 3)),
            message: "ICC profile chunk 2 of 3 is missing; the profile is ignored", isDamage: false),
        Kind(
            warning: .iccProfileIgnored(.inconsistentNumbering),
            message: "ICC profile chunks are numbered inconsistently; the profile is ignored", isDamage: false),
        Kind(
            warning: .iccProfileIgnored(.undecodable(reason: "zlib data is truncated")),
            message: "'iCCP' chunk is ignored: zlib data is truncated", isDamage: false),
        Kind(
            warning: .iccProfileIgnored(.wrongColourSpace("CMYK")),
            message: "the image carries a CMYK profile; renditions are written without it", isDamage: false),
        Kind(
            warning: .iccProfileIgnored(.wrongColourSpace(nil)),
            message: "the image carries a damaged profile; renditions are written without it", isDamage: false),
        Kind(
            warning: .iccProfileIgnored(.tooLarge(limit: 512 << 10)),
            message: "the ICC profile is larger than 512 KiB; renditions are written without it", isDamage: false),
    ])
    func messageAndDamage(_ kind: Kind) {
        #expect(kind.warning.description == kind.message)
        #expect(kind.warning.isDamage == kind.isDamage)
        let decoded = DecodedImage(image: PixelImage(width: 1, height: 1, format: .gray), warnings: [kind.warning])
        #expect(decoded.isDamaged == kind.isDamage)
    }

    /// A PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = CRC32.checksum(typeAndData)
        let count = UInt32(data.count)
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) } + typeAndData
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
    }

    /// `rgb8.png` with `chunks` after its image data, before `IEND`, or with no `IEND`.
    static func rgbPNG(after chunks: [[UInt8]] = [], iend: Bool = true) -> [UInt8] {
        let bytes = PNGFixtures.png("rgb8")
        let body = Array(bytes.dropLast(12))
        return body + chunks.joined() + (iend ? Array(bytes.suffix(12)) : [])
    }

    struct Harmless: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var warnings: [ImageWarning]
        var testDescription: String { name }
    }

    static let harmless: [Harmless] = [
        Harmless(name: "PNG without IEND", bytes: rgbPNG(iend: false), warnings: [.missingIEND]),
        Harmless(
            name: "PNG with tRNS after its image data", bytes: rgbPNG(after: [chunk("tRNS", [0, 1, 0, 2, 0, 3])]),
            warnings: [.chunkIgnored("tRNS", .outOfPlace)]),
        Harmless(
            name: "PNG with iCCP after its image data", bytes: rgbPNG(after: [chunk("iCCP", Array("p\0\0".utf8))]),
            warnings: [.chunkIgnored("iCCP", .outOfPlace)]),
        Harmless(
            name: "PNG cut inside a chunk after its image data",
            bytes: Array(
                rgbPNG(after: [chunk("tEXt", Array("Title\0A long enough title".utf8))], iend: false).dropLast(6)),
            warnings: [.fileEndsInsideChunk("tEXt")]),
        Harmless(
            name: "JPEG with a missing ICC chunk",
            bytes: (try? JPEGDecoderTests.withICC([(1, 3, [1, 2, 3]), (3, 3, [7])])) ?? [],
            warnings: [.iccProfileIgnored(.missingChunk(2, of: 3))]),
        Harmless(
            name: "JPEG with ICC chunks numbered twice",
            bytes: (try? JPEGDecoderTests.withICC([(1, 2, [1, 2, 3]), (1, 2, [7])])) ?? [],
            warnings: [.iccProfileIgnored(.inconsistentNumbering)]),
    ]

    /// Warnings about the file around the pixels leave the pixels whole, so the photo gets its
    /// renditions, with the warnings.
    @Test(arguments: harmless)
    func harmlessWarningsStillGiveRenditions(_ file: Harmless) throws {
        let set = try Renditions.make(from: file.bytes, widths: [8, 4], quality: 85)
        #expect(set.warnings == file.warnings)
        #expect(!set.isDamaged)
        #expect(set.renditions.map(\.width) == [8, 4])
    }

    @Test func harmlessWarningsLeaveThePixelsOfTheCleanFile() throws {
        let clean = try PNGDecoder.decode(PNGFixtures.png("rgb8"))
        #expect(clean.warnings.isEmpty)
        for file in Self.harmless where file.bytes.starts(with: ImageFormat.pngSignature) {
            let decoded = try PNGDecoder.decode(file.bytes)
            #expect(decoded.image == clean.image, "\(file.name)")
            #expect(!decoded.isDamaged, "\(file.name)")
        }
    }

    @Test(arguments: ["jpeg/truncated-420.jpg", "jpeg/truncated-progressive.jpg", "png/truncated-idat.png"])
    func damagedFilesAreDamaged(_ name: String) throws {
        let url = TestFiles.fixtures.appendingPathComponent(name)
        let set = try Renditions.make(from: [UInt8](try Data(contentsOf: url)), widths: [8], quality: 85)
        #expect(set.isDamaged)
        #expect(set.warnings.contains { $0.isDamage })
    }

    /// An embedded ICC profile past `ImageLimits.maxICCProfileBytes` is ignored with a warning:
    /// a PNG's `iCCP` stops inflating at the limit (a 1 KB chunk can inflate to 1 GiB), and no
    /// rendition carries the profile. Within the limit it is kept.
    @Test(arguments: [false, true])
    func anOversizedICCProfileIsIgnored(png: Bool) throws {
        let limits = ImageLimits(maxICCProfileBytes: 4096)
        // An RGB display profile's header, then zeros up to the size.
        func profile(size: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: size)
            bytes.replaceSubrange(12..<20, with: Array("mntrRGB ".utf8))
            bytes.replaceSubrange(36..<40, with: Array("acsp".utf8))
            return bytes
        }
        let pixels = PixelImage(
            width: 64, height: 48, format: .rgb, pixels: [UInt8](repeating: 128, count: 64 * 48 * 3))
        for (size, kept) in [(4096, true), (64 << 10, false)] {
            let file =
                png
                ? PNGEncoder.encode(pixels, iccProfile: profile(size: size))
                : JPEGEncoder.encode(pixels, quality: 80, iccProfile: profile(size: size))
            let set = try Renditions.make(from: file, widths: [32], quality: 80, limits: limits)
            let warned = set.warnings.contains(.iccProfileIgnored(.tooLarge(limit: 4096)))
            #expect(warned != kept, "\(size) bytes")
            let rendition = try #require(set.renditions.first)
            let carried =
                rendition.format.imageFormat == .png
                ? try PNGDecoder.decode(rendition.bytes).iccProfile : try JPEGMetadata.read(rendition.bytes).iccProfile
            #expect((carried != nil) == kept, "\(size) bytes")
        }
    }
}
