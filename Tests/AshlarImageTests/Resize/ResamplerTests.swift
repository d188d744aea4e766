import Foundation
import Testing

@testable import AshlarImage

@Suite struct ResamplerTests {
    struct Size: CustomTestStringConvertible, Sendable {
        var fromWidth, fromHeight, toWidth, toHeight: Int
        var testDescription: String { "\(fromWidth)×\(fromHeight) → \(toWidth)×\(toHeight)" }
    }

    static let sizes = [
        Size(fromWidth: 1, fromHeight: 1, toWidth: 1, toHeight: 1),
        Size(fromWidth: 1, fromHeight: 1, toWidth: 7, toHeight: 3),
        Size(fromWidth: 50, fromHeight: 1, toWidth: 1, toHeight: 1),
        Size(fromWidth: 1, fromHeight: 50, toWidth: 3, toHeight: 2),
        Size(fromWidth: 64, fromHeight: 48, toWidth: 32, toHeight: 24),
        Size(fromWidth: 64, fromHeight: 48, toWidth: 17, toHeight: 5),
        Size(fromWidth: 97, fromHeight: 13, toWidth: 40, toHeight: 29),
        Size(fromWidth: 10, fromHeight: 10, toWidth: 33, toHeight: 21),
        Size(fromWidth: 300, fromHeight: 200, toWidth: 7, toHeight: 1),
        Size(fromWidth: 5, fromHeight: 400, toWidth: 5, toHeight: 9),
    ]

