import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// A published WebM keeps only what its allowlist keeps (issue 39): the files
/// `Fixtures/Video/make-webm-leaks.sh` made carry a location, a serial number and an owner in
/// subtitle cues, chapter and track names, an attached JPEG, and elements added by hand; the
/// published copy carries none of them, still reads as the same video, and holds only elements
/// of the list below, written here apart from the code that keeps them.
@Suite struct WebMAllowlistTests {
    static let leaks = ["leak-subtitles.webm", "leak-attachment.webm", "leak-appended.webm", "leak-vorbis.webm"]
    /// The fixtures with an audio track besides the video.
    static let withAudio: Set<String> = ["leak-subtitles.webm", "leak-vorbis.webm"]
    static let webM = ["vp9.webm", "vp8.webm", "live.webm"] + leaks

    /// What the fixtures hide, as text anywhere in the file.
    static let secrets = ["48.858", "2.294", "4C0FFEE", "Jane Owner", "Eiffel", "Sentinel", "GPS", "owner.txt"]

    /// The published copy, as `StreamedCopy` writes it.
    static func copy(_ name: String) throws -> (source: [UInt8], facts: VideoFacts, copy: [UInt8]) {
        let bytes = try VideoFixture.bytes(name)
        let facts = try VideoFixture.facts(bytes)
        return (bytes, facts, VideoFixture.patched(bytes, facts.patches))
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test(arguments: leaks)
    func theCopyHoldsNoneOfWhatTheSourceHides(name: String) throws {
        let (source, facts, copy) = try Self.copy(name)
        #expect(Self.secrets.contains { Self.contains(source, $0) }, "the fixture hides something")
        let kept = (Self.secrets + ["Lavf"]).filter { Self.contains(copy, $0) }
        #expect(kept.isEmpty, "still in the copy (Lavf: the muxing and writing apps)")
        #expect(copy.count == source.count)
        let again = try VideoFixture.facts(copy)
        #expect(again.width == facts.width && again.height == facts.height && again.codec == facts.codec)
        #expect(again.duration == facts.duration && !again.recordsLocation)
    }

    /// Reading the copy asks only for patches already in place: what `StreamedCopy.check` needs.
    @Test(arguments: webM)
    func theCopyIsAFixedPoint(name: String) throws {
        let (source, facts, copy) = try Self.copy(name)
        var end = 0
        for patch in facts.patches.sorted(by: { $0.offset < $1.offset }) {
            #expect(patch.offset >= end && patch.offset + patch.length <= source.count, "at \(patch.offset)")
            end = patch.offset + patch.length
        }
        let again = try VideoFixture.facts(copy)
        #expect(!again.recordsLocation)
        for patch in again.patches {
            #expect(VideoFixture.isInPlace(patch, in: copy), "a patch at \(patch.offset) is not in place")
        }
    }

    /// Every element of the copy, at every level, is on the list (a zeroed `Void` aside); every
    /// track is video or audio, every block belongs to one, and nothing follows the `Segment`.
    @Test(arguments: webM)
    func theCopyHoldsOnlyAllowlistedElements(name: String) throws {
        let (_, _, copy) = try Self.copy(name)
        var walk = WebMAllowlistWalk(bytes: copy)
        walk.walk()
        #expect(walk.problems.isEmpty, "\(walk.problems.prefix(10))")
        #expect(walk.trackTypes.sorted() == (Self.withAudio.contains(name) ? [1, 2] : [1]))
        #expect(walk.blocks > 0)
    }

    /// ffmpeg decodes the copy's video and audio without an error, and finds no other stream.
    @Test(.enabled(if: VideoTool.runs("ffmpeg")), arguments: webM)
    func ffmpegPlaysTheCopy(name: String) throws {
        let (_, _, copy) = try Self.copy(name)
        let url = try VideoTool.temporaryFile(copy, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let decoded = try VideoTool.run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "null", "-"])
        #expect(decoded.status == 0 && decoded.output.isEmpty, "\(decoded.output)")
        let streams = try VideoTool.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", url.path])
        let expected = Self.withAudio.contains(name) ? "video\naudio" : "video"
        #expect(streams.output.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(streams.output)")
    }

