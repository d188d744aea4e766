import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The resampler against Pillow's `resize(LANCZOS)`, the same filter with 22-bit weights and 8-bit
/// samples between its passes, on a crop of a real photo. Needs `python3` with Pillow: skipped
/// without it, failed without it when `CI` is set.
@Suite struct ResamplerPillowTests {
    static let fixtures = TestFiles.fixtures.appendingPathComponent("resize")

    static let pillowAvailable: Bool = (try? runPython("import PIL")) != nil

    static let required = RequiredTool.runs(whenInstalled: pillowAvailable)

    @Test(.enabled(if: required), arguments: [(80, 60), (53, 40), (17, 11), (159, 119), (240, 180), (160, 33)])
    func closeToPillowLanczos(width: Int, height: Int) throws {
        try RequiredTool.require(Self.pillowAvailable, "python3 with Pillow is not installed")
        let crop = Self.fixtures.appendingPathComponent("photo-crop.ppm").path
        let image = try #require(Self.readPPM([UInt8](try Data(contentsOf: URL(fileURLWithPath: crop)))))
        let reference = try #require(
            Self.readPPM(
                try Self.runPython(
                    """
                    import sys
                    from PIL import Image
                    sys.stdout.buffer.write(b'P6 %d %d 255\\n' % (\(width), \(height)))
                    resized = Image.open('\(crop)').resize((\(width), \(height)), Image.LANCZOS)
                    sys.stdout.buffer.write(resized.tobytes())
                    """)))
        let ours = Resampler.resize(image, width: width, height: height)
        let differences = zip(ours.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 0.5, "mean difference \(mean)")
        #expect(differences.max() ?? 0 <= 3, "largest difference \(differences.max() ?? 0)")
    }

    static func runPython(_ script: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return [UInt8](data)
    }

    /// A binary PPM with single-space separators and no comments (what Pillow and our script write).
    static func readPPM(_ bytes: [UInt8]) -> PixelImage? {
        var fields: [Int] = []
        var index = 2
        var current = -1
        while fields.count < 3 && index < bytes.count {
            let byte = bytes[index]
            if byte >= 48 && byte <= 57 {
                current = max(current, 0) * 10 + Int(byte - 48)
            } else if current >= 0 {
                fields.append(current)
                current = -1
            }
            index += 1
        }
        guard bytes.starts(with: Array("P6".utf8)), fields.count == 3, fields[0] > 0, fields[1] > 0,
            bytes.count - index == fields[0] * fields[1] * 3
        else { return nil }
        return PixelImage(width: fields[0], height: fields[1], format: .rgb, pixels: Array(bytes[index...]))
    }
}
