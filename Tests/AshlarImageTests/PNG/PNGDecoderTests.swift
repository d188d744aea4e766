import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

@Suite struct PNGDecoderTests {
    static let damaged: Set<String> = ["truncated-idat", "bad-filter"]

    @Test func manifestListsEveryFixture() {
        #expect(PNGFixtures.manifest.count >= 40)
    }

    @Test(arguments: PNGFixtures.manifest.filter { !damaged.contains($0.name) })
    func decodesLikePillow(_ fixture: PNGFixtures.Expectation) throws {
        let decoded = try PNGDecoder.decode(PNGFixtures.png(fixture.name))
        #expect(decoded.image.width == fixture.width)
        #expect(decoded.image.height == fixture.height)
        #expect(decoded.image.format == fixture.format)
        #expect(decoded.image.pixels == PNGFixtures.bytes(fixture.name + ".pixels"))
        #expect(decoded.warnings == [])
        #expect(try PNGDecoder.info(PNGFixtures.png(fixture.name)).outputFormat == fixture.format)
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        var warnings: [String]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Damage(name: "truncated-idat", warnings: ["file ends inside the 'IDAT' chunk", "image data is truncated"]),
        Damage(name: "bad-filter", warnings: ["row 5 has unknown filter type 9"]),
    ])
    func damagedDataGivesTheRowsBeforeIt(_ damage: Damage) throws {
        let decoded = try PNGDecoder.decode(PNGFixtures.png(damage.name))
        #expect(decoded.warnings.map(\.description) == damage.warnings)
        #expect(decoded.isDamaged)
        #expect(decoded.image.pixels == PNGFixtures.bytes(damage.name + ".pixels"))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var kind: ImageError.Kind
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Failure(name: "bad-crc", kind: .malformed, message: "'IDAT' chunk has a bad CRC"),
        Failure(
            name: "huge-dimensions", kind: .tooLarge,
            message: "image is 100000×100000 pixels, more than the limit of 300000000"),
        Failure(
            name: "missing-plte", kind: .malformed,
            message: "palette image has no 'PLTE' chunk before its image data"),
        Failure(name: "unknown-critical", kind: .unsupported, message: "file has an unknown critical chunk 'ABCD'"),
        Failure(name: "split-idat", kind: .malformed, message: "'IDAT' chunks are not consecutive"),
        Failure(name: "plte-after-idat", kind: .malformed, message: "'PLTE' chunk comes after the image data"),
        Failure(name: "no-ihdr", kind: .malformed, message: "first chunk is 'IDAT', not 'IHDR'"),
    ])
    func refusesBrokenFiles(_ failure: Failure) {
        #expect(throws: ImageError(failure.kind, failure.message)) {
            try PNGDecoder.decode(PNGFixtures.png(failure.name))
        }
    }

    @Test(arguments: [
        ([UInt8](), "not a PNG file"),
        (Array("GIF89a..".utf8), "not a PNG file"),
        (ImageFormat.pngSignature, "file ends before its 'IHDR' chunk"),
    ])
    func refusesWhatIsNotPNG(_ bytes: [UInt8], _ message: String) {
        #expect(throws: ImageError(.malformed, message)) { try PNGDecoder.decode(bytes) }
    }

    @Test func readsColourInformationWithoutApplyingIt() throws {
        let bytes = PNGFixtures.png("colour-info")
        let info = try PNGDecoder.info(bytes)
        #expect(info.gamma == 45455)
        #expect(info.srgbIntent == 1)
        #expect(info.iccProfileName == "ICC profile")
        let decoded = try PNGDecoder.decode(bytes)
        #expect(decoded.iccProfile == PNGFixtures.bytes("colour-info.icc"))
    }

    @Test func readsTheHeader() throws {
        let info = try PNGDecoder.info(PNGFixtures.png("gray16-interlaced"))
        #expect(info.width == 13 && info.height == 11)
        #expect(info.bitDepth == 16 && info.colorType == .gray && info.isInterlaced)
        #expect(info.gamma == nil && info.srgbIntent == nil && info.iccProfileName == nil)
        let palette = try PNGDecoder.info(PNGFixtures.png("palette8-trns"))
        #expect(palette.hasTransparency && palette.outputFormat == .rgba)
    }

    @Test func anAnimationDecodesToItsDefaultImage() throws {
        let bytes = PNGFixtures.png("animated")
        #expect(try PNGDecoder.info(bytes).animationFrameCount == 2)
        #expect(try PNGDecoder.decode(bytes).image.pixels == PNGFixtures.bytes("animated.pixels"))
    }

    @Test func aZlibBombStopsAtTheImageSize() throws {
        let decoded = try PNGDecoder.decode(PNGFixtures.png("zlib-bomb"))
        #expect(decoded.image.pixels == [UInt8](repeating: 0, count: 256))
        #expect(decoded.warnings == [.excessImageData])
        #expect(decoded.warnings.map(\.description) == ["image data is longer than the image needs"])
    }

    /// An `iCCP` that inflates to 8 MiB stops inflating at `maxICCProfileBytes` and is ignored
    /// with a warning; the image still decodes. Under a larger cap the profile is kept.
    @Test func aProfileBombStopsAtTheLimit() throws {
        let bytes = PNGFixtures.png("iccp-bomb")
        let decoded = try PNGDecoder.decode(bytes)
        #expect(decoded.iccProfile == nil)
        #expect(decoded.warnings.contains(.iccProfileIgnored(.tooLarge(limit: 512 << 10))))
        #expect(
            try PNGDecoder.decode(bytes, limits: ImageLimits(maxICCProfileBytes: 16 << 20)).iccProfile?.count == 8 << 20
        )
    }

    @Test func pixelLimitIsCheckedBeforeDecoding() {
        #expect(throws: ImageError(.tooLarge, "image is 13×11 pixels, more than the limit of 100")) {
            try PNGDecoder.decode(PNGFixtures.png("rgb8"), limits: ImageLimits(maxPixels: 100))
        }
    }

    @Test func everyPrefixOfAFileDecodesOrFailsCleanly() {
        let bytes = PNGFixtures.png("rgba8-interlaced")
        for length in 0..<bytes.count {
            do {
                let decoded = try PNGDecoder.decode(Array(bytes[0..<length]))
                #expect(!decoded.warnings.isEmpty, "prefix of \(length) bytes")
            } catch {
                #expect(error.kind == .malformed, "prefix of \(length) bytes")
            }
        }
    }

    /// A PNG of `image` whose row `y` uses `filters[y % filters.count]`, filtered by the
    /// encoder's own code.
    static func png(_ image: PixelImage, filters: [Int]) -> [UInt8] {
        let rowBytes = image.rowBytes
        let zeroRow = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 0, count: rowBytes)
        var rows: [UInt8] = []
        for y in 0..<image.height {
            let filter = filters[y % filters.count]
            image.pixels.withUnsafeBufferPointer { pixels in
                zeroRow.withUnsafeBufferPointer { zeroRow in
                    filtered.withUnsafeMutableBufferPointer { output in
                        let row = pixels.baseAddress! + y * rowBytes
                        _ = PNGEncoder.filter(
                            filter, row, y == 0 ? zeroRow.baseAddress! : row - rowBytes, into: output.baseAddress!,
                            count: rowBytes, bpp: image.format.channels)
                    }
                }
            }
            rows += [UInt8(filter)] + filtered
        }
        var file = ImageFormat.pngSignature
        let header = PNGEncoder.bigEndian(UInt32(image.width)) + PNGEncoder.bigEndian(UInt32(image.height))
        PNGEncoder.appendChunk(
            "IHDR", header + [8, PNGEncoder.colorType(of: image.format).rawValue, 0, 0, 0], to: &file)
        PNGEncoder.appendChunk("IDAT", Deflater.compress(zlib: rows), to: &file)
        PNGEncoder.appendChunk("IEND", [], to: &file)
        return file
    }

    /// Each filter at each pixel size, and all five in turn, on noise (so every byte depends on
    /// its neighbours), in rows wider than a pixel and a pixel wide: rows unfiltered straight
    /// into the output.
    @Test(arguments: [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4]], PixelFormat.allCases)
    func everyFilterIsUndone(filters: [Int], format: PixelFormat) throws {
        var generator = SeededGenerator(seed: UInt64(filters.count * 10 + filters[0] + format.channels * 100))
        for (width, height) in [(61, 9), (1, 5)] {
            let pixels = (0..<(width * height * format.channels)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            let image = PixelImage(width: width, height: height, format: format, pixels: pixels)
            let decoded = try PNGDecoder.decode(Self.png(image, filters: filters))
            #expect(decoded.image == image, "\(width)×\(height)")
            #expect(decoded.warnings == [])
        }
    }
}
