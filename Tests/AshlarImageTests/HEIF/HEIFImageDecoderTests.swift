import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The HEIF decoding steps around the codec — grids, the `ispe` crop, colour (`nclx` or the
/// bitstream's VUI), alpha, `clap`/`irot`/`imir` — with FFmpeg standing in for the HEVC
/// decoder, against `heif-convert` (libheif 1.15 with libde265) on the shared HEICs: every
/// sample within one level in full range, two in limited range and at 10 bits (libheif's
/// rounded range factors and its 10-bit intermediate, see ``YCbCrConverter``).
@Suite(.tags(.referenceTools), .enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEIFImageDecoderTests {
    static let folder = SharedMaterial.folder("heic")

    /// The files heif-convert decodes (all but the iOS 18 `tmap` file and Nokia's `iden` file),
    /// except the 13 MP pug (a grid like the arrow's, 48 tiles, tested through the arrow).
    static let names = [
        "iphone8plus_arrow_irot270.heic", "nokia_C002.heic", "nokia_C025.heic", "nokia_C052.heic",
        "nokia_MIAF002.heic", "nokia_MIAF003.heic", "nokia_MIAF007.heic", "self_320x240_q90_10bit.heic",
        "self_333x257_lossless_rgb_identity_ph.heic", "self_333x257_lossless_ycc444.heic", "self_333x257_q10_420.heic",
        "self_333x257_q60_alpha_thumb.heic", "self_333x257_q90_420.heic", "self_333x257_q90_420_alpha.heic",
        "self_333x257_q90_420_nclx_clap_ph.heic", "self_333x257_q90_422.heic", "self_333x257_q90_444.heic",
        "self_333x257_q90_mono.heic",
    ]

    @Test(arguments: names)
    func matchesHeifConvert(_ name: String) throws {
        let ffmpeg = try RequiredTool.require(tool: "ffmpeg")
        let ffprobe = try RequiredTool.require(tool: "ffprobe")
        let heifConvert = try RequiredTool.require(tool: "heif-convert")
        let temporary = try TemporaryFolder("heif-decoder")
        let source = Self.folder.appendingPathComponent(name)
        let reference = temporary.url.appendingPathComponent("reference.png")
        _ = try FFmpegHEVCTestCodec.run(heifConvert, [source.path, reference.path])
        // With several top-level images heif-convert numbers its outputs; the folder keeps the
        // primary's decode as NAME.ref.png.
        let committed = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".heic", with: ".ref.png"))
        let referenceFile = FileManager.default.fileExists(atPath: reference.path) ? reference : committed
        let expected = try PNGDecoder.decode(Array(Data(contentsOf: referenceFile))).image

        let bytes = Array(try Data(contentsOf: source))
        let codec = FFmpegHEVCTestCodec(ffmpeg: ffmpeg, ffprobe: ffprobe, folder: temporary.url)
        let decoded = try HEIFImageDecoder(codec: codec).decode(bytes)
        let description = try HEIFFile(bytes).primaryImage()
        let image = decoded.image
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(image.width == description.outputWidth && image.height == description.outputHeight)
        #expect(decoded.iccProfile.map(\.count) == description.colours.compactMap(\.iccProfile).first?.count)

        // heif-convert writes grey as RGB; compare colour by colour.
        let tolerance = Self.isFullRange8Bit(description, bytes, codec) ? 1 : 2
        var worst = 0
        var outside = 0
        guard image.width == expected.width, image.height == expected.height else { return }
        for pixel in 0..<(image.width * image.height) {
            for channel in 0..<expected.format.channels {
                let ours =
                    image.format.channels == expected.format.channels
                    ? image.pixels[pixel * image.format.channels + channel]
                    : image.pixels[pixel * image.format.channels + (channel == 3 ? image.format.channels - 1 : 0)]
                let difference = abs(Int(ours) - Int(expected.pixels[pixel * expected.format.channels + channel]))
                worst = max(worst, difference)
                if difference > tolerance { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) samples differ by more than \(tolerance) (at most \(worst))")
        #expect(image.format.hasAlpha == expected.format.hasAlpha)
    }

    /// Whether the primary's colour is 8-bit full range (`nclx`, else the first coded item's VUI).
    static func isFullRange8Bit(_ description: HEIFImageDescription, _ bytes: [UInt8], _ codec: FFmpegHEVCTestCodec)
        -> Bool
    {
        if (description.bitsPerChannel?.first ?? 8) > 8 { return false }
        for colour in description.colours {
            if case .nclx(_, _, _, let fullRange) = colour { return fullRange }
        }
        guard let file = try? HEIFFile(bytes) else { return false }
        let item: UInt32
        let configuration: HEIFCodec
        switch description.coding {
        case .single(let id, let codec):
            (item, configuration) = (id, codec)
        case .grid(_, let tiles, _, _, let codec):
            guard let first = tiles.first else { return false }
            (item, configuration) = (first, codec)
        }
        guard let data = try? file.data(of: item),
            let picture = try? codec.decode(configuration, data: data, size: (Int.max / 2, Int.max / 2))
        else {
            return false
        }
        return picture.fullRange && picture.planes.luma.bitDepth == 8
    }

    @Test func anIdenItemIsRefusedByName() throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent("nokia_C014.heic")))
        let codec = FFmpegHEVCTestCodec(
            ffmpeg: "/bin/false", ffprobe: "/bin/false", folder: URL(fileURLWithPath: "/tmp"))
        #expect(throws: ImageError(.unsupported, "HEIF: item 1007 is a 'iden' image, which is not supported")) {
            try HEIFImageDecoder(codec: codec).decode(bytes)
        }
    }
}

extension HEIFColour {
    var iccProfile: [UInt8]? {
        if case .icc(let bytes, _) = self { bytes } else { nil }
    }
}
