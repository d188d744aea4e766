import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

@Suite struct PNGEncoderTests {
    static func image(_ format: PixelFormat, width: Int = 37, height: Int = 23, photo: Bool = true) -> PixelImage {
        var generator = SeededGenerator(seed: UInt64(format.channels))
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<format.channels {
                    // A gradient with noise (photo-like) or flat bands (graphic-like).
                    let base = photo ? (x * 5 + y * 3 + channel * 40) : (x / 8 * 60 + channel * 90)
                    let noise = photo ? Int.random(in: -6...6, using: &generator) : 0
                    pixels.append(UInt8(truncatingIfNeeded: base + noise))
                }
            }
        }
        return PixelImage(width: width, height: height, format: format, pixels: pixels)
    }

    @Test(arguments: PixelFormat.allCases)
    func roundTripsThroughOurDecoder(format: PixelFormat) throws {
        for (width, height, photo) in [(37, 23, true), (1, 1, true), (300, 7, false), (5, 200, true)] {
            let original = Self.image(format, width: width, height: height, photo: photo)
            let decoded = try PNGDecoder.decode(PNGEncoder.encode(original))
            #expect(decoded.image == original)
            #expect(decoded.warnings == [])
            #expect(decoded.iccProfile == nil)
        }
    }

    @Test func writesTheProfile() throws {
        let profile = PNGFixtures.bytes("colour-info.icc")
        let bytes = PNGEncoder.encode(Self.image(.rgb), iccProfile: profile)
        #expect(try PNGDecoder.info(bytes).iccProfileName == "ICC profile")
        #expect(try PNGDecoder.decode(bytes).iccProfile == profile)
    }

    @Test func choosesFiltersPerRow() {
        // A gradient suits Sub in the first row; a row repeating the one above suits Up.
        var generator = SeededGenerator(seed: 3)
        let noise = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let rows = (0..<64).map { UInt8($0 * 3) } + noise + noise
        let filtered = PNGEncoder.filteredRows(PixelImage(width: 64, height: 3, format: .gray, pixels: rows))
        #expect([filtered[0], filtered[65], filtered[130]] == [1, 0, 2])
    }

    @Test(arguments: PixelFormat.allCases)
    func pillowReadsWhatWeWrite(format: PixelFormat) throws {
        try RequiredTool.require(Pillow.shared != nil, "python3 with Pillow is not installed")
        guard let pillow = Pillow.shared else { return }
        let original = Self.image(format)
        let decoded = try pillow.decode(PNGEncoder.encode(original, iccProfile: [1, 2, 3]))
        #expect(decoded.mode == ["L", "LA", "RGB", "RGBA"][format.channels - 1])
        #expect(decoded.pixels == original.pixels)
        #expect(decoded.iccProfile == [1, 2, 3])
    }
}

/// Pillow through `python3`, for checking our files against it. Missing, it skips the test on a
/// laptop and fails it when `CI` is set.
struct Pillow {
    static let shared: Pillow? = {
        let pillow = Pillow()
        if (try? pillow.run(["-c", "import PIL"])) != nil { return pillow }
        if RequiredTool.inCI {
            Issue.record("python3 with Pillow is required when CI is set")
        }
        return nil
    }()

    struct Decoded {
        var mode: String
        var pixels: [UInt8]
        var iccProfile: [UInt8]?
    }

    func decode(_ png: [UInt8]) throws -> Decoded {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.png")
        try Data(png).write(to: input)
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]); im.load()
            open(sys.argv[1] + ".raw", "wb").write(im.tobytes())
            open(sys.argv[1] + ".icc", "wb").write(im.info.get("icc_profile") or b"")
            print(im.mode)
            """
        let mode = try run(["-c", script, input.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        let icc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path + ".icc")))
        return Decoded(
            mode: mode, pixels: try [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path + ".raw"))),
            iccProfile: icc.isEmpty ? nil : icc)
    }

    struct Failure: Error { var output: String }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(output: output) }
        return output
    }
}
