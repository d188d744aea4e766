import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// The SSIMULACRA2 implementation (AshlarImage `Quality/`) against the PyPI package `ssimulacra2`
/// (a Python port of libjxl's `tools/ssimulacra2.cc`), on a photo of `../shared/photos` resized to
/// 640 px: compressed by Ashlar's JPEG encoder at several qualities, and blurred.
///
/// The package blurs with a truncated Gaussian that reflects the image at its left and right
/// edges; the reference (and this implementation) runs a recursive Gaussian that takes zero
/// outside the image on all four sides. Near the edges the local means and variances then differ,
/// and with them the scores of strongly distorted images (0.6 lower at quality 30 here, 1.8 on
/// `Sheep.jpg`), while at the qualities renditions use they agree within 0.05. So every pair is
/// compared with the package's own code given the reference's edges (its Gaussian with zeros
/// outside), and the pairs of rendition quality with the package as published.
@Suite(.tags(.slow, .referenceTools)) struct SSIMULACRA2Tests {
    static let python = URL(fileURLWithPath: "/usr/bin/env")
    static var packageInstalled: Bool {
        (try? Ashlar.run(python, ["python3", "-c", "import ssimulacra2, scipy"]).status) == 0
    }
    static var runs: Bool {
        RequiredTool.runs(whenInstalled: packageInstalled) && SharedMaterial.isAvailable("photos")
    }

    /// One distorted copy of the reference.
    struct Pair: Sendable, CustomTestStringConvertible {
        var name: String
        /// Whether the published package (its edges) is expected within 0.5 too.
        var renditionQuality: Bool
        var distort: @Sendable (PixelImage) throws -> PixelImage
        var testDescription: String { name }
    }

    static func jpeg(_ quality: Int, renditionQuality: Bool) -> Pair {
        Pair(name: "JPEGEncoder quality \(quality)", renditionQuality: renditionQuality) { image in
            try JPEGDecoder.decode(JPEGEncoder.encode(image, quality: quality)).image
        }
    }

    static let pairs: [Pair] = [
        jpeg(30, renditionQuality: false), jpeg(60, renditionQuality: false), jpeg(82, renditionQuality: true),
        jpeg(90, renditionQuality: true),
        Pair(name: "blurred (a third of the size and back)", renditionQuality: false) { image in
            Resampler.resize(
                Resampler.resize(image, width: image.width / 3, height: image.height / 3),
                width: image.width, height: image.height)
        },
    ]

    /// camera-1.jpg, decoded at an eighth and resized to 640 px wide.
    static func reference() throws -> PixelImage {
        let bytes = [UInt8](
            try Data(contentsOf: SharedMaterial.folder("photos").appendingPathComponent("camera-1.jpg")))
        let decoded = try JPEGDecoder.decode(bytes, scale: .eighth).image
        return Resampler.resize(
            decoded, width: 640, height: Int((Double(decoded.height) * 640 / Double(decoded.width)).rounded()))
    }

    static func writePPM(_ image: PixelImage, to url: URL) throws {
        try #require(image.format == .rgb)
        try Data(Array("P6\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels).write(to: url)
    }

    /// The package's scores of `distorted` against `reference`: as published, and with the
    /// reference's edges (its Gaussian, zero outside the image on all sides).
    static func packageScores(_ reference: URL, _ distorted: URL) throws -> (published: Double, zeroEdges: Double) {
        let script = """
            import sys
            from scipy import ndimage
            import ssimulacra2.ssimulacra2 as package
            published = package.compute_ssimulacra2(sys.argv[1], sys.argv[2])
            package.blur_image = lambda image, sigma=1.5: ndimage.gaussian_filter(
                image, sigma=sigma, truncate=3.33, mode="constant", cval=0.0, axes=(0, 1))
            print(published, package.compute_ssimulacra2(sys.argv[1], sys.argv[2]))
            """
        let run = try Ashlar.run(python, ["python3", "-c", script, reference.path, distorted.path])
        try #require(run.status == 0, "\(run.stderr)")
        let scores = run.stdout.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(scores.count == 2, "\(run.stdout)")
        return (scores[0], scores[1])
    }

    @Test(.enabled(if: runs, "needs python3 with the PyPI package ssimulacra2, and ../shared/photos"), arguments: pairs)
    func agreesWithThePythonPackage(_ pair: Pair) throws {
        try RequiredTool.require(Self.packageInstalled, "python3 with the PyPI package ssimulacra2 (and scipy)")
        let folder = try TemporaryFolder("ssimulacra2")
        let reference = try Self.reference()
        let distorted = try pair.distort(reference)
        let referenceFile = folder.url.appendingPathComponent("reference.ppm")
        let distortedFile = folder.url.appendingPathComponent("distorted.ppm")
        try Self.writePPM(reference, to: referenceFile)
        try Self.writePPM(distorted, to: distortedFile)
        let ours = try #require(SSIMULACRA2.score(reference: reference, distorted: distorted))
        let package = try Self.packageScores(referenceFile, distortedFile)
        #expect(abs(ours - package.zeroEdges) <= 0.5, "ours \(ours), the package with zero edges \(package.zeroEdges)")
        if pair.renditionQuality {
            #expect(abs(ours - package.published) <= 0.5, "ours \(ours), the package \(package.published)")
        }
    }

    /// A small image with smooth gradients and a few sharp edges.
    static func pattern(width: Int = 40, height: Int = 30) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let edge = (x / 7 + y / 5) % 2 == 0 ? 60 : 0
                let red: Int = (x * 5 + edge) % 256
                let green: Int = (y * 7) % 256
                let blue: Int = ((x + y) * 3) % 256
                pixels += [UInt8(red), UInt8(green), UInt8(blue)]
            }
        }
        return PixelImage(width: width, height: height, format: .rgb, pixels: pixels)
    }

    @Test func identicalImagesScoreAHundred() throws {
        let image = Self.pattern()
        #expect(SSIMULACRA2.score(reference: image, distorted: image) == 100)
    }

    @Test func imagesOfDifferentSizesHaveNoScore() {
        #expect(SSIMULACRA2.score(reference: Self.pattern(), distorted: Self.pattern(width: 41)) == nil)
    }

    @Test func moreDistortionScoresLower() throws {
        let image = Self.pattern(width: 96, height: 64)
        let scores = try [90, 60, 20].map { quality in
            try #require(
                SSIMULACRA2.score(
                    reference: image,
                    distorted: try JPEGDecoder.decode(JPEGEncoder.encode(image, quality: quality)).image))
        }
        #expect(scores[0] < 100 && scores[0] > scores[1] && scores[1] > scores[2], "\(scores)")
    }

    /// `image` with each pixel's channels mapped by `pixel` to a new format.
    static func convert(_ image: PixelImage, to format: PixelFormat, _ pixel: ([UInt8]) -> [UInt8]) -> PixelImage {
        let channels = image.format.channels
        var pixels: [UInt8] = []
        for start in stride(from: 0, to: image.pixels.count, by: channels) {
            pixels += pixel(Array(image.pixels[start..<start + channels]))
        }
        return PixelImage(width: image.width, height: image.height, format: format, pixels: pixels)
    }

    @Test func grayIsColourWithEqualChannelsAndOpaqueAlphaIsNoAlpha() throws {
        let colour = Self.pattern()
        let blurred = Resampler.resize(Resampler.resize(colour, width: 20, height: 15), width: 40, height: 30)
        let gray = Self.convert(colour, to: .gray) { [$0[1]] }
        let blurredGray = Self.convert(blurred, to: .gray) { [$0[1]] }
        let grayScore = try #require(SSIMULACRA2.score(reference: gray, distorted: blurredGray))
        let asColour = SSIMULACRA2.score(
            reference: Self.convert(gray, to: .rgb) { [$0[0], $0[0], $0[0]] },
            distorted: Self.convert(blurredGray, to: .rgb) { [$0[0], $0[0], $0[0]] })
        #expect(grayScore < 100)
        #expect(grayScore == asColour)
        let opaque = Self.convert(blurred, to: .rgba) { $0 + [255] }
        let withAlpha = SSIMULACRA2.score(reference: colour, distorted: opaque)
        #expect(withAlpha == SSIMULACRA2.score(reference: colour, distorted: blurred))
    }
}
