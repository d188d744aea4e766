import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The published copy of an MP4 or QuickTime file keeps only what a browser needs to play it
/// (issue 39): every leak `make-mp4-leaks.sh` wrote — a Keys `location`, a Sony `rtmd` GPS track,
/// GPS subtitles, a Garmin `uuid` in `moov`, cover art with GPS, serial number and owner, a
/// GoPro GPS track and serial number — is gone, and the video still reads and decodes.
@Suite struct VideoAllowlistTests {
    struct Leak: CustomTestStringConvertible, Sendable {
        var name: String
        /// What exiftool `-ee3` reports of the source that the copy must not have (lowercased).
        var reported: [String]
        /// Bytes of the source that must not be anywhere in the copy.
        var markers: [String] = []
        var testDescription: String { name }
    }

    static let leaks = [
        Leak(name: "leak-keys.mp4", reported: ["[keys]          location"], markers: ["+48.8583+002.2945/"]),
        Leak(name: "leak-rtmd.mp4", reported: ["gps latitude"]),
        Leak(name: "leak-tx3g.mp4", reported: ["gps latitude"], markers: ["Lat:48.8583"]),
        Leak(name: "leak-uuid.mp4", reported: ["[garmin]        gps latitude"]),
        Leak(name: "leak-covr.mp4", reported: ["cover art"], markers: ["SN-LEAK-4242", "Owner Leak"]),
        Leak(name: "leak-gopro.mp4", reported: ["gps latitude", "camera serial number"], markers: ["C3221324545448"]),
    ]

    /// The published copy, as `StreamedCopy` writes it: the source with its patches over it.
    static func published(_ name: String) throws -> (source: [UInt8], facts: VideoFacts, copy: [UInt8]) {
        let source = try VideoFixture.bytes(name)
        let facts = try VideoFixture.facts(source)
        return (source, facts, VideoFixture.patched(source, facts.patches))
    }

