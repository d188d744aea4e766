import AshlarTestSupport
import Testing

@testable import AshlarImage

@Suite struct StreamedResizeTests {
    /// `image` streamed through a ``StreamedResize`` in bands of `band` rows.
    static func streamed(
        _ image: PixelImage, orientation: Int, width: Int, height: Int, band: Int
    ) -> (image: PixelImage, windowGrew: Bool) {
        let resize = StreamedResize(
            width: image.width, height: image.height, format: image.format, orientation: orientation,
            targetWidth: width, targetHeight: height)
        image.pixels.withUnsafeBufferPointer { pixels in
            var first = 0
            while first < image.height {
                let count = min(band, image.height - first)
                resize.take(
                    first: first, count: count, pixels.baseAddress! + first * image.width * image.format.channels)
                first += count
            }
        }
        return (resize.finish(), resize.windowGrew)
    }

    static func random(_ width: Int, _ height: Int, _ format: PixelFormat, _ random: inout SeededGenerator)
        -> PixelImage
    {
        let pixels = (0..<width * height * format.channels).map { _ in UInt8.random(in: 0...255, using: &random) }
        return PixelImage(width: width, height: height, format: format, pixels: pixels)
    }

    /// Every orientation, random sizes both ways (down, up, the same), random bands: the bytes of
    /// turning the whole image and resizing it.
    @Test(arguments: 1...8)
    func matchesTurningThenResizing(orientation: Int) {
        var random = SeededGenerator(seed: UInt64(orientation) * 7919)
        for trial in 0..<60 {
            let format: PixelFormat = trial % 3 == 0 ? .gray : .rgb
            let width = Int.random(in: 1...90, using: &random)
            let height = Int.random(in: 1...90, using: &random)
            let image = Self.random(width, height, format, &random)
            let upright = image.oriented(orientation)
            let (targetWidth, targetHeight) =
                switch trial % 4 {
                case 0: (upright.width, upright.height)
                case 1:
                    (
                        Int.random(in: 1...upright.width, using: &random),
                        Int.random(in: 1...upright.height, using: &random)
                    )
                case 2: (max(1, upright.width / 3), Int.random(in: 1...120, using: &random))
                default: (Int.random(in: 1...120, using: &random), Int.random(in: 1...120, using: &random))
                }
            let band = Int.random(in: 1...20, using: &random)
            let expected = Resampler.resize(upright, width: targetWidth, height: targetHeight)
            let made = Self.streamed(
                image, orientation: orientation, width: targetWidth, height: targetHeight, band: band)
            #expect(!made.windowGrew)
            #expect(
                made.image == expected,
                "\(width)×\(height) \(format) → \(targetWidth)×\(targetHeight), bands of \(band)")
        }
    }

    /// A camera-like reduction, wide and tall, where the window is much smaller than the image.
    @Test(arguments: [1, 3, 6, 8])
    func largeReductionMatches(orientation: Int) {
        var random = SeededGenerator(seed: 41)
        let image = Self.random(640, 427, .rgb, &random)
        let upright = image.oriented(orientation)
        let width = upright.width * 2 / 5
        let height = Renditions.renditionHeight(width, photoWidth: upright.width, photoHeight: upright.height)
        let expected = Resampler.resize(upright, width: width, height: height)
        let made = Self.streamed(image, orientation: orientation, width: width, height: height, band: 16)
        #expect(made.image == expected)
        #expect(!made.windowGrew)
    }

    /// The window holds a few dozen rows, not the image, and never more than it was sized for.
    @Test func windowIsSmall() {
        let columns = ResampleWeights(inputSize: 4000, outputSize: 1707)
        let rows = StreamedResize.windowRows(
            columns, firstNeeded: columns.firstNeeded(inputSize: 4000), arriving: 1, together: StreamedResize.band)
        #expect(rows < 100)
        #expect(rows >= StreamedResize.band * 4000 / 1707)
    }
}
