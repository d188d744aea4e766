import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// The encoder's promise to the photographer (issue 26): at the same `quality`, the perceptual
/// encoder (``JPEGEncoderSettings/perceptual``) looks at least as good as libjpeg's choices did
/// (SSIMULACRA2) and writes fewer bytes. On the real photos of `../shared/photos` and
/// `../shared/photos-mixed`, resized to 640 px as renditions are; `ashlar-bench quality`
/// measures the same at 1920, 640 and 317 px.
@Suite(.tags(.slow, .referenceTools)) struct EncoderQualityTests {
    static var runs: Bool { SharedMaterial.isAvailable("photos") }

    /// Each photo of `../shared/photos` and `../shared/photos-mixed`, resized to 640 px wide as a
    /// rendition is: decoded at the smallest scale that leaves twice that width, then resampled.
    static func references() throws -> [(name: String, image: PixelImage)] {
        try SharedPhotos.jpegs().map { url in
            let decoded = try SharedPhotos.decode([UInt8](try Data(contentsOf: url)), atLeast: 2 * 640)
            let height = Int((Double(decoded.height) * 640 / Double(decoded.width)).rounded())
            return (url.lastPathComponent, Resampler.resize(decoded, width: 640, height: height))
        }
    }

    /// Bytes and score of `image` encoded at `quality` with `settings`.
    static func measure(_ image: PixelImage, quality: Int, _ settings: JPEGEncoderSettings) throws -> (
        bytes: Int, score: Double
    ) {
        let file = JPEGEncoder.encode(image, quality: quality, settings: settings)
        let score = try #require(SSIMULACRA2.score(reference: image, distorted: try JPEGDecoder.decode(file).image))
        return (file.count, score)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test(.enabled(if: runs, "needs ../shared/photos"))
    func everyPhotoLooksAtLeastAsGoodInFewerBytesAtTheDefaultQuality() throws {
        var bytes: [Double] = []
        for (name, image) in try Self.references() {
            let today = try Self.measure(image, quality: 82, .libjpeg)
            let new = try Self.measure(image, quality: 82, .perceptual)
            #expect(new.score >= today.score, "\(name): score \(new.score), libjpeg's \(today.score)")
            bytes.append(Double(new.bytes) / Double(today.bytes))
        }
        #expect(Self.median(bytes) < 1, "bytes ratios \(bytes)")
    }

    @Test(.enabled(if: runs, "needs ../shared/photos"), arguments: [50, 60, 70, 90, 95])
    func theMedianPhotoLooksAtLeastAsGoodInFewerBytes(quality: Int) throws {
        var scores: [Double] = []
        var bytes: [Double] = []
        for (_, image) in try Self.references() {
            let today = try Self.measure(image, quality: quality, .libjpeg)
            let new = try Self.measure(image, quality: quality, .perceptual)
            scores.append(new.score - today.score)
            bytes.append(Double(new.bytes) / Double(today.bytes))
        }
        #expect(Self.median(scores) >= 0, "score differences \(scores)")
        #expect(Self.median(bytes) < 1, "bytes ratios \(bytes)")
    }
}
