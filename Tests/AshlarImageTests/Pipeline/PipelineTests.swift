import Foundation
import Testing

@testable import AshlarImage

/// `Renditions.make` on small fixtures (Fixtures/resize/pipeline-*, from make-fixtures.py); each
/// rendition is decoded again to check what was written.
@Suite struct PipelineTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = TestFiles.fixtures.appendingPathComponent("resize/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    struct WidthCase: Sendable, CustomTestStringConvertible {
        var requested: [Int]
        var made: [Int]
        var testDescription: String { "\(requested) → \(made)" }
    }

    /// pipeline-plain.jpg is 120 × 80: nothing is made wider, and equal widths give one rendition.
    @Test(arguments: [
        WidthCase(requested: [480, 60, 60, 120, 200], made: [120, 60]),
        WidthCase(requested: [30], made: [30]),
        WidthCase(requested: [1920, 960, 480], made: [120]),
        WidthCase(requested: [7, 119, 0], made: [119, 7, 1]),
    ])
    func widthsAreNeverUpscaledAndDuplicatesMerge(widths: WidthCase) throws {
        let set = try Renditions.make(from: Self.fixture("pipeline-plain.jpg"), widths: widths.requested, quality: 85)
        #expect(set.renditions.map(\.width) == widths.made)
        #expect(set.renditions.map(\.height) == widths.made.map { max(1, ($0 * 80 + 60) / 120) })
        #expect(set.width == 120 && set.height == 80 && set.orientation == 1)
        for rendition in set.renditions {
            #expect(rendition.format == .jpeg(quality: 85))
            let decoded = try JPEGDecoder.decode(rendition.bytes)
            #expect(decoded.image.width == rendition.width && decoded.image.height == rendition.height)
        }
    }

    /// Stored 64 × 48 with orientation 6: shown 48 × 64, and its red left quarter is on top.
    @Test func orientationSixSwapsWidthAndHeight() throws {
        let set = try Renditions.make(from: Self.fixture("pipeline-rotated.jpg"), widths: [100, 24], quality: 90)
        #expect(set.width == 48 && set.height == 64 && set.orientation == 6)
        #expect(set.renditions.map(\.width) == [48, 24])
        #expect(set.renditions.map(\.height) == [64, 32])
        let image = try JPEGDecoder.decode(set.renditions[0].bytes).image
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(image.pixels[(y * image.width + x) * 3..<(y * image.width + x) * 3 + 3])
        }
        #expect(pixel(24, 4)[0] > 200 && pixel(24, 4)[2] < 60, "\(pixel(24, 4))")
        #expect(pixel(24, 50)[0] < 60 && pixel(24, 50)[2] > 200, "\(pixel(24, 50))")
    }

    /// pipeline-rotated.icc is lcms's "sRGB built-in": what a browser assumes, so left out.
    @Test func standardSRGBProfileIsLeftOut() throws {
        #expect(ICCProfileHeader.isStandardSRGB(try Self.fixture("pipeline-rotated.icc")))
        let set = try Renditions.make(from: Self.fixture("pipeline-rotated.jpg"), widths: [48, 20], quality: 85)
        #expect(set.renditions.count == 2)
        for rendition in set.renditions {
            #expect(try JPEGMetadata.read(rendition.bytes).iccProfile == nil)
        }
        #expect(set.warnings.isEmpty, "\(set.warnings)")
    }

    @Test func pngWithAlphaGivesPNGRenditions() throws {
        let source = try PNGDecoder.decode(Self.fixture("pipeline-alpha.png")).image
        let set = try Renditions.make(from: Self.fixture("pipeline-alpha.png"), widths: [40, 20], quality: 85)
        #expect(set.renditions.map(\.format) == [.png, .png])
        let full = try PNGDecoder.decode(set.renditions[0].bytes).image
        #expect(full == source)
        let half = try PNGDecoder.decode(set.renditions[1].bytes).image
        #expect(half.format == .rgba && half.width == 20 && half.height == 15)
        // Alpha runs 0…234 left to right; the colour stays (200, 100 + y, 50) wherever alpha is not tiny.
        #expect(half.pixels[3] < 16 && half.pixels[19 * 4 + 3] > 200)
        #expect(half.pixels[(7 * 20 + 12) * 4] == 200)
    }

    @Test func greyStaysGrey() throws {
        let set = try Renditions.make(from: Self.fixture("pipeline-gray.jpg"), widths: [25], quality: 85)
        let image = try JPEGDecoder.decode(set.renditions[0].bytes).image
        #expect(image.format == .gray && image.width == 25 && image.height == 20)
    }

    @Test func requestsChooseTheFormat() throws {
        let set = try Renditions.make(
            from: Self.fixture("pipeline-plain.jpg"),
            requests: [
                RenditionRequest(width: 60, format: .png), RenditionRequest(width: 60, format: .jpeg(quality: 70)),
                RenditionRequest(width: 60, format: .png),
            ])
        #expect(set.renditions.map(\.format) == [.png, .jpeg(quality: 70)])
        #expect(try PNGDecoder.decode(set.renditions[0].bytes).image.format == .rgb)
    }

    @Test(arguments: [[UInt8](), [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], Array("<svg/>".utf8)])
    func otherFilesAreRejected(bytes: [UInt8]) {
        #expect(throws: ImageError(.unsupported, "not a JPEG, PNG or HEIC file")) {
            try Renditions.make(from: bytes, widths: [100], quality: 85)
        }
    }

    struct ScaleCase: Sendable, CustomTestStringConvertible {
        var width, height, largestWidth: Int
        var gap = 1.0
        var scale: JPEGScale
        var testDescription: String {
            "\(width)×\(height) for \(largestWidth), gap \(gap) → 1/\(scale.rawValue)"
        }
    }

    /// The decode reduction, on the size as shown, leaving at least `gap` times the widest
    /// rendition. A 8000 × 4000 photo with orientation 6 is shown 4000 wide: 1000 px needs ¼ (at a
    /// gap of 1), where the stored width would wrongly allow ⅛.
    @Test(arguments: [
        ScaleCase(width: 6000, height: 4000, largestWidth: 1920, scale: .half),
        ScaleCase(width: 6000, height: 4000, largestWidth: 750, scale: .eighth),
        ScaleCase(width: 6000, height: 4000, largestWidth: 751, scale: .quarter),
        ScaleCase(width: 4000, height: 8000, largestWidth: 1000, scale: .quarter),
        ScaleCase(width: 8000, height: 4000, largestWidth: 1000, scale: .eighth),
        ScaleCase(width: 1000, height: 700, largestWidth: 5000, scale: .full),
        ScaleCase(width: 9, height: 9, largestWidth: 1, scale: .eighth),
        ScaleCase(width: 6000, height: 4000, largestWidth: 1920, gap: 2, scale: .full),
        ScaleCase(width: 6000, height: 4000, largestWidth: 1500, gap: 2, scale: .half),
        ScaleCase(width: 6000, height: 4000, largestWidth: 750, gap: 2, scale: .quarter),
        ScaleCase(width: 6000, height: 4000, largestWidth: 751, gap: 2, scale: .half),
        ScaleCase(width: 4000, height: 8000, largestWidth: 1000, gap: 2, scale: .half),
        ScaleCase(width: 8000, height: 4000, largestWidth: 1000, gap: 2, scale: .quarter),
        ScaleCase(width: 5304, height: 7952, largestWidth: 1707, gap: 1.5, scale: .half),
        ScaleCase(width: 3985, height: 5974, largestWidth: 1707, gap: 1.5, scale: .full),
        ScaleCase(width: 1000, height: 700, largestWidth: 5000, gap: 2, scale: .full),
        ScaleCase(width: 9, height: 9, largestWidth: 1, gap: 2, scale: .eighth),
        ScaleCase(width: 9, height: 9, largestWidth: 1, gap: .infinity, scale: .full),
        ScaleCase(width: 6000, height: 4000, largestWidth: 750, gap: 0.5, scale: .eighth),
    ])
    func decodeScaleCoversTheWidestRendition(scaleCase: ScaleCase) {
        #expect(
            JPEGScale.forRenditions(
                width: scaleCase.width, height: scaleCase.height, largestWidth: scaleCase.largestWidth,
                reducingGap: scaleCase.gap) == scaleCase.scale)
    }

    /// A build decodes with `Renditions.reducingGap`.
    @Test func layoutsUseTheReducingGap() {
        for largestWidth in [317, 1280, 1707, 2560] {
            #expect(
                SourceLayout.scale(width: 5304, height: 7952, largestWidth: largestWidth)
                    == JPEGScale.forRenditions(
                        width: 5304, height: 7952, largestWidth: largestWidth, reducingGap: Renditions.reducingGap))
        }
    }
}

