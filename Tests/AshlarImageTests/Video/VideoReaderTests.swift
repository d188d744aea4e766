import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// `VideoReader` on the videos `make-videos.sh` made with ffmpeg and exiftool: what it reads,
/// checked against what exiftool reports.
@Suite struct VideoReaderTests {
    struct Expected: CustomTestStringConvertible, Sendable {
        var file: String
        var format: VideoFormat
        var width: Int
        var height: Int
        var rotation = 0
        var duration: Double? = 1
        var codec: String
        var title: String?
        var hasXMP = false
        var patches = 0
        var testDescription: String { file }
    }

    static let expected: [Expected] = [
        Expected(
            file: "iphone.mov", format: .quickTime, width: 320, height: 180, codec: "avc1", title: "Harbour at dusk",
            hasXMP: true, patches: 3),
        Expected(file: "iphone.mp4", format: .mp4, width: 320, height: 180, codec: "avc1", hasXMP: true, patches: 3),
        Expected(
            file: "rotated.mp4", format: .mp4, width: 180, height: 320, rotation: 90, codec: "avc1", title: "Turned"),
        Expected(
            file: "android.mp4", format: .mp4, width: 320, height: 180, codec: "avc1", title: "Beach walk", patches: 1),
        Expected(file: "hevc.mp4", format: .mp4, width: 320, height: 180, codec: "hvc1"),
        Expected(
            file: "vp9.webm", format: .webM, width: 320, height: 180, codec: "V_VP9", title: "Evening tram", patches: 6),
        Expected(file: "vp8.webm", format: .webM, width: 320, height: 180, codec: "V_VP8", patches: 5),
        Expected(file: "live.webm", format: .webM, width: 320, height: 180, duration: nil, codec: "V_VP9", patches: 5),
    ]

    @Test(arguments: expected)
    func readsTheFixture(_ expected: Expected) throws {
        let bytes = try VideoFixture.bytes(expected.file)
        let facts = try VideoFixture.facts(bytes)
        #expect(facts.format == expected.format)
        #expect(VideoReader.format(ofPrefix: Array(bytes.prefix(16))) == expected.format)
        #expect(facts.mimeType == expected.format.mimeType)
        #expect(facts.width == expected.width && facts.height == expected.height)
        #expect(facts.rotation == expected.rotation)
        #expect(facts.duration.map { ($0 * 1000).rounded() / 1000 } == expected.duration)
        #expect(facts.codec == expected.codec)
        #expect(facts.title == expected.title)
        #expect((facts.xmp != nil) == expected.hasXMP)
        #expect(facts.xmp.map { String(decoding: $0, as: UTF8.self).contains("<x:xmpmeta") } ?? true)
        if expected.format == .webM {
            #expect(facts.patches.count == expected.patches)
        } else {
            // An MP4's patches are its allowlist's (every file has some); those that found a
            // location are what the warning for a video published by reference counts.
            #expect(facts.recordsLocation == (expected.patches > 0))
        }
    }

    /// exiftool's reading of the same files: the stored size, the rotation, the duration, the codec.
    @Test(.enabled(if: VideoTool.runs("exiftool")), arguments: expected)
    func exiftoolAgrees(_ expected: Expected) throws {
        let path = VideoFixture.folder.appendingPathComponent(expected.file).path
        let report = try VideoTool.run(
            "exiftool",
            ["-a", "-n", "-s3", "-Track1:ImageWidth", "-Track1:ImageHeight", "-Rotation", "-Duration", path])
        let lines = report.output.split(separator: "\n").map(String.init)
        let facts = try VideoFixture.facts(try VideoFixture.bytes(expected.file))
        let turned = facts.rotation == 90 || facts.rotation == 270
        let stored = turned ? [facts.height, facts.width] : [facts.width, facts.height]
        #expect(lines.prefix(2).compactMap { Int($0) } == stored, "\(report.output)")
        if expected.format != .webM { #expect(lines.contains(String(facts.rotation)), "\(report.output)") }
        if let duration = facts.duration { #expect(lines.contains { Double($0) == duration }, "\(report.output)") }
    }

    struct PrefixCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var video: VideoFormat?
        var image: ImageFormat?
        var testDescription: String { name }
    }

    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        VideoBoxes.box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
    }

    /// MP4 and QuickTime by their brands, never taken for AVIF; AVIF and HEIC never taken for video,
    /// CR3 for neither.
    static let prefixes: [PrefixCase] = [
        PrefixCase(name: "MP4", bytes: ftyp("isom", ["isom", "iso2", "avc1", "mp41"]), video: .mp4),
        PrefixCase(name: "QuickTime", bytes: ftyp("qt  ", ["qt  "]), video: .quickTime),
        PrefixCase(name: "old QuickTime", bytes: [0, 0, 0, 8] + Array("wide".utf8) + [0, 0, 0, 8], video: .quickTime),
        PrefixCase(name: "AVIF", bytes: ftyp("avif", ["mif1", "miaf"]), image: .avif),
        PrefixCase(name: "AVIF compatible brand", bytes: ftyp("mif1", ["mif1", "avif"]), image: .avif),
        PrefixCase(name: "HEIC", bytes: ftyp("heic", ["mif1", "heic"]), image: .heic),
        PrefixCase(name: "HEIF, general brand", bytes: ftyp("mif1", ["mif1", "miaf"]), image: .heic),
        PrefixCase(name: "CR3", bytes: ftyp("crx ", ["crx ", "isom"])),
        PrefixCase(name: "WebM", bytes: [0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0, count: 12), video: .webM),
        PrefixCase(name: "text", bytes: Array("hello, world, hello".utf8)),
        PrefixCase(name: "empty", bytes: []),
    ]

    @Test(arguments: prefixes)
    func tellsVideosFromImages(_ prefix: PrefixCase) {
        #expect(VideoReader.format(ofPrefix: prefix.bytes) == prefix.video)
        #expect(ImageFormat.detect(prefix.bytes) == prefix.image)
    }

    /// A `moov` after 5 GB of media data, behind a 64-bit size: found by box headers alone, with
    /// no byte of the media data read.
    @Test func readsMoovAfterLargeMediaDataWithoutReadingIt() throws {
        let movie = try VideoFixture.movieBox(of: try VideoFixture.bytes("android.mp4"))
        let head = Self.ftyp("isom", ["isom", "mp41"])
        let mediaSize = 5_000_000_000
        let mdat: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + VideoBoxes.u64(mediaSize)
        let moovStart = head.count + mediaSize
        let fileSize = moovStart + movie.count
        var bytesRead = 0
        let facts = try VideoReader.read(fileSize: fileSize) { offset, count throws(VideoReadError) in
            bytesRead += count
            if offset + count <= head.count + mdat.count {
                return Array((head + mdat)[offset..<offset + count])
            }
            guard offset >= moovStart else { throw VideoReadError("read the media data at \(offset)") }
            return Array(movie[(offset - moovStart)..<min(movie.count, offset - moovStart + count)])
        }
        #expect(facts.width == 320 && facts.codec == "avc1")
        #expect(bytesRead < 2 * movie.count + 64)
        #expect(
            facts.patches.contains { $0.bytes.isEmpty && $0.offset + $0.length == moovStart },
            "the media data no sample uses is zeroed to its end, unread")
    }
}
