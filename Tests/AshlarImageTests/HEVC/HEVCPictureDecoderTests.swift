import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// Whole intra pictures from libx265 decoded by our decoder and by FFmpeg's (bit-identical to
/// libde265 on these streams, see ../shared/heic/README.md): every sample of every plane must be
/// equal. Each stream turns on a feature: scaling lists, transform skip, lossless, 10 bits,
/// 4:4:4, 4:2:2, monochrome, WPP, tiles, several slices, PCM, cu_qp_delta, SAO and deblocking
/// offsets.
@Suite(.tags(.referenceTools)) struct HEVCPictureDecoderTests {
    static let streams: [(String, String)] =
        HEVCRealStreamTests.streams + [
            ("64x64", "qp=30"),
            ("136x72", "qp=27:scaling-list=default"),
            ("160x96", "qp=32:pixfmt=yuv422p"),
            ("256x192", "qp=22:pixfmt=yuv422p:ctu=32"),
            ("96x64", "qp=20:pixfmt=yuv422p10le:tskip=1"),
            ("120x88", "qp=26:pixfmt=gray"),
            ("200x120", "qp=30:ctu=16:slices=3"),
            ("256x128", "qp=33:ctu=32:strong-intra-smoothing=1"),
            ("128x96", "qp=22:deblock=-3,2:no-strong-intra-smoothing=1"),
            ("96x96", "qp=28:constrained-intra=1"),
            ("640x360", "crf=24"),
        ]

    @Test(arguments: streams)
    func everySampleEqualsFFmpegs(size: String, options: String) throws {
        let folder = try TemporaryFolder("hevc-picture")
        let stream = try X265TestPicture.encode(
            size: size, options: options, base: "keyint=1:info=0:aq-mode=0:", in: folder)
        let pixelFormat =
            options.split(separator: ":").first { $0.hasPrefix("pixfmt=") }.map { String($0.dropFirst(7)) } ?? "yuv420p"
        let reference = try Self.ffmpegPlanes(stream, pixelFormat: pixelFormat, in: folder)
        let units = HEVCNALUnit.annexB(Array(try Data(contentsOf: stream))[...])
        let result = try HEVCStillPictureDecoder.decode(units)
        let coded = HEVCStillImageCodec.picture(result.picture, sps: result.sps)
        var planes = [coded.planes.luma]
        if let chroma = coded.planes.chroma { planes += [chroma.cb, chroma.cr] }
        #expect(planes.count == reference.count)
        for (index, (ours, theirs)) in zip(planes, reference).enumerated() {
            #expect(ours.width * ours.height == theirs.count, "plane \(index)")
            var differing = 0
            var first: String?
            for y in 0..<ours.height {
                for x in 0..<ours.width {
                    let a = ours.samples[y * ours.stride + x]
                    let b = theirs[min(y * ours.width + x, theirs.count - 1)]
                    if a != b {
                        differing += 1
                        if first == nil { first = "(\(x), \(y)): \(a) ≠ \(b)" }
                    }
                }
            }
            #expect(differing == 0, "plane \(index): \(differing) samples differ, first \(first ?? "")")
        }
    }

    /// FFmpeg's decode of `stream` as planes of samples.
    static func ffmpegPlanes(_ stream: URL, pixelFormat: String, in folder: TemporaryFolder) throws -> [[UInt16]] {
        let ffmpeg = try RequiredTool.require(tool: "ffmpeg")
        let output = folder.url.appendingPathComponent("reference.yuv")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-nostdin", "-loglevel", "error", "-i", stream.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
            pixelFormat, output.path,
        ]
        try process.run()
        process.waitUntilExit()
        let bytes = [UInt8](try Data(contentsOf: output))
        let wide = pixelFormat.contains("10")
        let samples: [UInt16] =
            wide
            ? stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
            : bytes.map { UInt16($0) }
        let (total, planes): (Int, Int) =
            pixelFormat.hasPrefix("gray")
            ? (2, 1) : pixelFormat.hasPrefix("yuv420") ? (3, 3) : pixelFormat.hasPrefix("yuv422") ? (4, 3) : (6, 3)
        // Luma is 2/total of the samples for 4:2:0 (3 halves), etc.
        let lumaCount = samples.count * 2 / total
        guard planes == 3 else { return [samples] }
        let chromaCount = (samples.count - lumaCount) / 2
        return [
            Array(samples[0..<lumaCount]), Array(samples[lumaCount..<lumaCount + chromaCount]),
            Array(samples[(lumaCount + chromaCount)...]),
        ]
    }
}