    /// A deterministic image with detail in every channel.
    static func pattern(_ width: Int, _ height: Int, _ format: PixelFormat) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<format.channels {
                    pixels.append(UInt8(truncatingIfNeeded: x * 37 + y * 11 + channel * 70 + (x * y) % 13))
                }
            }
        }
        return PixelImage(width: width, height: height, format: format, pixels: pixels)
    }

    @Test(arguments: sizes, PixelFormat.allCases)
    func outputHasExactlyTheRequestedSize(size: Size, format: PixelFormat) {
        let result = Resampler.resize(
            Self.pattern(size.fromWidth, size.fromHeight, format),
            width: size.toWidth, height: size.toHeight)
        #expect(result.width == size.toWidth)
        #expect(result.height == size.toHeight)
        #expect(result.format == format)
        #expect(result.pixels.count == size.toWidth * size.toHeight * format.channels)
    }

    /// Every small size to every small size: the edge cases of tap ranges (kernels wider than the
    /// image, single taps) all give the exact size and a constant stays constant.
    @Test(arguments: PixelFormat.allCases)
    func everySmallSizeToEverySmallSize(format: PixelFormat) {
        for fromWidth in 1...6 {
            for fromHeight in [1, 2, 5] {
                let flat = PixelImage(
                    width: fromWidth, height: fromHeight, format: format,
                    pixels: [UInt8](repeating: 255, count: fromWidth * fromHeight * format.channels))
                for toWidth in 1...9 {
                    for toHeight in [1, 3, 8] {
                        let result = Resampler.resize(flat, width: toWidth, height: toHeight)
                        #expect(result.width == toWidth && result.height == toHeight)
                        #expect(result.pixels.allSatisfy { $0 == 255 })
                    }
                }
            }
        }
    }

    @Test(arguments: sizes, [PixelFormat.gray, .rgb])
    func constantImageStaysExactlyConstant(size: Size, format: PixelFormat) {
        for value: UInt8 in [0, 1, 128, 254, 255] {
            let image = PixelImage(
                width: size.fromWidth, height: size.fromHeight, format: format,
                pixels: [UInt8](repeating: value, count: size.fromWidth * size.fromHeight * format.channels))
            let result = Resampler.resize(image, width: size.toWidth, height: size.toHeight)
            #expect(result.pixels.allSatisfy { $0 == value }, "value \(value)")
        }
    }

    /// Premultiplying in 15 bits keeps every colour exactly at alpha 3 and above.
    @Test(arguments: sizes, [PixelFormat.grayAlpha, .rgba])
    func constantImageWithAlphaStaysExactlyConstant(size: Size, format: PixelFormat) {
        for alpha: UInt8 in [255, 128, 3] {
            let pixel: [UInt8] = format == .rgba ? [200, 17, 99, alpha] : [201, alpha]
            let image = PixelImage(
                width: size.fromWidth, height: size.fromHeight, format: format,
                pixels: Array([[UInt8]](repeating: pixel, count: size.fromWidth * size.fromHeight).joined()))
            let result = Resampler.resize(image, width: size.toWidth, height: size.toHeight)
            for index in stride(from: 0, to: result.pixels.count, by: pixel.count) {
                #expect(Array(result.pixels[index..<index + pixel.count]) == pixel, "alpha \(alpha)")
            }
        }
    }

    /// The pixels along the border are the mean of the pixels that exist, never pulled towards
    /// black by taps that fall outside the image: a white image with a one-pixel black frame,
    /// downscaled 10×, keeps a border close to the white inside.
    @Test func edgesAreNotDarkened() {
        let side = 200
        var pixels = [UInt8](repeating: 255, count: side * side)
        for index in 0..<side {
            pixels[index] = 0
            pixels[(side - 1) * side + index] = 0
            pixels[index * side] = 0
            pixels[index * side + side - 1] = 0
        }
        let result = Resampler.resize(
            PixelImage(width: side, height: side, format: .gray, pixels: pixels),
            width: 20, height: 20)
        // The frame is 1 of the ~10 columns a border pixel averages: about 25 levels darker.
        let border = (0..<20).map { result.pixels[$0] } + (0..<20).map { result.pixels[$0 * 20] }
        #expect(border.allSatisfy { $0 >= 200 }, "\(border)")
        let white = PixelImage(
            width: side, height: side, format: .gray, pixels: [UInt8](repeating: 255, count: side * side))
        #expect(Resampler.resize(white, width: 20, height: 20).pixels.allSatisfy { $0 == 255 })
    }

    /// Six samples halved: the kernel is stretched 2×, so each output reads all six inputs with
    /// weights L((j + 0.5 − c) / 2), L(x) = sinc(x) · sinc(x / 3), c = 1, 3, 5, divided by their sum.
    @Test func oneDimensionalDownscaleUsesStretchedLanczosWeights() {
        let input: [UInt8] = [10, 50, 200, 90, 30, 120]
        func lanczos(_ x: Double) -> Double {
            if x == 0 { return 1 }
            if abs(x) >= 3 { return 0 }
            return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
        }
        var expected: [Double] = []
        for centre in [1.0, 3.0, 5.0] {
            let weights = (0..<6).map { lanczos((Double($0) + 0.5 - centre) / 2) }
            let total = weights.reduce(0, +)
            expected.append(zip(weights, input).map { $0 * Double($1) }.reduce(0, +) / total)
        }
        let result = Resampler.resize(
            PixelImage(width: 6, height: 1, format: .gray, pixels: input), width: 3, height: 1)
        for (value, exact) in zip(result.pixels, expected) {
            #expect(abs(Double(value) - exact.rounded()) <= 1, "\(result.pixels) vs \(expected)")
        }
        #expect(expected.map { UInt8(max(0, min(255, $0.rounded()))) } != [0, 0, 0])
    }

    /// The weights of one output sample are those integers: 14-bit, summing to exactly 1 << 14.
    @Test(arguments: [(6, 3), (3000, 480), (7, 20), (1, 9), (9, 1)])
    func weightsSumToOne(inputSize: Int, outputSize: Int) {
        let weights = ResampleWeights(inputSize: inputSize, outputSize: outputSize)
        for output in 0..<outputSize {
            let start = Int(weights.starts[output])
            let count = Int(weights.counts[output])
            #expect(start >= 0 && count >= 1 && start + count <= inputSize)
            let taps = weights.weights[output * weights.maxTaps..<output * weights.maxTaps + count]
            #expect(taps.reduce(0) { $0 + Int($1) } == 1 << 14)
        }
    }

    @Test(arguments: [0.0, 0.25, 0.5, 1, 1.5, 2.75, -0.3, -1.75, 7.1])
    func sineOfOurOwnMatchesLibm(x: Double) {
        #expect(abs(ResampleWeights.sinPi(x) - sin(Double.pi * x)) < 1e-12)
    }

    /// A transparent red pixel beside opaque blue ones: resampled premultiplied, the red, which
    /// no one could see, does not tint the blue.
    @Test(arguments: [(1, 1), (3, 2), (5, 7)])
    func transparentColourDoesNotBleed(width: Int, height: Int) {
        var pixels: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 {
                pixels += (x + y) % 2 == 0 ? [255, 0, 0, 0] : [0, 0, 255, 255]
            }
        }
        let result = Resampler.resize(
            PixelImage(width: 8, height: 8, format: .rgba, pixels: pixels),
            width: width, height: height)
        for index in stride(from: 0, to: result.pixels.count, by: 4) {
            let pixel = Array(result.pixels[index..<index + 4])
            #expect(pixel[0] == 0 && pixel[2] == 255, "\(pixel)")
            #expect(pixel[3] > 64 && pixel[3] < 192, "\(pixel)")
        }
    }

    @Test func fullyTransparentStaysFullyTransparent() {
        let image = PixelImage(
            width: 9, height: 4, format: .grayAlpha,
            pixels: Array([[UInt8]](repeating: [200, 0], count: 36).joined()))
        #expect(Resampler.resize(image, width: 4, height: 3).pixels.allSatisfy { $0 == 0 })
    }

    @Test func sameSizeReturnsTheImage() {
        let image = Self.pattern(13, 7, .rgb)
        #expect(Resampler.resize(image, width: 13, height: 7) == image)
    }

    @Test func zeroOrNegativeSizeIsTakenAsOne() {
        let result = Resampler.resize(Self.pattern(13, 7, .rgb), width: 0, height: -4)
        #expect(result.width == 1 && result.height == 1)
    }

    /// On a 1-pixel checkerboard the two choices differ most: the mean of black and white is 128
    /// in encoded values and 188 in linear light.
    @Test func checkerboardHalvedIsMidGreyInEncodedValues() {
        var pixels: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<32 { pixels.append((x + y) % 2 == 0 ? 0 : 255) }
        }
        let image = PixelImage(width: 32, height: 32, format: .gray, pixels: pixels)
        #expect(Resampler.resize(image, width: 16, height: 16).pixels[8 * 16 + 8] == 128)
        #expect(Resampler.resize(image, width: 16, height: 16, space: .linear).pixels[8 * 16 + 8] == 188)
    }
}