    /// What a user sees: exiftool, embedded documents included, finds no place, serial number,
    /// owner, attachment or name in the copy.
    @Test(.enabled(if: VideoTool.runs("exiftool")), arguments: leaks)
    func exiftoolFindsNothingInTheCopy(name: String) throws {
        let (_, _, copy) = try Self.copy(name)
        let url = try VideoTool.temporaryFile(copy, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let report = try VideoTool.run("exiftool", ["-a", "-G1", "-n", "-ee3", url.path])
        #expect(report.status == 0)
        let leaks = report.output.split(separator: "\n").filter { line in
            !["[ExifTool]", "[System]", "[File]"].contains { line.hasPrefix($0) }
        }.filter { line in
            ["gps", "locat", "serial", "owner", "attached", "track name", "title", "chapter"].contains {
                line.lowercased().contains($0)
            }
        }
        #expect(leaks.isEmpty, "\(report.output)")
    }

    /// exiftool sees the source's attachment (and, taken out with `-b -AttachedFileData`, its
    /// GPS, serial number and owner: `Fixtures/Video/exiftool-webm-leaks.txt`).
    @Test(.enabled(if: VideoTool.runs("exiftool")))
    func exiftoolSeesTheSourcesAttachment() throws {
        let path = VideoFixture.folder.appendingPathComponent("leak-attachment.webm").path
        let source = try VideoTool.run("exiftool", ["-a", "-G1", "-n", "-ee3", path])
        #expect(source.output.contains("Attached File Name"), "\(source.output)")
    }

    struct CodecPrivateCase: CustomTestStringConvertible, Sendable {
        var name: String
        var codec: String
        var data: [UInt8]
        /// Nil: kept as it is.
        var rewritten: [UInt8]?
        var testDescription: String { name }
    }

    static let codecPrivates: [CodecPrivateCase] = {
        let streamInfo: [UInt8] = [0, 0, 0, 4, 1, 2, 3, 4]
        let comment: [UInt8] = [4, 0, 0, 5] + Array("GPS=1".utf8)
        let picture: [UInt8] = [0x86, 0, 0, 3, 0xFF, 0xD8, 0xFF]
        let fLaC = Array("fLaC".utf8)
        return [
            CodecPrivateCase(
                name: "FLAC comments and picture become padding", codec: "A_FLAC",
                data: fLaC + streamInfo + comment + picture,
                rewritten: fLaC + streamInfo + [1, 0, 0, 5, 0, 0, 0, 0, 0] + [0x81, 0, 0, 3, 0, 0, 0]),
            CodecPrivateCase(
                name: "FLAC bytes after the last block become zeros", codec: "A_FLAC",
                data: fLaC + [0x80, 0, 0, 1, 9] + Array("GPS".utf8), rewritten: fLaC + [0x80, 0, 0, 1, 9, 0, 0, 0]),
            CodecPrivateCase(name: "Opus is kept", codec: "A_OPUS", data: Array("OpusHead".utf8), rewritten: nil),
        ]
    }()

    @Test(arguments: codecPrivates)
    func rewritesWhatACodecPrivateHoldsBesidesSettings(_ testCase: CodecPrivateCase) throws {
        #expect(try MatroskaCodecPrivate.rewritten(testCase.data, codec: testCase.codec) == testCase.rewritten)
    }

    @Test func aDamagedFLACCodecPrivateIsRefused() {
        #expect(throws: VideoReadError("WebM FLAC track's CodecPrivate is damaged")) {
            try MatroskaCodecPrivate.rewritten(Array("fLaC".utf8) + [4, 0, 0, 9, 1], codec: "A_FLAC")
        }
    }

    struct RefusedCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static let refused: [RefusedCase] = {
        let subtitles = VideoDamageTests.fixture("leak-subtitles.webm")
        // The subtitle track (TrackType 17) renumbered as the video track: its blocks could not
        // be told from the video's.
        let type = firstOffset(of: [0x83, 0x81, 0x11], in: subtitles, from: 0)
        let entry = subtitles[..<max(0, type)].lastIndex(of: 0xAE) ?? 0
        let field = firstOffset(of: [0xD7, 0x81, 0x03], in: subtitles, from: entry)
        var twice = subtitles
        if field >= 0 { twice[field + 2] = 0x01 }
        let (late, cluster) = clusterBeforeTracks(VideoDamageTests.fixture("vp8.webm"))
        return [
            RefusedCase(
                name: "a Cluster before the Tracks", bytes: late,
                message:
                    "WebM has a 'Cluster' before its 'Tracks'; remux it (ffmpeg -i FILE -c copy OUT.webm) (at byte \(cluster))"
            ),
            RefusedCase(
                name: "two tracks of one number", bytes: twice,
                message:
                    "WebM has two tracks numbered 1; remux it (ffmpeg -i FILE -map 0:v -map 0:a -c copy OUT.webm) (at byte \(entry))"
            ),
        ]
    }()

    /// `bytes` with the `Segment`'s first `Cluster` moved before its `Tracks` (the `Segment`
    /// keeps its size), and where the `Cluster` now starts.
    static func clusterBeforeTracks(_ bytes: [UInt8]) -> ([UInt8], Int) {
        let file = ByteWindow(bytes)
        let whole = EBMLReader.Element(id: 0, start: 0, dataStart: 0, end: bytes.count)
        guard let top = EBMLReader.children(file, of: whole), let segment = top.first(where: { $0.id == 0x1853_8067 }),
            let children = EBMLReader.children(file, of: segment),
            let tracks = children.firstIndex(where: { $0.id == 0x1654_AE6B }),
            let cluster = children.firstIndex(where: { $0.id == 0x1F43_B675 }), tracks < cluster,
            let end = children[cluster].end
        else { return ([], 0) }
        let start = children[tracks].start
        let moved = Array(bytes[children[cluster].start..<end])
        let copy = Array(bytes[..<start]) + moved + Array(bytes[start..<children[cluster].start]) + Array(bytes[end...])
        return (copy, start)
    }

    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int {
        (start...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) } ?? -1
    }

    /// A file whose structure the allowlist cannot rewrite is refused, saying what to do.
    @Test(arguments: refused)
    func refusesWhatItCannotRewrite(_ refused: RefusedCase) {
        #expect(throws: VideoReadError.self) { try VideoFixture.facts(refused.bytes) }
        do {
            _ = try VideoFixture.facts(refused.bytes)
        } catch {
            #expect(error.description == refused.message)
        }
    }
}
