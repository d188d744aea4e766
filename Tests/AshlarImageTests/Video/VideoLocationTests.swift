import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The location a phone writes into a video, removed by the reader's patches (the allowlist of
/// ``ISOAllowlist`` for MP4 and QuickTime): exiftool finds none in the patched copy, which keeps
/// its length and its structure (and plays, where ffmpeg is installed to try).
@Suite struct VideoLocationTests {
    static let located = ["iphone.mov", "iphone.mp4", "android.mp4", "vp9.webm", "live.webm"]

    @Test(arguments: VideoFixture.names)
    func patchedCopyStillReads(name: String) throws {
        let bytes = try VideoFixture.bytes(name)
        let facts = try VideoFixture.facts(bytes)
        #expect(facts.recordsLocation == Self.located.contains(name))
        let copy = VideoFixture.patched(bytes, facts.patches)
        #expect(copy.count == bytes.count)
        let again = try VideoFixture.facts(copy)
        #expect(!again.recordsLocation)
        #expect(again.patches.allSatisfy { VideoFixture.isInPlace($0, in: copy) })
        #expect(again.width == facts.width && again.height == facts.height && again.rotation == facts.rotation)
        #expect(again.duration == facts.duration && again.codec == facts.codec)
        for patch in facts.patches {
            #expect(patch.offset >= 0 && patch.offset + patch.length <= bytes.count)
        }
    }

    @Test(.enabled(if: VideoTool.runs("exiftool")), arguments: located)
    func exiftoolFindsNoLocationInThePatchedCopy(name: String) throws {
        let bytes = try VideoFixture.bytes(name)
        let before = try VideoTool.run(
            "exiftool", ["-a", "-G1", "-n", VideoFixture.folder.appendingPathComponent(name).path])
        #expect(Self.locationLines(before.output).count > 0, "the fixture has a location to remove")
        let copy = VideoFixture.patched(bytes, try VideoFixture.facts(bytes).patches)
        let url = try VideoTool.temporaryFile(copy, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let after = try VideoTool.run("exiftool", ["-a", "-G1", "-n", url.path])
        #expect(after.status == 0)
        #expect(Self.locationLines(after.output).isEmpty, "\(after.output)")
        #expect(!after.output.contains("Warning") && !after.output.contains("Error"), "\(after.output)")
    }

    /// Optional: the patched copy decodes without an error, where ffmpeg is installed.
    @Test(.enabled(if: VideoTool.path(of: "ffmpeg") != nil), arguments: located)
    func ffmpegDecodesThePatchedCopy(name: String) throws {
        let bytes = try VideoFixture.bytes(name)
        let copy = VideoFixture.patched(bytes, try VideoFixture.facts(bytes).patches)
        let url = try VideoTool.temporaryFile(copy, named: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let result = try VideoTool.run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "null", "-"])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
    }

    static func locationLines(_ report: String) -> [Substring] {
        report.split(separator: "\n").filter { line in
            ["gps", "location", "coordinates", "iso6709"].contains { line.lowercased().contains($0) }
        }
    }

    struct BuiltCase: CustomTestStringConvertible, Sendable {
        var name: String
        var file: [UInt8]
        /// Whether the source records a location; the copy must hold none of `located`'s bytes.
        var patched: [String]
        var title: String?
        var testDescription: String { name }
    }

    static let xyz = VideoBoxes.box(
        "©xyz", VideoBoxes.u16(18) + VideoBoxes.u16(0x15C7) + Array("+48.8583+002.2945/".utf8))