/// A profile travels into renditions only when it describes their pixels.
@Suite struct PipelineProfileTests {
    /// A minimal profile header: size, version, class, colour space and the `acsp` signature.
    static func profile(colourSpace: String) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 132)
        bytes[3] = 132
        bytes[8] = 4
        bytes.replaceSubrange(12..<16, with: Array("mntr".utf8))
        bytes.replaceSubrange(16..<20, with: Array(colourSpace.utf8))
        bytes.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        bytes.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return bytes
    }

    /// `jpeg` with an `APP2 ICC_PROFILE` segment holding `profile` inserted after SOI.
    static func withProfile(_ jpeg: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        let body = Array("ICC_PROFILE\0".utf8) + [1, 1] + profile
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + body + jpeg.dropFirst(2)
    }

    struct ProfileCase: Sendable, CustomTestStringConvertible {
        var file: String
        var colourSpace: String
        var kept: Bool
        var testDescription: String { "\(file) with a \(colourSpace) profile: \(kept ? "kept" : "dropped")" }
    }

    @Test(arguments: [
        ProfileCase(file: "jpeg/cmyk.jpg", colourSpace: "CMYK", kept: false),
        ProfileCase(file: "jpeg/s420.jpg", colourSpace: "RGB ", kept: true),
        ProfileCase(file: "jpeg/s420.jpg", colourSpace: "GRAY", kept: false),
        ProfileCase(file: "jpeg/gray.jpg", colourSpace: "GRAY", kept: true),
        ProfileCase(file: "jpeg/gray.jpg", colourSpace: "RGB ", kept: false),
    ])
    func profileMustDescribeThePixels(profileCase: ProfileCase) throws {
        let url = TestFiles.fixtures.appendingPathComponent(profileCase.file)
        let profile = Self.profile(colourSpace: profileCase.colourSpace)
        let source = Self.withProfile([UInt8](try Data(contentsOf: url)), profile)
        let set = try Renditions.make(from: source, widths: [16], quality: 85)
        let written = try JPEGMetadata.read(try #require(set.renditions.first).bytes).iccProfile
        #expect(written == (profileCase.kept ? profile : nil))
        #expect(
            set.warnings.contains { $0.description.contains("renditions are written without it") } == !profileCase.kept)
        #expect(!set.isDamaged)
    }

    /// Every profile but standard sRGB travels into the renditions byte for byte.
    @Test(arguments: [
        ("srgb-hp-v2.icc", false), ("srgb-gimp-v4.icc", false), ("display-p3-v4.icc", true),
        ("other-rgb-v2.icc", true), ("lut-rgb-lab.icc", true),
    ])
    func onlyStandardSRGBIsLeftOut(file: String, kept: Bool) throws {
        let profile = [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("icc/\(file)")))
        let jpeg = [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("jpeg/s420.jpg")))
        let set = try Renditions.make(from: Self.withProfile(jpeg, profile), widths: [16, 8], quality: 85)
        #expect(set.renditions.count == 2)
        for rendition in set.renditions {
            #expect(try JPEGMetadata.read(rendition.bytes).iccProfile == (kept ? profile : nil))
        }
        #expect(set.warnings.isEmpty, "\(set.warnings)")
    }
}
