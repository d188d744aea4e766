import Foundation
import Testing

@testable import AshlarImage

@Suite struct JPEGDecoderTests {
    struct InfoCase: CustomTestStringConvertible, Sendable {
        var file: String
        var info: JPEGInfo
        var testDescription: String { file }
    }

    static let infoCases: [InfoCase] = [
        InfoCase(
            file: "s420.jpg",
            info: JPEGInfo(
                width: 67, height: 45, components: 3, isProgressive: false,
                samplingFactors: [
                    .init(horizontal: 2, vertical: 2),
                    .init(horizontal: 1, vertical: 1),
                    .init(horizontal: 1, vertical: 1),
                ])),
        InfoCase(
            file: "gray.jpg",
            info: JPEGInfo(
                width: 67, height: 45, components: 1, isProgressive: false,
                samplingFactors: [.init(horizontal: 1, vertical: 1)])),
        InfoCase(
            file: "progressive-444-restart.jpg",
            info: JPEGInfo(
                width: 33, height: 17, components: 3, isProgressive: true,
                samplingFactors: Array(repeating: .init(horizontal: 1, vertical: 1), count: 3))),
        InfoCase(
            file: "cmyk.jpg",
            info: JPEGInfo(
                width: 67, height: 45, components: 4, isProgressive: false,
                samplingFactors: Array(
                    repeating: .init(horizontal: 1, vertical: 1),
                    count: 4))),
    ]

    @Test(arguments: infoCases)
    func info(_ c: InfoCase) throws {
        #expect(try JPEGDecoder.info(JPEGReference.fixture(c.file)) == c.info)
    }

    @Test(arguments: [(JPEGScale.full, 67, 45), (.half, 34, 23), (.quarter, 17, 12), (.eighth, 9, 6)])
    func outputSizeIsCeilingOfScale(scale: JPEGScale, width: Int, height: Int) throws {
        let image = try JPEGDecoder.decode(JPEGReference.fixture("s420.jpg"), scale: scale).image
        #expect(image.width == width && image.height == height && image.format == .rgb)
        #expect(image.pixels.count == width * height * 3)
    }

