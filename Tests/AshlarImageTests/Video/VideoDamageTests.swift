import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// Damaged videos: cut short anywhere, or with a box or element that lies about its size or
/// contents. Each gives a `VideoReadError` that says what is wrong, never a crash.
@Suite struct VideoDamageTests {
    /// Cut at every byte: an error, unless the cut falls between top-level boxes after `moov`
    /// (the rest is then simply not there), or between elements of a live WebM's `Segment`.
    @Test(arguments: VideoFixture.names)
    func aCutFileGivesAnError(name: String) throws {
        let bytes = try VideoFixture.bytes(name)
        let boundaries = Set(VideoFixture.topLevelBoxes(bytes).map(\.end))
        var read = 0
        for cut in 0..<bytes.count {
            guard let facts = try? VideoFixture.facts(Array(bytes.prefix(cut))) else { continue }
            read += 1
            if name.hasSuffix(".webm") {
                #expect(name == "live.webm", "cut at \(cut) read")
            } else {
                #expect(boundaries.contains(cut), "cut at \(cut) read")
            }
            #expect(facts.width > 0)
        }
        #expect(read < 8, "\(read) cuts read")
    }

    struct DamageCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static func fixture(_ name: String) -> [UInt8] { (try? VideoFixture.bytes(name)) ?? [] }

    /// `bytes` with `replacement` written over them at the last `pattern` (an element's ID comes
    /// first in the `SeekHead`), `shift` bytes on.
    static func damaged(_ bytes: [UInt8], at pattern: [UInt8], shift: Int = 0, _ replacement: [UInt8]) -> [UInt8] {
        let start = offset(of: pattern, in: bytes)
        guard start >= 0 else { return [] }
        var copy = bytes
        copy.replaceSubrange(start + shift..<start + shift + replacement.count, with: replacement)
        return copy
    }

    static var cases: [DamageCase] {
        typealias B = VideoBoxes
        let android = fixture("android.mp4")
        let vp9 = fixture("vp9.webm")
        var nested = B.box("udta", [])
        for _ in 0..<20 { nested = B.box("udta", nested) }
        return [
            DamageCase(name: "empty", bytes: [], message: "the file is empty"),
            DamageCase(
                name: "text", bytes: Array("not a video at all".utf8), message: "not an MP4, QuickTime or WebM video"),
            DamageCase(
                name: "moov smaller than its header",
                bytes: damaged(android, at: Array("moov".utf8), shift: -4, B.u32(4)),
                message: "MP4 box 'moov' has size 4"),
            DamageCase(
                name: "moov past the end",
                bytes: damaged(android, at: Array("moov".utf8), shift: -4, B.u32(0xFFFF_FFF0)),
                message: "MP4 box 'moov' runs past the end of its container"),
            DamageCase(
                name: "64-bit size past any file",
                bytes: B.file([0, 0, 0, 1] + Array("mdat".utf8) + B.u64(Int.max)) + B.movie(),
                message: "MP4 box 'mdat' runs past the end of its container"),
            DamageCase(
                name: "track header overflowing its track",
                bytes: damaged(android, at: Array("tkhd".utf8), shift: -4, B.u32(5000)),
                message: "MP4 box 'trak' is damaged"),
            DamageCase(
                name: "no video track",
                bytes: damaged(android, at: Array("VideoHandler".utf8), shift: -16, Array("text".utf8)),
                message: "MP4 has no video track"),
            DamageCase(name: "no moov", bytes: B.file(B.box("free", [1, 2, 3])), message: "MP4 has no 'moov' box"),
            DamageCase(
                name: "two moov boxes", bytes: B.file(B.movie() + B.movie()), message: "MP4 has two 'moov' boxes"),
            DamageCase(
                name: "udta nested 21 deep", bytes: B.file(B.movie(extra: nested)),
                message: "MP4 boxes are nested too deeply"),
            DamageCase(
                name: "track header too short",
                bytes: B.file(
                    B.box(
                        "moov",
                        B.box(
                            "trak",
                            B.box("tkhd", [0, 0, 0, 0])
                                + B.box("mdia", B.box("hdlr", [UInt8](repeating: 0, count: 8) + Array("vide".utf8)))))),
                message: "MP4 track header ('tkhd') is too short"),
            DamageCase(
                name: "video track of no size", bytes: B.file(B.movie(width: 0, height: 0).map { $0 }),
                message: "MP4 video track has no size"),
            DamageCase(
                name: "fragmented", bytes: B.file(B.movie() + B.box("moof", [])),
                message:
                    "MP4 is fragmented ('moof'), which cannot be published; remux it (ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)"
            ),
            DamageCase(
                name: "media in another file", bytes: damaged(android, at: Array("url ".utf8), shift: 4, [0, 0, 0, 0]),
                message:
                    "MP4 track refers to media in another file ('url '), which cannot be published; export the video as one self-contained file"
            ),
            DamageCase(
                name: "a sample outside the media data",
                bytes: damaged(android, at: Array("stco".utf8), shift: 12, B.u32(0)),
                message:
                    "MP4 has a sample of its video or sound outside its media data ('mdat'), which cannot be published; remux it (ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)"
            ),
            DamageCase(
                name: "a sample past the end of the file",
                bytes: damaged(android, at: Array("stco".utf8), shift: 12, B.u32(0x7FFF_0000)),
                message: "MP4 has a sample past the end of the file (chunk at byte 2147418112)"),
            DamageCase(
                name: "sample tables that disagree",
                bytes: damaged(android, at: Array("stsz".utf8), shift: 12, B.u32(1)),
                message: "MP4 sample tables disagree: 'stsc' places more samples than the 1 'stsz' has"),
            DamageCase(
                name: "a dropped track's samples among the video's",
                bytes: damaged(
                    fixture("leak-rtmd.mp4"), at: Array("stco".utf8), shift: 12, firstChunk("leak-rtmd.mp4")),
                message:
                    "MP4 has samples of a track it does not publish ('rtmd') among its video or sound, which cannot be removed; export the video without that track"
            ),
            DamageCase(
                name: "WebM of another DocType", bytes: damaged(vp9, at: Array("webm".utf8), Array("xebm".utf8)),
                message: "EBML file is not WebM or Matroska (DocType 'xebm')"),
            DamageCase(
                name: "WebM Tracks with a size of no length",
                bytes: damaged(vp9, at: [0x16, 0x54, 0xAE, 0x6B], shift: 4, [0]),
                message: "WebM element at byte \(offset(of: [0x16, 0x54, 0xAE, 0x6B], in: vp9)) is damaged"),
            DamageCase(
                name: "WebM without a video track", bytes: damaged(vp9, at: [0x83, 0x81, 0x01], [0x83, 0x81, 0x02]),
                message: "WebM has no video track"),
            DamageCase(
                name: "WebM Info of unknown size",
                bytes: damaged(
                    vp9, at: [0x15, 0x49, 0xA9, 0x66], shift: 4, unknownSize(vp9, after: [0x15, 0x49, 0xA9, 0x66])),
                message: "WebM element 0x1549A966 has an unknown size"),
        ]
    }

