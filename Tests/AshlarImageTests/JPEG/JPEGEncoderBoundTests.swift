import AshlarTestSupport
import Testing

@testable import AshlarImage

/// `JPEGEncoder.encodeWithinBound`: coded data at most `codedBytesPerBlockLimit` bytes a block,
/// which is what the memory estimate counts; photographs are untouched, and what passes the bound
/// is written at a lower quality (issue 41). Noise at quality 100 takes about 60 bytes a block at
/// 4:2:0, so the tests that need an image past the bound set a lower one (40).
@Suite struct JPEGEncoderBoundTests {
    static func noise(width: Int, height: Int, format: PixelFormat, seed: UInt64) -> PixelImage {
        var generator = SeededGenerator(seed: seed)
        let pixels = (0..<width * height * format.channels).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return PixelImage(width: width, height: height, format: format, pixels: pixels)
    }

    static let settings: [JPEGEncoderSettings] = [.perceptual, .libjpeg]

    /// A photograph-like picture at every quality gives the bytes of an encode without any bound.
    @Test(arguments: settings, [1, 50, 82, 100])
    func photographsAreWrittenAsAsked(settings: JPEGEncoderSettings, quality: Int) throws {
        for format in [PixelFormat.rgb, .gray] {
            let picture = TestPicture.make(width: 203, height: 117, format: format)
            let bounded = JPEGEncoder.encodeWithinBound(
                picture, quality: quality, subsampling: .s420, iccProfile: nil, settings: settings, script: nil)
            let unbounded = try #require(
                JPEGEncoder.attempt(
                    picture, quality: quality, subsampling: .s420, iccProfile: nil, settings: settings, script: nil,
                    allowance: nil))
            #expect(bounded.written == .asked)
            #expect(bounded.bytes == unbounded)
        }
    }

    /// Noise at quality 100 passes a bound of 40 bytes a block; the file is written at the first halved quality
    /// whose data fits (the one before it does not), decodes to the image's size, and its data
    /// is within the bound.
    @Test(arguments: settings)
    func noiseIsWrittenAtTheFirstQualityThatFits(settings: JPEGEncoderSettings) throws {
        let image = Self.noise(width: 96, height: 80, format: .rgb, seed: 41)
        let result = JPEGEncoder.encodeWithinBound(
            image, quality: 100, subsampling: .s420, iccProfile: nil, settings: settings, script: nil,
            bytesPerBlock: 40)
        guard case .lowered(let quality) = result.written else {
            Issue.record("expected a lowered quality, got \(result.written)")
            return
        }
        #expect(quality < 100)
        let frame = JPEGEncoder.Frame(width: 96, height: 80, components: 3, subsampling: .s420)
        let limit = frame.blockCount * 40
        let tooMuch = JPEGEncoder.attempt(
            image, quality: quality * 2 + 1 > 100 ? 100 : quality * 2, subsampling: .s420, iccProfile: nil,
            settings: settings, script: nil, allowance: JPEGEncoder.CodedByteAllowance(bytes: limit))
        #expect(tooMuch == nil)
        let unbounded = try #require(
            JPEGEncoder.attempt(
                image, quality: quality, subsampling: .s420, iccProfile: nil, settings: settings, script: nil,
                allowance: nil))
        #expect(result.bytes == unbounded)
        #expect(result.bytes.count <= limit + 4_096)
        let decoded = try JPEGDecoder.decode(result.bytes)
        #expect(decoded.image.width == 96 && decoded.image.height == 80)
    }

    /// When even quality 1 does not fit (a bound of no bytes at all here), each 16-pixel unit is
    /// written as its mean colour: the decoded file is flat within each unit.
    @Test func flattenedWhenNothingFits() throws {
        let image = Self.noise(width: 40, height: 24, format: .rgb, seed: 7)
        let result = JPEGEncoder.encodeWithinBound(
            image, quality: 82, subsampling: .s420, iccProfile: nil, settings: .perceptual, script: nil,
            bytesPerBlock: 0)
        #expect(result.written == .flattened)
        let decoded = try JPEGDecoder.decode(result.bytes).image
        #expect(decoded.width == 40 && decoded.height == 24)
        for top in stride(from: 0, to: 24, by: 16) {
            for left in stride(from: 0, to: 40, by: 16) {
                var values = Set<[UInt8]>()
                for y in top..<min(top + 16, 24) {
                    for x in left..<min(left + 16, 40) {
                        let at = (y * 40 + x) * 3
                        values.insert(Array(decoded.pixels[at..<at + 3]))
                    }
                }
                // A flat unit decodes flat (colour conversion rounds alike everywhere in it).
                #expect(values.count == 1, "unit at \(left),\(top): \(values.count) colours")
            }
        }
    }

    /// `flattened` fills each unit with its rounded mean.
    @Test func flattenedFillsEachUnitWithItsMean() {
        let image = PixelImage(width: 3, height: 2, format: .gray, pixels: [0, 1, 10, 2, 2, 11])
        let flat = JPEGEncoder.flattened(image, unit: 2)
        #expect(flat.pixels == [1, 1, 11, 1, 1, 11])
    }

    /// Renditions past the bound say which was lowered, in words naming the width and qualities.
    @Test func renditionsOfNoiseSayTheQualityWasLowered() throws {
        let png = PNGEncoder.encode(Self.noise(width: 300, height: 200, format: .rgb, seed: 3))
        let set = try Renditions.make(
            from: png, widths: [300, 120], quality: 100, limits: ImageLimits(maxCodedBytesPerBlock: 40))
        let lowered = set.warnings.compactMap { warning -> Int? in
            if case .renditionQualityLowered(let width, 100, _?) = warning { return width }
            return nil
        }
        #expect(Set(lowered) == [300, 120])
        let text = set.warnings.map(\.description).joined(separator: "\n")
        #expect(text.contains("the 300 px rendition at quality 100"))
        #expect(!set.isDamaged)
    }
}
