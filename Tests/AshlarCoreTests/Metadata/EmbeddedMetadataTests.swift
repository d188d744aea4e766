import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// The text metadata image files carry: EXIF text and Windows tags, IPTC-IIM, XMP with Extended
/// XMP, from hand-built bytes (broken ones included) and from files exiftool wrote.
@Suite struct EmbeddedMetadataTests {
    typealias B = EmbeddedMetadataBytes

    /// The file's embedded metadata, its IIM and EXIF mapped to fields by the field table.
    static func embedded(_ bytes: [UInt8]) throws -> EmbeddedFields {
        guard case .header(let header) = ImageHeaderReader.read(bytes, fileSize: bytes.count) else {
            throw ExpectedHeader()
        }
        return EmbeddedFields(embedded: header.embedded)
    }

    /// An image's embedded metadata with the IIM and EXIF as fields (nil when they give none).
    struct EmbeddedFields {
        var embedded: EmbeddedMetadata
        var xmp: [UInt8]? { embedded.xmp }
        var extendedXMP: [UInt8]? { embedded.extendedXMP }
        var warnings: [String] { embedded.warnings }
        var hasLocation: Bool { embedded.hasLocation }
        var carriesLocation: Bool { embedded.carriesLocation }
        var iim: PhotoMetadata? { embedded.iim.map(IIMFields.metadata).flatMap { $0.isEmpty ? nil : $0 } }
        var exif: PhotoMetadata? { embedded.exif.map(ExifFields.metadata).flatMap { $0.isEmpty ? nil : $0 } }
    }

    struct ExpectedHeader: Error {}

    @Test func exifTextAndWindowsTags() throws {
        let tiff = B.tiff(
            [
                .ascii(0x010E, "OLYMPUS DIGITAL CAMERA"), .ascii(0x013B, "Ada Lovelace"),
                B.Entry(tag: 0x8298, type: 2, value: Array("© Ada\0Editor Bob\0".utf8)),
                .windows(0x9C9B, "Dunes 🏜"), .windows(0x9C9C, "Wind ripples"), .windows(0x9C9E, "sand; desert;;sand"),
                .windows(0x9C9D, "Grace; Ada"),
            ],
            exifEntries: [B.Entry(tag: 0x9286, type: 7, value: Array("ASCII\0\0\0A comment".utf8))])
        let embedded = try Self.embedded(B.jpeg(app1: [B.exifPayload(tiff)]))
        let exif = try #require(embedded.exif)
        #expect(exif.title == "Dunes 🏜")
        // The camera's own ImageDescription is no caption; XPComment comes next.
        #expect(exif.caption == "Wind ripples")
        #expect(exif.tags == ["sand", "desert"])
        #expect(exif.creator == "Ada Lovelace")
        #expect(exif.rights == "© Ada; Editor Bob")
        #expect(embedded.warnings.isEmpty)
    }

    @Test func userCommentInUnicodeAndAuthorsFromWindows() throws {
        let comment = Array("UNICODE\0".utf8) + "Café".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let tiff = B.tiff(
            [.windows(0x9C9D, "Grace; Ada")], exifEntries: [B.Entry(tag: 0x9286, type: 7, value: comment)])
        let exif = try #require(try Self.embedded(B.jpeg(app1: [B.exifPayload(tiff)])).exif)
        #expect(exif.caption == "Café")
        #expect(exif.creator == "Grace, Ada")
    }

    @Test func badUTF16IsAWarningAndTheFieldIsSkipped() throws {
        // A lone high surrogate, then "A".
        let tiff = B.tiff([
            B.Entry(tag: 0x9C9B, type: 1, value: [0x00, 0xD8, 0x41, 0x00, 0, 0]), .ascii(0x013B, "Ada"),
        ])
        let embedded = try Self.embedded(B.jpeg(app1: [B.exifPayload(tiff)]))
        #expect(embedded.exif?.title == nil)
        #expect(embedded.exif?.creator == "Ada")
        #expect(embedded.warnings == ["its EXIF XPTitle is not valid UTF-16; it is ignored"])
    }

    /// Little-endian EXIF whose IFD0 links a GPS IFD with one entry: `tag`, ASCII "N".
    static func exifWithGPS(tag: UInt8) -> [UInt8] {
        Array("II*\0".utf8) + [8, 0, 0, 0]
            + [1, 0, 0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0]
            + [1, 0, tag, 0, 2, 0, 2, 0, 0, 0, 0x4E, 0, 0, 0, 0, 0, 0, 0]
    }

    @Test func gpsIsNoticedNeverRead() throws {
        let embedded = try Self.embedded(B.jpeg(app1: [B.exifPayload(Self.exifWithGPS(tag: 1))]))
        #expect(embedded.hasLocation)
        #expect(embedded.carriesLocation)
        #expect(embedded.exif == nil)
    }

