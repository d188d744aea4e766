import Foundation
import Testing

@testable import AshlarImage

/// Adaptive quantisation: a block's small AC coefficients are zeroed where its own detail hides
/// them, and only there.
@Suite struct JPEGAdaptiveQuantisationTests {
    static let sequential = JPEGEncoderSettings(tables: .perceptual, adaptiveQuantisation: false, scans: .sequential)
    static let adaptive = JPEGEncoderSettings(tables: .perceptual, adaptiveQuantisation: true, scans: .sequential)

    /// (activity in quantiser steps, threshold in steps)
    @Test(arguments: [(0.0, 0.5), (1.0, 0.535), (16.0, 0.64), (100.0, 0.85), (400.0, 1.2), (10_000.0, 1.2)])
    func thresholdGrowsWithTheSquareRootOfTheActivityUpToItsCap(activity: Double, threshold: Double) {
        let fixed = JPEGEncoder.zeroingThreshold(activity: UInt64(activity * 65_536))
        #expect(abs(Double(fixed) / 65_536 - threshold) < 1e-4)
    }

    /// Noise of ±`amplitude` on mid gray, the same for every seed.
    static func noise(width: Int, height: Int, amplitude: Int) -> PixelImage {
        var state: UInt32 = 12_345
        var pixels: [UInt8] = []
        for _ in 0..<(width * height * 3) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels.append(UInt8(128 + Int(state >> 24) % (2 * amplitude + 1) - amplitude))
        }
        return PixelImage(width: width, height: height, format: .rgb, pixels: pixels)
    }

    @Test func blocksWithoutDetailAreRoundedAsBefore() {
        let flat = PixelImage(width: 48, height: 32, format: .rgb, pixels: [UInt8](repeating: 90, count: 48 * 32 * 3))
        #expect(
            JPEGEncoder.encode(flat, quality: 82, settings: Self.adaptive)
                == JPEGEncoder.encode(flat, quality: 82, settings: Self.sequential))
    }

    @Test func texturedBlocksLoseSmallCoefficientsAndBytes() throws {
        let texture = Self.noise(width: 64, height: 64, amplitude: 40)
        let plain = JPEGEncoder.encode(texture, quality: 82, settings: Self.sequential)
        let adaptive = JPEGEncoder.encode(texture, quality: 82, settings: Self.adaptive)
        #expect(adaptive.count < plain.count * 95 / 100, "\(adaptive.count) against \(plain.count) bytes")
        // Still the same picture: only coefficients of one step went, so the error stays small.
        let decoded = try JPEGDecoder.decode(adaptive).image
        let reference = try JPEGDecoder.decode(plain).image
        let squared = zip(decoded.pixels, reference.pixels).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
        let psnr = 10 * log10(255 * 255 / (squared / Double(decoded.pixels.count)))
        #expect(psnr > 25, "\(psnr) dB between the two")
    }

    @Test func theSamePixelsGiveTheSameBytes() {
        let picture = TestPicture.make(width: 77, height: 51, format: .rgb)
        #expect(
            JPEGEncoder.encode(picture, quality: 82, settings: .perceptual)
                == JPEGEncoder.encode(picture, quality: 82, settings: .perceptual))
    }
}
