import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// `Renditions.memoryNeeded`: what `make` is admitted by, per photo and across a build's jobs.
@Suite struct MemoryEstimateTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(name)))
    }

    /// At exactly a photo's estimate `make` and `check` both go ahead; a byte less, both refuse
    /// it with the same words, before decoding.
    @Test(arguments: ["jpeg/progressive-420.jpg", "jpeg/s444.jpg", "jpeg/cmyk.jpg", "png/rgba8.png"])
    func makeAndCheckAreRefusedAtTheSameMemory(file: String) throws {
        let bytes = try Self.fixture(file)
        let widths = [12, 6]
        let needed = try Renditions.memoryNeeded(for: bytes, widths: widths)
        let exact = ImageLimits(maxMemoryBytes: needed)
        #expect(try Renditions.make(from: bytes, widths: widths, quality: 80, limits: exact).renditions.count == 2)
        #expect(throws: Never.self) { try Renditions.check(bytes, widths: widths, limits: exact) }
        let short = ImageLimits(maxMemoryBytes: needed - 1)
        let subject = file.hasPrefix("png") ? "image" : "JPEG"
        let refusal = ImageError(
            .tooLarge,
            "\(subject) needs \((needed + (1 << 20) - 1) >> 20) MiB of memory to decode and make its renditions, "
                + "more than the limit of \((needed - 1) >> 20) MiB")
        #expect(throws: refusal) { try Renditions.make(from: bytes, widths: widths, quality: 80, limits: short) }
        #expect(throws: refusal) { try Renditions.check(bytes, widths: widths, limits: short) }
        #expect(throws: refusal) { try Renditions.memoryNeeded(for: bytes, widths: widths, limits: short) }
    }

    /// A progressive JPEG's estimate holds every block's coefficients at full size, whatever
    /// the scale it is decoded at; a baseline one's does not need them.
    @Test func progressiveCoefficientsAreCountedAtFullSize() throws {
        let side = 2048
        let grey = PixelImage(
            width: side, height: side, format: .rgb, pixels: [UInt8](repeating: 128, count: side * side * 3))
        let script = FlatProgressiveJPEG.libjpegScript
        let progressive = FlatProgressiveJPEG.make(width: side, height: side, scans: script)
        let baseline = JPEGEncoder.encode(grey, quality: 90, subsampling: .s444, settings: .libjpeg)
        let coefficients = 3 * (side / 8) * (side / 8) * 64 * 2
        let small = try Renditions.memoryNeeded(for: progressive, widths: [64])
        #expect(small > coefficients)
        #expect(try Renditions.memoryNeeded(for: baseline, widths: [64]) < small - coefficients / 2)
        #expect(try Renditions.memoryNeeded(for: progressive, widths: [2048]) > small)
    }

    /// The camera photos beside the package, 24 to 42 megapixels, with a gallery's default
    /// widths (up to 2,560 pixels on the longest side; decoded at full size for the widest, with
    /// `Renditions.reducingGap`): far inside the default limit, four at once inside the build's
    /// budget of 1 GiB.
    @Test(.enabled(if: SharedMaterial.isAvailable("photos"), "the photos are not at ../shared/photos"))
    func cameraPhotosAreFarInsideTheDefault() throws {
        let folder = SharedMaterial.folder("photos")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }
        try #require(files.count >= 4)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            let info = try JPEGDecoder.info(bytes)
            let widest = min(2560, 2560 * info.width / max(info.height, 1))
            let widths = [317, 484, 634, 968, 1280, 1707, 2560].filter { $0 < widest } + [widest]
            let needed = try Renditions.memoryNeeded(for: bytes, widths: widths)
            #expect(needed < 256 << 20, "\(file): \(needed >> 20) MiB")
        }
    }
}