    /// A GPS IFD that holds only GPSVersionID (cameras write one with GPS off), or a GPS link to
    /// nothing, says nothing of a place.
    @Test func gpsVersionAloneOrALinkToNothingIsNoLocation() throws {
        let versionOnly = try Self.embedded(B.jpeg(app1: [B.exifPayload(Self.exifWithGPS(tag: 0))]))
        #expect(!versionOnly.carriesLocation)
        let dangling = B.tiff([B.Entry(tag: 0x8825, type: 4, value: [0x40, 0, 0, 0])])
        #expect(!(try Self.embedded(B.jpeg(app1: [B.exifPayload(dangling)]))).carriesLocation)
    }

    @Test func gpsInXMPIsNoticedToo() throws {
        let packet = B.xmp(
            "<exif:GPSLatitude xmlns:exif=\"http://ns.adobe.com/exif/1.0/\">41,8.436N</exif:GPSLatitude>")
        let embedded = try Self.embedded(B.jpeg(app1: [B.xmpPayload(packet)]))
        #expect(!embedded.hasLocation)
        #expect(embedded.carriesLocation)
        let plain = try Self.embedded(B.jpeg(app1: [B.xmpPayload(B.xmp(B.title("No place")))]))
        #expect(!plain.carriesLocation)
    }

    static let utf8Marker: (UInt8, UInt8, [UInt8]) = (1, 90, [0x1B, 0x25, 0x47])

    @Test func iimInUTF8AndLatin1() throws {
        let utf8 = try Self.embedded(
            B.jpeg(
                app13: B.app13([
                    Self.utf8Marker, (2, 5, Array("Café".utf8)), (2, 120, Array("Un café".utf8)),
                    (2, 25, Array("a".utf8)),
                    (2, 25, Array("b".utf8)), (2, 80, Array("Ada".utf8)), (2, 80, Array("Bob".utf8)),
                    (2, 116, Array("© 2024".utf8)), (2, 55, Array("20240601".utf8)), (2, 60, Array("183000+0200".utf8)),
                    (2, 90, Array("Paris".utf8)), (2, 101, Array("France".utf8)),
                ])))
        let iim = try #require(utf8.iim)
        #expect(iim.title == "Café")
        #expect(iim.caption == "Un café")
        #expect(iim.tags == ["a", "b"])
        #expect(iim.creator == "Ada, Bob")
        #expect(iim.rights == "© 2024")
        #expect(iim.date == PhotoDate(parsing: "2024-06-01T18:30:00+02:00"))
        #expect(iim.city == "Paris")
        #expect(iim.country == "France")

        let latin1 = try Self.embedded(B.jpeg(app13: B.app13([(2, 5, [0x46, 0xEA, 0x74, 0x65])])))
        #expect(latin1.iim?.title == "Fête")
        #expect(latin1.warnings.isEmpty)
    }

    @Test func iimAfterResourcesOfOtherSignatures() throws {
        // A `PHUT` resource of 3 bytes (padded to 4) with a one-letter name, then the IIM.
        let other = Array("PHUT".utf8) + [0x0B, 0xB7, 1, 0x41] + [0, 0, 0, 3, 9, 9, 9, 0]
        var payload = B.app13([(2, 5, Array("After".utf8))])
        payload.insert(contentsOf: other, at: "Photoshop 3.0\0".utf8.count)
        let embedded = try Self.embedded(B.jpeg(app13: payload))
        #expect(embedded.iim?.title == "After")
        #expect(embedded.warnings.isEmpty)
    }

