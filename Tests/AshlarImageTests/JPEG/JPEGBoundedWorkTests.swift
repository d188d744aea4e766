import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// A JPEG costs at most `ImageLimits.maxMemoryBytes` of memory and `maxScanBlocks` of decoding
/// work, refused before either is spent: by the decoder, by `Renditions.make` and by
/// `Renditions.check` alike.
@Suite struct JPEGBoundedWorkTests {
    /// Runs `body`, expecting it to throw `.tooLarge` with a message that `matches`, within a
    /// second (a decode that spends what the limit is about takes many).
    static func expectRefusedQuickly(
        _ what: String, matches: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(ImageError) -> Void
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try body()
            Issue.record("\(what) was not refused", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .tooLarge, "\(what): \(error)", sourceLocation: sourceLocation)
            #expect(matches(error.message), "\(what): \(error)", sourceLocation: sourceLocation)
        }
        #expect(clock.now - start < .seconds(1), "\(what) took \(clock.now - start)", sourceLocation: sourceLocation)
    }

    /// 144 bytes declaring a 17300 × 17300 progressive image, under `maxPixels`, whose first scan
    /// stops after 16 bytes: the decoder would store 1.8 GB of coefficients (6 bytes a pixel at
    /// 4:4:4, whatever the scale) and fill them in as damage.
    static let declaredHuge: [UInt8] = {
        let dc = FlatProgressiveJPEG.Scan(components: [0, 1, 2], start: 0, end: 0, high: 0, low: 0)
        return FlatProgressiveJPEG.header(width: 17_300, height: 17_300, components: 3)
            + FlatProgressiveJPEG.scanHeader(dc) + [UInt8](repeating: 0, count: 16) + [0xFF, 0xD9]
    }()

    @Test func aSmallFileDeclaringAHugeProgressiveImageIsRefusedBeforeItsCoefficients() throws {
        let bytes = Self.declaredHuge
        #expect(bytes.count < 1024)
        let decodesOver = { (message: String) in
            message.hasPrefix("JPEG needs ")
                && message.hasSuffix(" MiB of memory to decode, more than the limit of 1024 MiB")
        }
        Self.expectRefusedQuickly("decode", matches: decodesOver) { () throws(ImageError) in
            _ = try JPEGDecoder.decode(bytes)
        }
        Self.expectRefusedQuickly("decode at 1/8", matches: decodesOver) { () throws(ImageError) in
            _ = try JPEGDecoder.decode(bytes, scale: .eighth)
        }
        Self.expectRefusedQuickly("make", matches: decodesOver) { () throws(ImageError) in
            _ = try Renditions.make(from: bytes, widths: [1920, 480], quality: 82)
        }
        Self.expectRefusedQuickly("check", matches: decodesOver) { () throws(ImageError) in
            try Renditions.check(bytes)
        }
        Self.expectRefusedQuickly("memoryNeeded", matches: decodesOver) { () throws(ImageError) in
            _ = try Renditions.memoryNeeded(for: bytes, widths: [1920])
        }
        // Where the memory is allowed, the estimate counts every block's coefficients.
        let roomy = ImageLimits(maxMemoryBytes: 8 << 30)
        let coefficients = 3 * 2163 * 2163 * 64 * 2
        #expect(try Renditions.memoryNeeded(for: bytes, widths: [1920], limits: roomy) > coefficients)
    }

    /// The same picture twice: libjpeg's 10 scans (`jpegtran -progressive`, 4.7 decodes of each
    /// block), and 999 scans of one coefficient of one component each, a valid progression
    /// (`djpeg -strict` accepts the same script on a small image) that decodes each block 333
    /// times, 262 million blocks in 140 KB: it would take seconds, and is refused at once.
    @Test func aThousandScansOfALargeImageAreRefusedWhereTheUsualTenDecode() throws {
        let jpegtran = try RequiredTool.require(tool: "jpegtran")
        let djpeg = try RequiredTool.require(tool: "djpeg")
        let script = FlatProgressiveJPEG.singleCoefficientScript(count: 999)
        #expect(script.count == 999)

        let small = FlatProgressiveJPEG.make(width: 64, height: 48, scans: script)
        #expect(try Self.run(djpeg, ["-strict"], input: small).status == 0, "djpeg -strict refuses the script")
        let decodedSmall = try JPEGDecoder.decode(small)
        #expect(decodedSmall.warnings.isEmpty)
        #expect(decodedSmall.image.pixels.allSatisfy { $0 == 128 })

        let side = 4096
        let slow = FlatProgressiveJPEG.make(width: side, height: side, scans: script)
        #expect(slow.count < 200_000)
        #expect(try JPEGHeader.scanWork(slow) == (999, 1001 * 512 * 512))
        let overBlocks = { (message: String) in
            message.hasPrefix("JPEG's ") && message.contains("scans decode more than 225000000 blocks in all")
        }
        Self.expectRefusedQuickly("decode", matches: overBlocks) { () throws(ImageError) in
            _ = try JPEGDecoder.decode(slow, scale: .eighth)
        }
        Self.expectRefusedQuickly("make", matches: overBlocks) { () throws(ImageError) in
            _ = try Renditions.make(from: slow, widths: [480], quality: 82)
        }
        Self.expectRefusedQuickly("check", matches: overBlocks) { () throws(ImageError) in
            try Renditions.check(slow)
        }

        let grey = PixelImage(
            width: side, height: side, format: .rgb, pixels: [UInt8](repeating: 128, count: side * side * 3))
        let baseline = JPEGEncoder.encode(grey, quality: 90, subsampling: .s444, settings: .libjpeg)
        let usual = try Self.run(jpegtran, ["-progressive"], input: baseline)
        try #require(usual.status == 0)
        let work = try JPEGHeader.scanWork(usual.output)
        #expect(work.scans == 10 && work.blocks < 5 * 3 * 512 * 512)
        let decoded = try JPEGDecoder.decode(usual.output, scale: .eighth)
        #expect(decoded.image.width == side / 8 && decoded.warnings.isEmpty)
        #expect(try Renditions.make(from: usual.output, widths: [480], quality: 82).renditions.count == 1)
    }

    /// The marker walk (`Renditions.check`) and the decoder count the same blocks: at exactly a
    /// file's count both accept it, one block fewer and both refuse it, with the same words.
    @Test(arguments: [
        "progressive-420.jpg", "progressive-444-restart.jpg", "multiscan-422.jpg", "progressive-gray.jpg",
    ])
    func theWalkAndTheDecoderCountTheSameBlocks(file: String) throws {
        let bytes = try JPEGReference.fixture(file)
        let (scans, blocks) = try JPEGHeader.scanWork(bytes)
        #expect(scans > 1)
        let exact = ImageLimits(maxScanBlocks: blocks)
        #expect(throws: Never.self) { try JPEGDecoder.decode(bytes, limits: exact) }
        #expect(throws: Never.self) { try Renditions.check(bytes, limits: exact) }
        let short = ImageLimits(maxScanBlocks: blocks - 1)
        let refusal = ImageError(
            .tooLarge,
            "JPEG's \(scans) scans decode more than \(blocks - 1) blocks in all (a scan decodes every block it covers)")
        #expect(throws: refusal) { try JPEGDecoder.decode(bytes, limits: short) }
        #expect(throws: refusal) { try JPEGHeader.check(bytes, limits: short) }
        #expect(throws: refusal) { try Renditions.check(bytes, limits: short) }
    }

    /// `tool ARGUMENTS` with `input` on its standard input: its exit status and standard output.
    static func run(_ tool: String, _ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-jpeg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("input.jpg")
        try Data(input).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments + [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
