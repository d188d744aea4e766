import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

@Suite struct MetadataRewriteTests {
    struct Rewrite: Sendable, CustomTestStringConvertible {
        var file: String
        var policy: MetadataPolicy
        var testDescription: String { "\(file) \(policy)" }
    }

    static let rewrites = MetadataFixture.all.flatMap { file in
        MetadataPolicy.allCases.map { Rewrite(file: file, policy: $0) }
    }

    @Test(arguments: rewrites)
    func keepsScanDataAndDropsLocation(_ rewrite: Rewrite) throws {
        let original = try MetadataFixture.bytes(rewrite.file)
        let output = try JPEGMetadata.rewrite(original, keeping: rewrite.policy)
        let originalScan = original[try JPEGSegment.layout(of: original).scan]
        let outputScan = output[try JPEGSegment.layout(of: output).scan]
        #expect(outputScan.elementsEqual(originalScan))
        #expect(output.suffix(originalScan.count).elementsEqual(originalScan))

        let before = try JPEGMetadata.read(original)
        let after = try JPEGMetadata.read(output)
        #expect(!after.hasLocation)
        #expect(after.iccProfile == before.iccProfile)
        #expect(after.xmp == nil)
        switch rewrite.policy {
        case .colourProfileOnly:
            #expect(after.exif == nil)
            #expect(after.orientation == 1)
        case .cameraFacts:
            #expect(after.orientation == before.orientation)
            // What EXIF is kept is rebuilt from the allowlist alone.
            if let exif = after.exif { try Self.expectAllowlisted(exif, from: try #require(before.exif)) }
        }
    }

    /// Every entry of `exif` is on the allowlist and has the value it has in `source`.
    static func expectAllowlisted(_ exif: [UInt8], from source: [UInt8]) throws {
        let reader = try #require(TIFFReader(exif))
        let original = try #require(TIFFReader(source))
        let ifd0 = try #require(reader.ifd(at: reader.firstIFD))
        #expect(ifd0.next == 0)
        func values(_ reader: TIFFReader, _ ifd: TIFFReader.IFD) -> [Int: [UInt8]] {
            var values: [Int: [UInt8]] = [:]
            for entry in ifd.entries where values[entry.tag] == nil {
                if let range = reader.valueRange(of: entry) { values[entry.tag] = Array(reader.bytes[range]) }
            }
            return values
        }
        let sourceIFD0 = try #require(original.ifd(at: original.firstIFD))
        let sourceValues = values(original, sourceIFD0)
        for entry in ifd0.entries where entry.tag != TIFFReader.Tag.exifIFD {
            #expect(CameraEXIF.keptInIFD0.contains(entry.tag))
            #expect(values(reader, ifd0)[entry.tag] == sourceValues[entry.tag])
        }
        guard let pointer = ifd0.entries.first(where: { $0.tag == TIFFReader.Tag.exifIFD }) else { return }
        let exifOffset = try #require(reader.integer(of: pointer))
        let exifIFD = try #require(reader.ifd(at: exifOffset))
        let sourcePointer = try #require(sourceIFD0.entries.first { $0.tag == TIFFReader.Tag.exifIFD })
        let sourceOffset = try #require(original.integer(of: sourcePointer))
        let sourceEXIF = try #require(original.ifd(at: sourceOffset))
        for entry in exifIFD.entries {
            #expect(CameraEXIF.keptInEXIFIFD.contains(entry.tag))
            #expect(values(reader, exifIFD)[entry.tag] == values(original, sourceEXIF)[entry.tag])
        }
    }

    @Test(arguments: rewrites)
    func exiftoolFindsNoLocationAfterRewrite(_ rewrite: Rewrite) throws {
        try RequiredTool.require(tool: "exiftool")
        let output = try JPEGMetadata.rewrite(try MetadataFixture.bytes(rewrite.file), keeping: rewrite.policy)
        let path = ExternalTool.temporaryFile(output, named: "rewritten.jpg")
        let arguments = ["-gps:all", "-xmp-exif:all", "-n", "-json", path]
        guard let json = ExternalTool.run("exiftool", arguments) else { return }
        let text = String(decoding: json, as: UTF8.self)
        #expect(!text.contains("GPS"), "\(text)")
        guard let report = ExternalTool.run("exiftool", ["-a", "-G1", "-json", path]) else { return }
        let everything = String(decoding: report, as: UTF8.self)
        #expect(!everything.contains("\"Warning\""), "\(everything)")
        #expect(!everything.contains("\"XMP-") && !everything.contains("IPTC:") && !everything.contains("Comment"))
        #expect(!everything.contains("Serial") && !everything.contains("Owner") && !everything.contains("MakerNote"))
        if rewrite.policy == .cameraFacts {
            if rewrite.file.hasPrefix("gps-exif") || rewrite.file == "iptc-comment.jpg" {
                #expect(everything.contains("\"IFD0:Artist\": \"Test Author\""))
            }
        } else {
            #expect(!everything.contains("\"IFD0:"))
        }
    }

    /// The EXIF is rebuilt, not edited: no GPS IFD, IFD1, maker note or serial number survives,
    /// in either byte order, and the camera's facts keep their values.
    @Test(arguments: ["gps-exif-big-endian.jpg", "gps-exif-little-endian.jpg"])
    func exifIsRebuiltFromTheAllowlist(file: String) throws {
        let original = try MetadataFixture.bytes(file)
        let before = try #require(try JPEGMetadata.read(original).exif)
        let after = try #require(try JPEGMetadata.read(try JPEGMetadata.rewrite(original, keeping: .cameraFacts)).exif)
        #expect(TIFFReader(after)?.bigEndian == TIFFReader(before)?.bigEndian)
        #expect(!LocationRecord.inEXIF(after))
        try Self.expectAllowlisted(after, from: before)
    }

    /// A hand-made EXIF with everything a camera may write that must not be published: the
    /// rebuilt one holds make, model and lens only.
    @Test(arguments: [false, true])
    func serialsOwnerMakerNotesAndThumbnailGo(bigEndian: Bool) throws {
        let writer = TIFFWriter(bigEndian: bigEndian)
        func ascii(_ tag: Int, _ text: String) -> CameraEXIF.KeptEntry {
            let value = Array(text.utf8) + [0]
            return CameraEXIF.KeptEntry(tag: tag, type: 2, count: value.count, value: value)
        }
        let tiff = writer.write(
            ifd0: [ascii(0x010F, "Maker"), ascii(0x0110, "Model X"), ascii(0x9C9B, "XP title")],
            exifIFD: [
                ascii(0x927C, "maker note"), ascii(0xA430, "Owner Name"), ascii(0xA431, "BODY123"),
                ascii(0xA434, "Lens 50"), ascii(0xA435, "LENS456"), ascii(0xA420, "unique id"),
            ])
        let kept = try #require(CameraEXIF.allowlisted(tiff, keepingOrientation: true))
        let text = String(decoding: kept, as: UTF8.self)
        for gone in ["XP title", "maker note", "Owner Name", "BODY123", "LENS456", "unique id"] {
            #expect(!text.contains(gone))
        }
        for staying in ["Maker", "Model X", "Lens 50"] { #expect(text.contains(staying)) }
        try Self.expectAllowlisted(kept, from: tiff)
        // Rebuilding what was rebuilt changes nothing.
        #expect(CameraEXIF.allowlisted(kept, keepingOrientation: true) == kept)
    }

    @Test func dropsTrailingDataAfterEOI() throws {
        let original = try MetadataFixture.bytes("orientation-3.jpg")
        let output = try JPEGMetadata.rewrite(original + Array("appended video".utf8), keeping: .cameraFacts)
        #expect(output == (try JPEGMetadata.rewrite(original, keeping: .cameraFacts)))
    }

    @Test func extendedXMPIsDropped() throws {
        let original = try MetadataFixture.bytes("orientation-1.jpg")
        let guid = Array("0123456789ABCDEF0123456789ABCDEF".utf8)
        func extended(_ text: String) -> [UInt8] {
            let data = Array(text.utf8)
            let payload = ExtendedXMP.signature + guid + [0, 0, 0, UInt8(data.count), 0, 0, 0, 0] + data
            return [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
        }
        let located = extended("<x:xmpmeta><rdf:Description exif:GPSLongitude='2,17.67E'/></x:xmpmeta>")
        let bytes = Array(original[0..<2]) + located + Array(original[2...])
        #expect(try JPEGMetadata.read(bytes).hasLocation)
        let plain = try JPEGMetadata.rewrite(original, keeping: .cameraFacts)
        #expect(try JPEGMetadata.rewrite(bytes, keeping: .cameraFacts) == plain)
        // Extended XMP is not on the allowlist, with or without a location.
        let harmless = extended("<x:xmpmeta><rdf:Description dc:format='image/jpeg'/></x:xmpmeta>")
        let other = Array(original[0..<2]) + harmless + Array(original[2...])
        #expect(try JPEGMetadata.rewrite(other, keeping: .cameraFacts) == plain)
    }

    /// exiftool reads EXIF after `Exif\0` and any byte; so must the rewrite, or GPS would stay.
    @Test func variantEXIFHeaderIsStrippedToo() throws {
        var bytes = try MetadataFixture.bytes("gps-exif-little-endian.jpg")
        let header = try #require(JPEGMetadata.firstRange(of: Array("Exif\0\0".utf8), in: bytes, from: 0))
        bytes[header.upperBound - 1] = 0xFF
        #expect(try JPEGMetadata.read(bytes).hasLocation)
        let output = try JPEGMetadata.rewrite(bytes, keeping: .cameraFacts)
        let after = try JPEGMetadata.read(output)
        #expect(!after.hasLocation)
        #expect(after.orientation == 3)
        try RequiredTool.require(tool: "exiftool")
        let path = ExternalTool.temporaryFile(output, named: "variant.jpg")
        guard let json = ExternalTool.run("exiftool", ["-gps:all", "-n", "-json", path]) else { return }
        #expect(!String(decoding: json, as: UTF8.self).contains("GPS"))
    }

    @Test(arguments: MetadataPolicy.allCases)
    func unknownAPP1IsDropped(policy: MetadataPolicy) throws {
        let original = try MetadataFixture.bytes("orientation-2.jpg")
        let payload = Array("FLIR\0".utf8) + [1, 2, 3]
        let bytes =
            Array(original[0..<2]) + [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + Array(original[2...])
        let output = try JPEGMetadata.rewrite(bytes, keeping: policy)
        #expect(JPEGMetadata.firstRange(of: Array("FLIR".utf8), in: output, from: 0) == nil)
    }

    static func resource(_ id: Int, _ data: [UInt8], name: [UInt8] = []) -> [UInt8] {
        var bytes = Array("8BIM".utf8) + [UInt8(id >> 8), UInt8(id & 0xFF), UInt8(name.count)] + name
        if (name.count + 1) % 2 == 1 { bytes.append(0) }
        bytes += [0, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
        if data.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    @Test(arguments: MetadataPolicy.allCases)
    func photoshopSegmentGoesWhole(policy: MetadataPolicy) throws {
        let original = try MetadataFixture.bytes("orientation-1.jpg")
        let iptc = Self.resource(0x0404, [0x1C, 0x02, 0x5A, 0x00, 0x05] + Array("Paris".utf8))
        let payload = PhotoshopResources.signature + iptc
        let bytes =
            Array(original[0..<2]) + [0xFF, 0xED, 0, UInt8(payload.count + 2)] + payload + Array(original[2...])
        let output = try JPEGMetadata.rewrite(bytes, keeping: policy)
        #expect(output == (try JPEGMetadata.rewrite(original, keeping: policy)))
        #expect(JPEGMetadata.firstRange(of: Array("Paris".utf8), in: output, from: 0) == nil)
    }
}