    @Test func iimWithALyingLengthKeepsWhatCameBefore() throws {
        var payload = B.app13([(2, 5, Array("Title".utf8)), (2, 120, Array("Caption".utf8))])
        // The caption's dataset claims 0x0F00 bytes.
        let captionLength = payload.count - "Caption".utf8.count - 2
        payload[captionLength] = 0x0F
        let embedded = try Self.embedded(B.jpeg(app13: payload))
        #expect(embedded.iim?.title == "Title")
        #expect(embedded.iim?.caption == nil)
        #expect(
            embedded.warnings == [
                "its IPTC dataset 2:120 (caption) says it is 3847 bytes long, past the end of its segment; it is ignored"
            ])
    }

    @Test func iimResourceLargerThanTheSegment() throws {
        let embedded = try Self.embedded(B.jpeg(app13: B.app13([(2, 5, Array("Title".utf8))], sizeAdjustment: 100)))
        #expect(embedded.iim?.title == "Title")
        #expect(
            embedded.warnings == [
                "its Photoshop resource 0x0404 says it is 110 bytes long, past the end of its segment; what fits is read"
            ])
    }

    @Test func truncatedAPP13GivesNoFieldsAndAWarning() throws {
        let payload = Array(B.app13([(2, 5, Array("Title".utf8))]).prefix(20))
        let embedded = try Self.embedded(B.jpeg(app13: payload))
        #expect(embedded.iim == nil)
        #expect(embedded.warnings.count == 1)
    }

    /// A standard packet naming an extended one, and the extended packet's segments in `parts`.
    static func extendedXMP(parts: Int = 3) -> (standard: [UInt8], segments: [[UInt8]], extended: [UInt8]) {
        let extended = B.xmp(
            "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(String(repeating: "long ", count: 400))</rdf:li></rdf:Alt></dc:description>"
        )
        let guid = MD5.hexDigest(extended)
        let standard = B.xmp(B.title("Short"), attributes: "xmpNote:HasExtendedXMP=\"\(guid)\"")
        let size = (extended.count + parts - 1) / parts
        let segments = stride(from: 0, to: extended.count, by: size).map { offset in
            B.extendedPayload(
                guid: guid, fullLength: extended.count, offset: offset,
                extended[offset..<min(extended.count, offset + size)])
        }
        return (standard, segments, extended)
    }

    @Test func extendedXMPIsJoinedInAnyOrder() throws {
        let (standard, segments, extended) = Self.extendedXMP()
        let embedded = try Self.embedded(
            B.jpeg(app1: [B.xmpPayload(standard)] + segments.reversed()))
        #expect(embedded.xmp == standard)
        #expect(embedded.extendedXMP == extended)
        #expect(embedded.warnings.isEmpty)
    }

    @Test func extendedXMPWithAMissingPartIsLeftOut() throws {
        let (standard, segments, _) = Self.extendedXMP()
        let embedded = try Self.embedded(B.jpeg(app1: [B.xmpPayload(standard), segments[0], segments[2]]))
        #expect(embedded.extendedXMP == nil)
        #expect(embedded.xmp == standard)
        #expect(embedded.warnings == ["its Extended XMP has a part missing; only the main XMP packet is read"])
    }

    @Test func extendedXMPThatDoesNotMatchItsDigestIsLeftOut() throws {
        let (standard, segments, _) = Self.extendedXMP()
        var damaged = segments
        damaged[1][damaged[1].count - 10] ^= 0x20
        let embedded = try Self.embedded(B.jpeg(app1: [B.xmpPayload(standard)] + damaged))
        #expect(embedded.extendedXMP == nil)
        #expect(
            embedded.warnings == ["its Extended XMP does not match its MD5 digest; only the main XMP packet is read"])
    }

    /// The exiftool-made fixtures of the end-to-end tests, read here field by field.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "AshlarEndToEndTests/Fixtures/embedded-metadata/site/styles")

    @Test(arguments: ["xmp-in-png.png", "xmp-in-webp.webp", "xmp-in-gif.gif", "xmp-in-avif.avif"])
    func xmpIsFoundInEveryFormat(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(file)))
        let packet = try #require(try Self.embedded(bytes).xmp)
        let reading = XMPSidecar.read(packet, path: file)
        #expect(reading.diagnostics == [])
        let format = file.split(separator: ".").last.map(String.init) ?? ""
        #expect(reading.metadata.title == "Title from the \(format) XMP")
        #expect(reading.metadata.alt == "Alt text from the \(format) XMP")
    }

    @Test func lightroomFixtureCarriesEverySource() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("lightroom.jpg")))
        let embedded = try Self.embedded(bytes)
        #expect(embedded.hasLocation)
        #expect(embedded.iim?.title == "Harbour at dawn")
        #expect(embedded.iim?.rights == "© 2024 Ada Lovelace")
        let reading = EmbeddedMetadataReading(
            embedded.embedded, path: "lightroom.jpg", language: "en", reportConflicts: true)
        #expect(reading.diagnostics == [])
        let metadata = reading.metadata
        #expect(metadata.tags == ["harbour", "boats", "Porto"])
        #expect(metadata.rating == 4)
        #expect(metadata.label == "Red")
        #expect(metadata.license == "https://creativecommons.org/licenses/by/4.0/")
        #expect(metadata.location == "Ribeira")
        #expect(metadata.region == "Norte")
    }

    @Test func extendedFixtureFromExiftool() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("extended.jpg")))
        let embedded = try Self.embedded(bytes)
        #expect(embedded.warnings == [])
        let packet = try #require(embedded.extendedXMP)
        let caption = try #require(XMPSidecar.read(packet, path: "x").metadata.caption)
        #expect(caption.hasPrefix("word0 word1 "))
        #expect(caption.hasSuffix(" word8999"))
    }
}