    /// Location boxes wherever writers put them, in movies built by hand.
    static let built: [BuiltCase] = {
        typealias B = VideoBoxes
        let loci = B.box(
            "loci", B.versionAndFlags + B.u16(0x15C7) + Array("Home\0".utf8) + [0] + [UInt8](repeating: 0, count: 12))
        let locationKeys = [
            "com.apple.quicktime.make", "com.apple.quicktime.location.ISO6709",
            "com.apple.quicktime.location.accuracy.horizontal", "com.apple.quicktime.title",
        ]
        func item(_ index: Int, _ text: String) -> [UInt8] {
            B.u32(8 + B.data(text).count) + B.u32(index) + B.data(text)
        }
        let items = B.box(
            "ilst", item(1, "Apple") + item(2, "+48.8583+002.2945+035.000/") + item(3, "4.7") + item(4, "Title"))
        return [
            BuiltCase(name: "©xyz in moov/udta", file: B.file(B.movie(extra: B.box("udta", xyz))), patched: ["©xyz"]),
            BuiltCase(
                name: "©xyz in trak/udta", file: B.file(B.movie(trackExtra: B.box("udta", xyz))), patched: ["©xyz"]),
            BuiltCase(
                name: "©xyz with a 64-bit size",
                file: B.file(B.movie(extra: B.box("udta", B.largeBox("©xyz", Array("+48.8583+002.2945/".utf8))))),
                patched: ["©xyz"]),
            BuiltCase(name: "loci in moov/udta", file: B.file(B.movie(extra: B.box("udta", loci))), patched: ["loci"]),
            BuiltCase(
                name: "loci in a track's udta/meta",
                file: B.file(B.movie(trackExtra: B.box("udta", B.meta(quickTime: false, loci)))), patched: ["loci"]),
            BuiltCase(
                name: "Keys location in a QuickTime meta",
                file: B.file(B.movie(extra: B.meta(quickTime: true, B.keys(locationKeys) + items))),
                patched: ["\u{0}\u{0}\u{0}\u{2}", "\u{0}\u{0}\u{0}\u{3}"], title: "Title"),
            BuiltCase(
                name: "Keys location in an ISO meta",
                file: B.file(B.movie(extra: B.meta(quickTime: false, B.keys(locationKeys) + items))),
                patched: ["\u{0}\u{0}\u{0}\u{2}", "\u{0}\u{0}\u{0}\u{3}"], title: "Title"),
            BuiltCase(
                name: "©xyz item in udta/meta/ilst",
                file: B.file(
                    B.movie(
                        extra: B.box("udta", B.meta(quickTime: false, B.box("ilst", B.box("©xyz", B.data("+1+2/"))))))),
                patched: ["©xyz"]),
            BuiltCase(
                name: "©xyz item in a second ilst",
                file: B.file(
                    B.movie(
                        extra: B.box(
                            "udta",
                            B.meta(quickTime: false, B.box("ilst", []) + B.box("ilst", B.box("©xyz", B.data("+1+2/")))))
                    )),
                patched: ["©xyz"]),
            BuiltCase(
                name: "XMP uuid at the top level",
                file: B.file(B.movie() + B.box("uuid", VideoReader.xmpUUID + Array(xmpWithGPS.utf8))), patched: ["uuid"]
            ),
            BuiltCase(
                name: "XMP_ in moov/udta",
                file: B.file(B.movie(extra: B.box("udta", B.box("XMP_", Array(xmpWithGPS.utf8))))),
                patched: ["XMP_"]),
            BuiltCase(
                name: "XMP without a location (dropped too)",
                file: B.file(B.movie(extra: B.box("udta", B.box("XMP_", Array(xmpWithTitle.utf8))))), patched: []),
            BuiltCase(
                name: "an Apple metadata track without a location (dropped too)",
                file: B.file(
                    B.movie(
                        extra: VideoDamageTests.metadataTrack(
                            B.box(
                                "mebx",
                                [UInt8](repeating: 0, count: 8) + B.keys(["com.apple.quicktime.video-orientation"]))))),
                patched: []),
            BuiltCase(
                name: "©nam as a QuickTime string",
                file: B.file(
                    B.movie(extra: B.box("udta", B.box("©nam", B.u16(5) + B.u16(0x15C7) + Array("Quay ".utf8))))),
                patched: [], title: "Quay"),
        ]
    }()

    static let xmpWithGPS = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.5N"/></rdf:RDF></x:xmpmeta>
        """
    static let xmpWithTitle = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt>\
        <rdf:li xml:lang="x-default">Quay</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta>
        """

    /// Each box patch is the whole box turned `free`: its size field (and 64-bit size) kept, the
    /// rest zero; the copy holds no metadata box at all, and none of the location's bytes.
    @Test(arguments: built)
    func patchesEveryLocationBox(_ built: BuiltCase) throws {
        let facts = try VideoFixture.facts(built.file)
        #expect(facts.width == 640 && facts.height == 360 && facts.duration == 2 && facts.codec == "avc1")
        #expect(facts.title == built.title)
        #expect(facts.recordsLocation == !built.patched.isEmpty)
        for patch in facts.patches where !patch.bytes.isEmpty {
            let original = Array(built.file[patch.offset..<(patch.offset + patch.length)])
            let large = original.prefix(4) == [0, 0, 0, 1]
            let headerSize = large ? 16 : 8
            #expect(patch.bytes.prefix(4) == original.prefix(4))
            #expect(Array(patch.bytes[4..<8]) == Array("free".utf8))
            if large { #expect(patch.bytes[8..<16] == original[8..<16]) }
            #expect(patch.bytes.dropFirst(headerSize).allSatisfy { $0 == 0 })
            let size =
                large ? Int(VideoBoxes.u64BigEndian(original[8..<16])) : Int(VideoBoxes.u64BigEndian(original[0..<4]))
            #expect(size == patch.length, "the whole box")
        }
        let copy = VideoFixture.patched(built.file, facts.patches)
        let again = try VideoFixture.facts(copy)
        #expect(!again.recordsLocation && again.title == nil)
        #expect(again.patches.allSatisfy { VideoFixture.isInPlace($0, in: copy) })
        for text in ["48.8583", "48,51.5N", "Home", "+1+2/", "Quay", "Title", "Apple"] {
            let needle = Array(text.utf8)
            #expect(
                !(0...(copy.count - needle.count)).contains { copy[$0..<$0 + needle.count].elementsEqual(needle) },
                "the copy still has \(text)")
        }
    }

    struct VoidCase: CustomTestStringConvertible, Sendable {
        var length: Int
        var testDescription: String { "\(length) bytes" }
    }

    /// A `Void` of any length reads back as one element of exactly that length.
    @Test(arguments: [2, 3, 100, 128, 129, 130, 16_384, 16_385, 16_386, 70_000].map(VoidCase.init))
    func voidElementsHaveTheLengthAsked(_ void: VoidCase) {
        let bytes = EBMLReader.void(length: void.length)
        #expect(bytes.count == void.length)
        guard case .element(let element) = EBMLReader.header(ByteWindow(bytes), at: 0, end: bytes.count) else {
            Issue.record("not an element")
            return
        }
        #expect(element.id == 0xEC && element.end == void.length)
    }
}