    /// The first chunk offset of the first track (its `stco`'s first entry), as four bytes.
    static func firstChunk(_ name: String) -> [UInt8] {
        let bytes = fixture(name)
        let stco = Array("stco".utf8)
        guard let at = (0...(bytes.count - 4)).first(where: { bytes[$0..<$0 + 4].elementsEqual(stco) }) else {
            return []
        }
        return Array(bytes[at + 12..<at + 16])
    }

    /// A track of timed metadata whose first sample entry is `entry`.
    static func metadataTrack(_ entry: [UInt8]) -> [UInt8] {
        typealias B = VideoBoxes
        let hdlr = B.box("hdlr", B.versionAndFlags + B.u32(0) + Array("meta".utf8) + [UInt8](repeating: 0, count: 13))
        let stsd = B.box("stsd", B.versionAndFlags + B.u32(1) + entry)
        return B.box("trak", B.box("mdia", hdlr + B.box("minf", B.box("stbl", stsd))))
    }

    static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int {
        (0...(bytes.count - pattern.count)).last { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) } ?? -1
    }

    /// An all-ones size field as long as the one after `id`.
    static func unknownSize(_ bytes: [UInt8], after id: [UInt8]) -> [UInt8] {
        let first = bytes[offset(of: id, in: bytes) + id.count]
        let length = first.leadingZeroBitCount + 1
        return [UInt8(0xFF >> (length - 1))] + [UInt8](repeating: 0xFF, count: length - 1)
    }

    @Test(arguments: cases)
    func damagedVideoSaysWhatIsWrong(_ damage: DamageCase) {
        #expect(throws: VideoReadError.self) { try VideoFixture.facts(damage.bytes) }
        do {
            _ = try VideoFixture.facts(damage.bytes)
        } catch {
            #expect(error.message == damage.message)
        }
    }

    /// A `moov` larger than 64 MiB is refused before it is read.
    @Test func refusesAHugeMovieBox() {
        let head = VideoBoxes.file(VideoBoxes.u32(70 << 20) + Array("moov".utf8))
        let fileSize = 80 << 20
        #expect(throws: VideoReadError("MP4 box 'moov' is larger than 64 MiB", offset: head.count - 8)) {
            try VideoReader.read(fileSize: fileSize) { offset, count throws(VideoReadError) in
                guard count <= 16 else { throw VideoReadError("read the movie box") }
                return (0..<count).map { offset + $0 < head.count ? head[offset + $0] : 0 }
            }
        }
    }

    /// A live stream's `Cluster` of unknown size is walked through to what follows it.
    @Test func walksThroughAClusterOfUnknownSize() throws {
        let live = try VideoFixture.bytes("live.webm")
        let cluster: [UInt8] = [0x1F, 0x43, 0xB6, 0x75]
        let unknown = Self.damaged(live, at: cluster, shift: 4, Self.unknownSize(live, after: cluster))
        #expect(unknown != live)
        let facts = try VideoFixture.facts(unknown)
        #expect(facts == (try VideoFixture.facts(live)))
    }

    /// `video` found a track header whose matrix holds `Int32.min` where a quarter turn has `-b`:
    /// negating it overflowed and trapped. Any such matrix is now no turn, as a mirrored one is.
    @Test func aTrackMatrixHoldingInt32MinIsNoTurn() throws {
        #expect(VideoReader.rotation(0, Int32.min, Int32.min, 0) == 0)
        #expect(VideoReader.rotation(0, 0x1_0000, -0x1_0000, 0) == 90)
        let bytes = Array(
            try Data(contentsOf: TestFiles.fuzzRegressions.appendingPathComponent("video/tkhd-matrix-int32-min")))
        // The input, read whole, passes the matrix (it trapped there) and is refused further on.
        #expect(throws: VideoReadError.self) { try VideoFixture.facts(bytes) }
    }
}
