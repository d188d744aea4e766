import Foundation
import Testing

@testable import AshlarImage

/// The encoder against libjpeg-turbo and Pillow: the same entropy-coded bytes as `cjpeg`, and
/// files both decoders read back close to the input.
@Suite struct JPEGEncoderReferenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var width: Int
        var height: Int
        var format: PixelFormat
        var quality: Int
        var subsampling: ChromaSubsampling
        var testDescription: String { "\(width)×\(height) \(format) q\(quality) \(subsampling)" }
    }

    static let cases = [
        Case(width: 1, height: 1, format: .rgb, quality: 85, subsampling: .s420),
        Case(width: 17, height: 9, format: .rgb, quality: 1, subsampling: .s420),
        Case(width: 17, height: 9, format: .rgb, quality: 100, subsampling: .s444),
        Case(width: 33, height: 31, format: .gray, quality: 50, subsampling: .s420),
        Case(width: 31, height: 17, format: .gray, quality: 100, subsampling: .s444),
        Case(width: 64, height: 48, format: .rgb, quality: 90, subsampling: .s420),
        Case(width: 63, height: 47, format: .rgb, quality: 50, subsampling: .s420),
        Case(width: 100, height: 75, format: .rgb, quality: 85, subsampling: .s444),
    ]

    /// The image as a binary PPM or PGM, what cjpeg reads.
    static func netpbm(_ image: PixelImage) -> [UInt8] {
        Array("P\(image.format == .gray ? 5 : 6)\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels
    }

    /// The samples of a binary PPM or PGM, as djpeg writes it.
    static func samples(ofNetpbm bytes: [UInt8]) -> [UInt8]? {
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        return index < bytes.count ? Array(bytes[(index + 1)...]) : nil
    }

    /// From the first SOS marker to the end: what differs only if the coding differs.
    static func scan(_ file: [UInt8]) throws -> ArraySlice<UInt8> {
        file[try JPEGSegment.layout(of: file).scan]
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / Double(a.count)))
    }

    @Test(.enabled(if: ExternalTool.enabled("cjpeg")), arguments: cases)
    func scanDataMatchesCjpeg(_ testCase: Case) throws {
        let image = TestPicture.make(width: testCase.width, height: testCase.height, format: testCase.format)
        let ours = JPEGEncoder.encode(
            image, quality: testCase.quality, subsampling: testCase.subsampling, settings: .libjpeg)
        let input = ExternalTool.temporaryFile(Self.netpbm(image), named: "input.pnm")
        var arguments = ["-baseline", "-optimize", "-quality", "\(testCase.quality)"]
        if testCase.subsampling == .s444 { arguments += ["-sample", "1x1"] }
        guard let reference = ExternalTool.run("cjpeg", arguments + [input]) else { return }
        #expect(try Self.scan(ours) == Self.scan(reference))
    }

    /// Today's encoder and libjpeg's choices, at the two qualities.
    static let decodeCases: [(JPEGEncoderSettings, Int, Double)] = [
        (.perceptual, 90, 40), (.perceptual, 50, 30), (.libjpeg, 90, 40), (.libjpeg, 50, 30),
    ]

    @Test(.enabled(if: ExternalTool.enabled("djpeg")), arguments: decodeCases)
    func djpegDecodesCloseToInput(settings: JPEGEncoderSettings, quality: Int, minimumPSNR: Double) throws {
        for subsampling in ChromaSubsampling.allCases {
            let image = TestPicture.make(width: 96, height: 64, format: .rgb)
            let file = JPEGEncoder.encode(image, quality: quality, subsampling: subsampling, settings: settings)
            let path = ExternalTool.temporaryFile(file, named: "encoded.jpg")
            guard let decoded = ExternalTool.run("djpeg", ["-pnm", path]) else { return }
            let samples = try #require(Self.samples(ofNetpbm: decoded))
            #expect(samples.count == image.pixels.count)
            #expect(Self.psnr(samples, image.pixels) >= minimumPSNR, "\(subsampling)")
        }
    }

    @Test(.enabled(if: ExternalTool.enabled("python3")), arguments: decodeCases)
    func pillowDecodesCloseToInput(settings: JPEGEncoderSettings, quality: Int, minimumPSNR: Double) throws {
        let script =
            "import sys; from PIL import Image; im = Image.open(sys.argv[1]); im.load(); "
            + "sys.stdout.buffer.write(im.mode.encode() + b'\\n' + im.tobytes())"
        for format in [PixelFormat.rgb, .gray] {
            let image = TestPicture.make(width: 75, height: 41, format: format)
            let path = ExternalTool.temporaryFile(
                JPEGEncoder.encode(image, quality: quality, settings: settings), named: "encoded.jpg")
            guard let decoded = ExternalTool.run("python3", ["-c", script, path]) else { return }
            let newline = try #require(decoded.firstIndex(of: 0x0A))
            #expect(String(decoding: decoded[..<newline], as: UTF8.self) == (format == .gray ? "L" : "RGB"))
            let samples = Array(decoded[(newline + 1)...])
            #expect(samples.count == image.pixels.count)
            #expect(Self.psnr(samples, image.pixels) >= minimumPSNR, "\(format)")
        }
    }

    @Test(.enabled(if: ExternalTool.enabled("exiftool")))
    func exiftoolReadsTheSameICCProfile() {
        let profile = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ $0 >> 10) }
        let file = JPEGEncoder.encode(TestPicture.make(width: 20, height: 20, format: .rgb), iccProfile: profile)
        let path = ExternalTool.temporaryFile(file, named: "profiled.jpg")
        #expect(ExternalTool.run("exiftool", ["-b", "-icc_profile", path]) == profile)
    }

    /// jpegtran rewrites the same coefficients: with the standard tables the file grows, with its
    /// own optimisation (the same T.81 K.2 procedure) the scan comes out byte for byte the same.
    @Test(.enabled(if: ExternalTool.enabled("jpegtran")), arguments: [20, 85, 100])
    func optimisedTablesBeatStandardTables(quality: Int) throws {
        let file = JPEGEncoder.encode(
            TestPicture.make(width: 160, height: 120, format: .rgb), quality: quality, settings: .libjpeg)
        let path = ExternalTool.temporaryFile(file, named: "encoded.jpg")
        guard let standard = ExternalTool.run("jpegtran", ["-copy", "all", path]),
            let optimised = ExternalTool.run("jpegtran", ["-copy", "all", "-optimize", path])
        else { return }
        #expect(try Self.scan(standard).count > Self.scan(file).count)
        #expect(try Self.scan(optimised) == Self.scan(file))
    }
}