    static func exiftool(_ bytes: [UInt8], named name: String) throws -> String {
        let url = try VideoTool.temporaryFile(bytes, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try VideoTool.run("exiftool", ["-a", "-G1", "-n", "-ee3", url.path])
        #expect(result.status == 0, "\(result.output)")
        return result.output.lowercased()
    }

    static let leakWords = ["gps", "location", "coordinates", "iso6709", "serial", "owner", "cover art"]

    @Test(.enabled(if: VideoTool.runs("exiftool")), arguments: leaks)
    func exiftoolFindsTheLeakInTheSourceAndNothingInTheCopy(_ leak: Leak) throws {
        let (source, _, copy) = try Self.published(leak.name)
        let before = try Self.exiftool(source, named: leak.name)
        for line in leak.reported { #expect(before.contains(line), "the fixture has \(line)") }
        let after = try Self.exiftool(copy, named: leak.name)
        let found = after.split(separator: "\n").filter { line in Self.leakWords.contains { line.contains($0) } }
        #expect(found.isEmpty, "\(found)")
        #expect(!after.contains("warning") && !after.contains("error"), "\(after)")
    }

    @Test(arguments: leaks)
    func theCopyHoldsNoneOfTheLeakedBytes(_ leak: Leak) throws {
        let (source, facts, copy) = try Self.published(leak.name)
        // The warning for a video published as it is knows location boxes and GPS tracks, not
        // what a subtitle's text or a cover's EXIF says.
        #expect(facts.recordsLocation == !["leak-tx3g.mp4", "leak-covr.mp4"].contains(leak.name))
        for marker in leak.markers {
            #expect(Self.contains(source, marker), "the fixture has \(marker)")
            #expect(!Self.contains(copy, marker), "the copy still has \(marker)")
        }
    }

    /// The copy reads with the same facts, is the fixed point of its reading (every patch it
    /// asks for is already in place, as `StreamedCopy.check` asks), and keeps its length.
    @Test(arguments: VideoFixture.isoNames)
    func theCopyReadsTheSameAndIsAFixedPoint(_ name: String) throws {
        let (source, facts, copy) = try Self.published(name)
        #expect(copy.count == source.count)
        var end = 0
        for patch in facts.patches {
            #expect(patch.offset >= end && patch.length > 0, "patches in order, not overlapping")
            end = patch.offset + patch.length
        }
        #expect(end <= source.count)
        let again = try VideoFixture.facts(copy)
        #expect(!again.recordsLocation)
        #expect(again.width == facts.width && again.height == facts.height && again.rotation == facts.rotation)
        #expect(again.duration == facts.duration && again.codec == facts.codec)
        for patch in again.patches { #expect(VideoFixture.isInPlace(patch, in: copy), "at \(patch.offset)") }
    }

    /// Walking the copy's boxes finds only what a browser needs, at every level (`free` aside):
    /// the list as the documentation gives it, written out here so that a change to it is seen.
    @Test(arguments: VideoFixture.isoNames)
    func theCopyHasOnlyAllowlistedBoxes(_ name: String) throws {
        let (_, _, copy) = try Self.published(name)
        var found: [String] = []
        Self.walk(
            ByteWindow(copy), ISOBoxReader.Box(type: "", start: 0, payloadStart: 0, end: copy.count), "", "", &found)
        #expect(found.isEmpty, "\(found)")
    }

    static let allowed: [String: Set<String>] = [
        "": ["ftyp", "moov", "mdat"],
        "moov": ["mvhd", "trak"],
        "trak": ["tkhd", "edts", "mdia"],
        "edts": ["elst"],
        "mdia": ["mdhd", "hdlr", "minf"],
        "minf": ["vmhd", "smhd", "hdlr", "dinf", "stbl"],
        "dinf": ["dref"],
        "dref": ["url ", "urn ", "alis"],
        "stbl": [
            "stsd", "stts", "ctts", "cslg", "stss", "stps", "sdtp", "stsc", "stsz", "stz2", "stco", "co64", "sgpd",
            "sbgp",
        ],
        "stsd": ["avc1", "avc3", "hvc1", "hev1", "mp4a"],
        "entry": [
            "avcC", "hvcC", "av1C", "vpcC", "dvcC", "dvvC", "dvwC", "esds", "dOps", "dfLa", "alac", "dac3", "dec3",
            "pasp", "colr", "clli", "mdcv", "btrt", "fiel", "chan", "wave",
        ],
        "wave": ["frma", "esds", "enda", "mp4a", "alac", "chan", "\0\0\0\0"],
    ]

    /// Records in `found` each box not allowed in its parent, and each track neither video nor
    /// sound; a `free` box must have a zero body.
    static func walk(
        _ file: ByteWindow, _ box: ISOBoxReader.Box, _ key: String, _ handler: String, _ found: inout [String]
    ) {
        guard let children = ISOBoxReader.children(file, of: box) else {
            found.append("\(key): damaged")
            return
        }
        var handler = handler
        if box.type == "trak" {
            let hdlr = Self.find(file, box, ["mdia", "hdlr"])
            handler =
                hdlr.flatMap { file.slice($0.payloadStart + 8, count: 4) }.map {
                    String(String.UnicodeScalarView($0.map { Unicode.Scalar($0) }))
                } ?? ""
            if !["vide", "soun"].contains(handler) { found.append("a '\(handler)' track") }
        }
        for child in children {
            if child.type == "free" {
                let body = file.slice(child.payloadStart, count: child.end - child.payloadStart)
                if body?.allSatisfy({ $0 == 0 }) != true { found.append("\(key)/free with a body") }
                continue
            }
            guard allowed[key]?.contains(child.type) == true else {
                found.append("\(key)/\(child.type)")
                continue
            }
            switch key {
            case "stsd":
                let fields = handler == "vide" ? 78 : 28
                let inner = ISOBoxReader.Box(
                    type: child.type, start: child.start, payloadStart: child.payloadStart + fields, end: child.end)
                walk(file, inner, "entry", handler, &found)
            case _ where ["stsd", "dref"].contains(child.type):
                let list = ISOBoxReader.Box(
                    type: child.type, start: child.start, payloadStart: child.payloadStart + 8, end: child.end)
                walk(file, list, child.type, handler, &found)
            case _ where allowed[child.type] != nil:
                walk(file, child, child.type, handler, &found)
            default:
                break
            }
        }
    }

    static func find(_ file: ByteWindow, _ box: ISOBoxReader.Box, _ path: [String]) -> ISOBoxReader.Box? {
        guard let first = path.first else { return box }
        guard let child = ISOBoxReader.children(file, of: box)?.first(where: { $0.type == first }) else { return nil }
        return find(file, child, Array(path.dropFirst()))
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    struct TimedCase: CustomTestStringConvertible, Sendable {
        var entry: [UInt8]
        var testDescription: String
    }

    /// A track that records a position frame by frame (once refused): dropped, its samples
    /// zeroed, and the source still counts as recording a location, for the warning when it is
    /// published as it is.
    @Test(
        arguments: [
            TimedCase(entry: VideoBoxes.box("gpmd", [UInt8](repeating: 0, count: 8)), testDescription: "GoPro gpmd"),
            TimedCase(entry: VideoBoxes.box("camm", [UInt8](repeating: 0, count: 8)), testDescription: "Google camm"),
            TimedCase(
                entry: VideoBoxes.box(
                    "mebx", [UInt8](repeating: 0, count: 8) + VideoBoxes.keys(["com.apple.quicktime.location.ISO6709"])),
                testDescription: "Apple mebx location"),
        ])
    func aTimedLocationTrackIsDropped(_ timed: TimedCase) throws {
        let file = VideoBoxes.file(VideoBoxes.movie(extra: VideoDamageTests.metadataTrack(timed.entry)))
        let facts = try VideoFixture.facts(file)
        #expect(facts.recordsLocation)
        let copy = VideoFixture.patched(file, facts.patches)
        var found: [String] = []
        Self.walk(
            ByteWindow(copy), ISOBoxReader.Box(type: "", start: 0, payloadStart: 0, end: copy.count), "", "", &found)
        #expect(found.isEmpty, "\(found)")
        #expect(!(try VideoFixture.facts(copy).recordsLocation))
    }

    /// Optional: the copy decodes without an error, where ffmpeg is installed.
    @Test(.enabled(if: VideoTool.path(of: "ffmpeg") != nil), arguments: VideoFixture.isoNames)
    func ffmpegDecodesTheCopy(_ name: String) throws {
        let (_, _, copy) = try Self.published(name)
        let url = try VideoTool.temporaryFile(copy, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try VideoTool.run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "null", "-"])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }
}
