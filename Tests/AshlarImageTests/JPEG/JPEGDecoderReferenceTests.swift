import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// Every fixture at every scale against `djpeg -dct int -scale 1/N` (libjpeg-turbo), run at test
/// time. Without djpeg each case is reported as skipped, unless `CI` is set, when it fails.
@Suite(.tags(.referenceTools)) struct JPEGDecoderReferenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        /// Lowest PSNR (dB) accepted at each scale; nil means the output must be identical.
        var minimumPSNR: Double?
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "s444.jpg"), Case(file: "s422.jpg"), Case(file: "s420.jpg"), Case(file: "s440.jpg"),
        Case(file: "s411.jpg"), Case(file: "small-420.jpg"), Case(file: "small-444.jpg"), Case(file: "gray.jpg"),
        Case(file: "restart-420.jpg"), Case(file: "restart-444.jpg"), Case(file: "restart-gray.jpg"),
        Case(file: "progressive-420.jpg"), Case(file: "progressive-444-restart.jpg"),
        Case(file: "progressive-gray.jpg"), Case(file: "tiny-progressive-gray.jpg"),
        Case(file: "multiscan-422.jpg"), Case(file: "optimized-420.jpg"), Case(file: "adobe-rgb.jpg"),
        Case(file: "im-420.jpg"), Case(file: "cmyk.jpg"), Case(file: "ycck.jpg"),
        Case(file: "truncated-420.jpg"),
        // libjpeg smooths the blocks of a progressive image whose later scans are missing; we do not.
        Case(file: "truncated-progressive.jpg", minimumPSNR: 30),
    ]

    @Test(arguments: cases, JPEGScale.allCases)
    func matchesDjpeg(_ fixture: Case, scale: JPEGScale) throws {
        let djpeg = try RequiredTool.require(tool: "djpeg")
        let reference = try JPEGReference.djpeg(djpeg, JPEGReference.fixturePath(fixture.file), scale: scale)
        let decoded = try JPEGDecoder.decode(JPEGReference.fixture(fixture.file), scale: scale)
        #expect(decoded.image.width == reference.width)
        #expect(decoded.image.height == reference.height)
        #expect(decoded.image.format == reference.format)
        guard decoded.image.pixels.count == reference.pixels.count else { return }
        if let minimum = fixture.minimumPSNR {
            #expect(JPEGReference.psnr(decoded.image.pixels, reference.pixels) >= minimum)
        } else {
            #expect(JPEGReference.maxDifference(decoded.image.pixels, reference.pixels) == 0)
        }
    }
}

/// Fixture reading, djpeg runs and image comparison for the JPEG decoder tests.
enum JPEGReference {
    static func fixturePath(_ name: String) -> String {
        TestFiles.fixtures.appendingPathComponent("jpeg/\(name)").path
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixturePath(name))))
    }

    /// djpeg's (the executable at `tool`) decode of `path` as a PixelImage; throws when djpeg
    /// fails (exits other than 0, or 2 after a warning) or gives no binary PGM or PPM.
    static func djpeg(_ tool: String, _ path: String, scale: JPEGScale) throws -> PixelImage {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-dct", "int", "-scale", "1/\(scale.rawValue)", "-pnm", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        // libjpeg exits with 2 when it warned (a truncated file) and still writes the image.
        guard [0, 2].contains(process.terminationStatus), let image = parsePNM(data) else {
            throw RequiredTool.Missing(
                description: "djpeg gave no image for \(path) (exit \(process.terminationStatus), \(data.count) bytes)")
        }
        return image
    }

    /// A binary PGM (P5) or PPM (P6) with maxval 255.
    static func parsePNM(_ data: [UInt8]) -> PixelImage? {
        var fields: [Int] = []
        var i = 2
        guard data.count > 2, data[0] == UInt8(ascii: "P") else { return nil }
        let format: PixelFormat = data[1] == UInt8(ascii: "5") ? .gray : .rgb
        while fields.count < 3 && i < data.count {
            while i < data.count && (data[i] == 32 || data[i] == 10 || data[i] == 13 || data[i] == 9) { i += 1 }
            var value = 0
            while i < data.count, data[i] >= 48, data[i] <= 57 {
                value = value * 10 + Int(data[i] - 48)
                i += 1
            }
            fields.append(value)
        }
        i += 1
        let count = fields[0] * fields[1] * format.channels
        guard fields.count == 3, fields[0] > 0, fields[1] > 0, data.count >= i + count else { return nil }
        return PixelImage(width: fields[0], height: fields[1], format: format, pixels: Array(data[i..<(i + count)]))
    }

    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { $0 + pow(Double(Int($1.0) - Int($1.1)), 2) }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(a.count)))
    }
}