    @Test(arguments: [
        // width, height, target width, target height, expected
        (6000, 4000, 1500, 1000, JPEGScale.quarter),
        (6000, 4000, 1501, 1000, .half),
        (6000, 4000, 750, 500, .eighth),
        (6000, 4000, 6000, 4000, .full),
        (6000, 4000, 7000, 100, .full),
        (33, 17, 5, 3, .eighth),
        (33, 17, 9, 5, .quarter),
    ])
    func largestReduction(width: Int, height: Int, targetWidth: Int, targetHeight: Int, expected: JPEGScale) {
        #expect(
            JPEGScale.largestReduction(
                width: width, height: height, covering: targetWidth,
                targetHeight: targetHeight) == expected)
    }

    @Test func grayscaleDecodesToGray() throws {
        let decoded = try JPEGDecoder.decode(JPEGReference.fixture("gray.jpg"))
        #expect(decoded.image.format == .gray)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.iccProfile == nil)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: @Sendable () throws -> [UInt8]
        var kind: ImageError.Kind
        var message: String
        var testDescription: String { name }
    }

    /// s420.jpg with its frame marker replaced (C0 → `marker`) or its frame bytes patched.
    static func patchedFrame(marker: UInt8? = nil, _ patch: (inout [UInt8], Int) -> Void = { _, _ in }) throws
        -> [UInt8]
    {
        var bytes = try JPEGReference.fixture("s420.jpg")
        let sof = try #require(JPEGDecoderTests.markerOffset(0xC0, in: bytes))
        if let marker { bytes[sof + 1] = marker }
        patch(&bytes, sof + 4)
        return bytes
    }

    static func markerOffset(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            name: "arithmetic (cjpeg -arithmetic)", bytes: { try JPEGReference.fixture("arithmetic.jpg") },
            kind: .unsupported, message: "JPEG uses arithmetic coding, which is not supported"),
        ErrorCase(
            name: "lossless SOF3", bytes: { try patchedFrame(marker: 0xC3) },
            kind: .unsupported, message: "JPEG uses lossless coding, which is not supported"),
        ErrorCase(
            name: "lossless arithmetic SOF11", bytes: { try patchedFrame(marker: 0xCB) },
            kind: .unsupported, message: "JPEG uses arithmetic coding, which is not supported"),
        ErrorCase(
            name: "hierarchical SOF5", bytes: { try patchedFrame(marker: 0xC5) },
            kind: .unsupported, message: "JPEG uses hierarchical coding, which is not supported"),
        ErrorCase(
            name: "hierarchical arithmetic SOF13", bytes: { try patchedFrame(marker: 0xCD) },
            kind: .unsupported, message: "JPEG uses hierarchical coding, which is not supported"),
        ErrorCase(
            name: "12-bit SOF1", bytes: { try patchedFrame(marker: 0xC1) { b, at in b[at] = 12 } },
            kind: .unsupported, message: "JPEG has 12-bit samples, which are not supported"),
        ErrorCase(
            name: "height in DNL",
            bytes: {
                try patchedFrame { b, at in
                    b[at + 1] = 0
                    b[at + 2] = 0
                }
            },
            kind: .unsupported, message: "JPEG sets its height in a DNL marker, which is not supported"),
        ErrorCase(
            name: "two components", bytes: { try patchedFrame { b, at in b[at + 5] = 2 } },
            kind: .unsupported, message: "JPEG has 2 colour components; only 1, 3 and 4 are supported"),
        ErrorCase(
            name: "65535 × 65535 in a small file",
            bytes: { try patchedFrame { b, at in for i in 1...4 { b[at + i] = 0xFF } } },
            kind: .tooLarge, message: "JPEG is 65535 × 65535 pixels, over the limit of 300000000"),
        ErrorCase(
            name: "not a JPEG", bytes: { Array("GIF89a".utf8) },
            kind: .malformed, message: "not a JPEG file (no start-of-image marker)"),
        ErrorCase(
            name: "empty", bytes: { [] },
            kind: .malformed, message: "not a JPEG file (no start-of-image marker)"),
        ErrorCase(
            name: "ends in headers", bytes: { Array(try JPEGReference.fixture("s420.jpg").prefix(300)) },
            kind: .malformed, message: "JPEG ends inside its headers"),
        ErrorCase(
            name: "no frame", bytes: { [0xFF, 0xD8, 0xFF, 0xD9] },
            kind: .malformed, message: "JPEG ends before its frame header"),
        ErrorCase(
            name: "fractional sampling ratio",
            bytes: {
                try patchedFrame { b, at in
                    b[at + 7] = 0x31
                    b[at + 10] = 0x21
                }
            },
            kind: .unsupported, message: "JPEG sampling factors 3×1, 2×1, 1×1 are not supported"),
        // A fuzz finding (the first component's strip leaked when the last one was refused).
        ErrorCase(
            name: "fuzz: leak-unsupported-sampling-ratio",
            bytes: {
                let url = TestFiles.fuzzRegressions.appendingPathComponent(
                    "jpeg-decode/leak-unsupported-sampling-ratio.jpg")
                return Array([UInt8](try Data(contentsOf: url)).dropFirst())
            },
            kind: .unsupported, message: "JPEG sampling factors 4×1, 1×1, 3×1 are not supported"),
        ErrorCase(
            name: "sampling factor 0", bytes: { try patchedFrame { b, at in b[at + 7] = 0x02 } },
            kind: .malformed, message: "JPEG component 1 has sampling factors 0×2"),
        ErrorCase(
            name: "quantization table 5", bytes: { try patchedFrame { b, at in b[at + 8] = 5 } },
            kind: .malformed, message: "JPEG component 1 uses quantization table 5"),
        ErrorCase(
            name: "undefined Huffman table",
            bytes: {
                var b = try JPEGReference.fixture("s420.jpg")
                let sos = try #require(markerOffset(0xDA, in: b))
                b[sos + 6] = 0x33
                return b
            },
            kind: .malformed, message: "JPEG scan uses DC Huffman table 3, which is not defined"),
    ]

    @Test(arguments: errorCases)
    func rejects(_ c: ErrorCase) throws {
        let bytes = try c.bytes()
        #expect(throws: ImageError(c.kind, c.message)) { try JPEGDecoder.decode(bytes) }
    }

    @Test func tooLargeIsCheckedAgainstTheLimit() throws {
        let bytes = try JPEGReference.fixture("s420.jpg")
        #expect(throws: ImageError(.tooLarge, "JPEG is 67 × 45 pixels, over the limit of 3000")) {
            try JPEGDecoder.decode(bytes, limits: ImageLimits(maxPixels: 3000))
        }
    }

    /// A progressive file followed by 1,100 more (DC refinement) scans.
    @Test func thousandsOfScansAreTooLarge() throws {
        var bytes = try JPEGReference.fixture("tiny-progressive-gray.jpg")
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        bytes.removeLast(2)
        let sof = try #require(Self.markerOffset(0xC2, in: bytes))
        let id = bytes[sof + 10]
        for _ in 0..<1100 { bytes += [0xFF, 0xDA, 0, 8, 1, id, 0, 0, 0, 0x10, 0x00] }
        bytes += [0xFF, 0xD9]
        #expect(throws: ImageError(.tooLarge, "JPEG has more than 1000 scans")) { try JPEGDecoder.decode(bytes) }
        let decoded = try JPEGDecoder.decode(bytes, limits: ImageLimits(maxScans: 2000))
        #expect(decoded.image.width == 8 && decoded.warnings.isEmpty)
    }

    @Test func truncatedBaselineGivesGreyRowsAndAWarning() throws {
        let decoded = try JPEGDecoder.decode(JPEGReference.fixture("truncated-420.jpg"))
        #expect(decoded.warnings == [.missingRows(first: 17, height: 45)])
        #expect(decoded.warnings.map(\.description) == ["JPEG data ends early: rows 17–45 of 45 are missing"])
        let image = decoded.image
        let lastRow = image.pixels[(44 * image.rowBytes)...]
        #expect(lastRow.allSatisfy { $0 == 128 })
        #expect(image.pixels[0..<(16 * image.rowBytes)].contains { $0 != 128 })
    }

    @Test func truncatedProgressiveGivesAnImageAndAWarning() throws {
        let decoded = try JPEGDecoder.decode(JPEGReference.fixture("truncated-progressive.jpg"), scale: .half)
        #expect(decoded.image.width == 34)
        #expect(decoded.warnings == [.incompleteScan(6)])
        #expect(
            decoded.warnings.map(\.description) == ["JPEG data ends early: scan 6 is incomplete, so detail is missing"])
    }

    @Test(arguments: [10, 200, 600, 1000, 1400])
    func everyPrefixDecodesOrFailsCleanly(length: Int) throws {
        let bytes = Array(try JPEGReference.fixture("restart-420.jpg").prefix(length))
        do {
            let decoded = try JPEGDecoder.decode(bytes)
            #expect(decoded.isDamaged)
        } catch {
            #expect(error.kind == .malformed)
        }
    }

    @Test func damagedRestartMarkersAreReported() throws {
        var bytes = try JPEGReference.fixture("restart-444.jpg")
        let sos = try #require(Self.markerOffset(0xDA, in: bytes))
        let rst = try #require((sos..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD3 })
        bytes[rst + 1] = 0x00
        let decoded = try JPEGDecoder.decode(bytes)
        #expect(decoded.warnings.contains { $0.description.hasPrefix("JPEG data is corrupt: ") })
        #expect(decoded.isDamaged)
    }

    /// s444.jpg with `chunks` APP2 ICC_PROFILE segments inserted after SOI.
    static func withICC(_ chunks: [(sequence: UInt8, count: UInt8, data: [UInt8])]) throws -> [UInt8] {
        let bytes = try JPEGReference.fixture("s444.jpg")
        var segments: [UInt8] = []
        for chunk in chunks {
            let payload = Array("ICC_PROFILE".utf8) + [0, chunk.sequence, chunk.count] + chunk.data
            segments += [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return Array(bytes[0..<2]) + segments + Array(bytes[2...])
    }

    @Test func iccChunksAreJoinedInSequenceOrder() throws {
        let bytes = try Self.withICC([(2, 3, [4, 5, 6]), (1, 3, [1, 2, 3]), (3, 3, [7])])
        let decoded = try JPEGDecoder.decode(bytes)
        #expect(decoded.iccProfile == [1, 2, 3, 4, 5, 6, 7])
        #expect(decoded.warnings.isEmpty)
    }

    @Test func missingICCChunkDropsTheProfileWithAWarning() throws {
        let decoded = try JPEGDecoder.decode(try Self.withICC([(1, 3, [1, 2, 3]), (3, 3, [7])]))
        #expect(decoded.iccProfile == nil)
        #expect(decoded.warnings == [.iccProfileIgnored(.missingChunk(2, of: 3))])
        #expect(decoded.warnings.map(\.description) == ["ICC profile chunk 2 of 3 is missing; the profile is ignored"])
        #expect(!decoded.isDamaged)
    }
}
