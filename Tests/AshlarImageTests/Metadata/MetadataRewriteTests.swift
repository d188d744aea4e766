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
        switch rewrite.policy {
        case .colourProfileOnly:
            #expect(after.exif == nil && after.xmp == nil)
            #expect(after.orientation == 1)
        case .everythingButLocation:
            let exifReadable = rewrite.file != "broken-exif-offset.jpg"
            #expect((after.exif != nil) == (before.exif != nil && exifReadable))
            #expect((after.xmp != nil) == (before.xmp != nil))
            #expect(after.orientation == before.orientation)
            // The EXIF keeps its size and every offset: only GPS bytes became zero.
            if let old = before.exif, let new = after.exif {
                #expect(new.count == old.count)
            }
        }
    }

    @Test(arguments: rewrites)
    func exiftoolFindsNoLocationAfterRewrite(_ rewrite: Rewrite) throws {
        guard ExternalTool.enabled("exiftool") else { return }
        let output = try JPEGMetadata.rewrite(try MetadataFixture.bytes(rewrite.file), keeping: rewrite.policy)
        let path = ExternalTool.temporaryFile(output, named: "rewritten.jpg")
        let arguments = ["-gps:all", "-xmp-exif:all", "-n", "-json", path]
        guard let json = ExternalTool.run("exiftool", arguments) else { return }
        let text = String(decoding: json, as: UTF8.self)
        #expect(!text.contains("GPS"), "\(text)")
        guard let report = ExternalTool.run("exiftool", ["-a", "-G1", "-json", path]) else { return }
        let everything = String(decoding: report, as: UTF8.self)
        #expect(!everything.contains("\"Warning\""), "\(everything)")
        if rewrite.policy == .everythingButLocation {
            if rewrite.file.hasPrefix("gps-exif") || rewrite.file == "iptc-comment.jpg" {
                #expect(everything.contains("\"IFD0:Artist\": \"Test Author\""))
            }
            if rewrite.file.hasPrefix("gps-xmp") {
                #expect(everything.contains("\"XMP-exif:DateTimeOriginal\""))
                #expect(everything.contains("\"XMP-dc:Title\""))
            }
            if rewrite.file == "iptc-comment.jpg" {
                #expect(everything.contains("\"IPTC:City\": \"Paris\""))
                #expect(everything.contains("\"File:Comment\": \"A JPEG comment\""))
            }
        } else {
            #expect(!everything.contains("\"IFD0:") && !everything.contains("\"XMP-") && !everything.contains("IPTC:"))
        }
    }

    @Test(arguments: ["gps-exif-big-endian.jpg", "gps-exif-little-endian.jpg"])
    func gpsIFDBytesAreZeroedAndOtherBytesKept(file: String) throws {
        let original = try MetadataFixture.bytes(file)
        let before = try #require(try JPEGMetadata.read(original).exif)
        let reader = try #require(TIFFReader(before))
        let ifd0 = try #require(reader.ifd(at: reader.firstIFD))
        let pointer = try #require(ifd0.entries.first { $0.tag == TIFFReader.Tag.gpsIFD })
        let gpsOffset = try #require(reader.integer(of: pointer))
        let gps = try #require(reader.ifd(at: gpsOffset))
        let rewritten = try JPEGMetadata.read(try JPEGMetadata.rewrite(original, keeping: .everythingButLocation))
        let after = try #require(rewritten.exif)
        #expect(after[gps.offset..<gps.offset + gps.size].allSatisfy { $0 == 0 })
        for entry in gps.entries {
            if let range = reader.valueRange(of: entry) { #expect(after[range].allSatisfy { $0 == 0 }) }
        }
        // IFD0 lost exactly one entry; the Exif IFD is where it was, untouched.
        let afterReader = try #require(TIFFReader(after))
        let newIFD0 = try #require(afterReader.ifd(at: afterReader.firstIFD))
        #expect(newIFD0.entries.map(\.tag) == ifd0.entries.map(\.tag).filter { $0 != TIFFReader.Tag.gpsIFD })
        let exifPointer = try #require(ifd0.entries.first { $0.tag == TIFFReader.Tag.exifIFD })
        let exifOffset = try #require(reader.integer(of: exifPointer))
        let exifIFD = try #require(reader.ifd(at: exifOffset))
        let exifRange = exifIFD.offset..<exifIFD.offset + exifIFD.size
        #expect(after[exifRange] == before[exifRange])
    }

    @Test func dropsTrailingDataAfterEOI() throws {
        let original = try MetadataFixture.bytes("orientation-3.jpg")
        let output = try JPEGMetadata.rewrite(original + Array("appended video".utf8), keeping: .everythingButLocation)
        #expect(output == original)
    }

    @Test func extendedXMPWithLocationIsDropped() throws {
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
        #expect(try JPEGMetadata.rewrite(bytes, keeping: .everythingButLocation) == original)
        let harmless = extended("<x:xmpmeta><rdf:Description dc:format='image/jpeg'/></x:xmpmeta>")
        let kept = Array(original[0..<2]) + harmless + Array(original[2...])
        #expect(try JPEGMetadata.rewrite(kept, keeping: .everythingButLocation) == kept)
    }

    /// exiftool reads EXIF after `Exif\0` and any byte; so must the rewrite, or GPS would stay.
    @Test func variantEXIFHeaderIsStrippedToo() throws {
        var bytes = try MetadataFixture.bytes("gps-exif-little-endian.jpg")
        let header = try #require(JPEGMetadata.firstRange(of: Array("Exif\0\0".utf8), in: bytes, from: 0))
        bytes[header.upperBound - 1] = 0xFF
        #expect(try JPEGMetadata.read(bytes).hasLocation)
        let output = try JPEGMetadata.rewrite(bytes, keeping: .everythingButLocation)
        let after = try JPEGMetadata.read(output)
        #expect(!after.hasLocation)
        #expect(after.orientation == 3)
        guard ExternalTool.enabled("exiftool") else { return }
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

    @Test func photoshopResourcesLoseEXIFAndXMPOnly() {
        let iptc = Self.resource(0x0404, [0x1C, 0x02, 0x5A, 0x00, 0x05] + Array("Paris".utf8))
        let named = Self.resource(0x0425, Array(repeating: 7, count: 16), name: Array("md5".utf8))
        let xmp = Self.resource(0x0424, Array("<x:xmpmeta exif:GPSLatitude='1N'/>".utf8))
        let exif = Self.resource(0x0422, Array("MM\0*\0\0\0\u{8}".utf8))
        let payload = PhotoshopResources.signature + iptc + xmp + named + exif
        #expect(
            JPEGMetadata.removingEmbeddedMetadata(fromPhotoshop: payload)
                == PhotoshopResources.signature + iptc + named)
        // A size running past the end: the block cannot be vouched for.
        var broken = PhotoshopResources.signature + iptc
        broken[broken.count - iptc.count + 9] = 0x7F
        #expect(JPEGMetadata.removingEmbeddedMetadata(fromPhotoshop: broken) == nil)
        // A block of a type no reader knows: what follows cannot be vouched for either.
        var unknown = Self.resource(0x0422, Array("MM\0*".utf8))
        unknown.replaceSubrange(0..<4, with: "Adob".utf8)
        #expect(
            JPEGMetadata.removingEmbeddedMetadata(fromPhotoshop: PhotoshopResources.signature + iptc + unknown) == nil)
        #expect(JPEGMetadata.removingEmbeddedMetadata(fromPhotoshop: Array("Adobe_CM".utf8)) == nil)
    }

    struct XMPCase: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var output: String?
        var testDescription: String { name }
    }

    static let xmpCases: [XMPCase] = [
        XMPCase(
            name: "attributes",
            input: "<rdf:Description exif:GPSLatitude='48,51.5N'\n exif:ExposureTime=\"1/8\"\n"
                + "  exif:GPSLongitude=\"2,17.6E\"/>",
            output: "<rdf:Description\n exif:ExposureTime=\"1/8\"/>"),
        XMPCase(
            name: "elements",
            input: "<d>\n <exif:GPSLatitude>48,51.5N</exif:GPSLatitude>\n <exif:Flash>1</exif:Flash>\n"
                + " <exif:GPSVersionID >2.3</exif:GPSVersionID >\n</d>",
            output: "<d>\n <exif:Flash>1</exif:Flash>\n</d>"),
        XMPCase(name: "empty element", input: "<d> <exif:GPSAltitude rdf:resource='x'/></d>", output: "<d></d>"),
        XMPCase(
            name: "nested value",
            input: "<d><exif:GPSVersionID><rdf:Seq><rdf:li>2</rdf:li></rdf:Seq></exif:GPSVersionID></d>",
            output: "<d></d>"),
        XMPCase(
            name: "other prefix",
            input: "<d xmlns:e='http://ns.adobe.com/exif/1.0/' e:GPSLatitude='1N'><e:GPSTrack>1</e:GPSTrack></d>",
            output: "<d xmlns:e='http://ns.adobe.com/exif/1.0/'></d>"),
        XMPCase(
            name: "text mention kept",
            input: "<dc:description>exif:GPSLatitude is private</dc:description>",
            output: "<dc:description>exif:GPSLatitude is private</dc:description>"),
        XMPCase(
            name: "other namespace kept", input: "<d myexif:GPSLatitude='1'/>", output: "<d myexif:GPSLatitude='1'/>"),
        XMPCase(name: "unclosed element", input: "<d><exif:GPSLatitude>48,51.5N</d>", output: nil),
        XMPCase(name: "unclosed attribute", input: "<d exif:GPSLatitude='48", output: nil),
        XMPCase(name: "joined by removal", input: "<d exif:GP<exif:GPSA/>Sx='1'/>", output: nil),
    ]

    @Test(arguments: xmpCases)
    func removesGPSPropertiesFromXMP(_ testCase: XMPCase) {
        let output = JPEGMetadata.removingLocation(fromXMP: Array(testCase.input.utf8))
        #expect(output.map { String(decoding: $0, as: UTF8.self) } == testCase.output)
        if let output { #expect(!LocationRecord.inXMP(output)) }
    }
}
