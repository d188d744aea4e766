import Foundation
import Testing

@testable import AshlarImage

/// `Renditions.deviation`: a rendition is accepted only as the encoders write it, and
/// `Renditions.glance`/`difference` tell a photo's renditions from another picture's.
@Suite struct RenditionDeviationTests {
    /// A 160 × 120 gradient with a dark disc, `seed` moving the disc.
    static func picture(seed: Int, alpha: Bool = false) -> PixelImage {
        let format: PixelFormat = alpha ? .rgba : .rgb
        var image = PixelImage(width: 160, height: 120, format: format)
        let centre = (x: 40 + seed * 70, y: 60)
        for y in 0..<120 {
            for x in 0..<160 {
                let inDisc = (x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y) < 900
                let offset = (y * 160 + x) * format.channels
                image.pixels[offset] = inDisc ? 20 : UInt8(40 + x)
                image.pixels[offset + 1] = inDisc ? 20 : UInt8(60 + y)
                image.pixels[offset + 2] = inDisc ? 60 : 140
                if alpha { image.pixels[offset + 3] = UInt8(255 - y) }
            }
        }
        return image
    }

    /// A camera JPEG: Display P3 profile, EXIF with make, model and artist (and GPS, which no
    /// rendition keeps).
    static func cameraJPEG(seed: Int) throws -> [UInt8] {
        let profile = [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("icc/display-p3-v4.icc")))
        let donor = [UInt8](
            try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("metadata/gps-exif-little-endian.jpg")))
        let exif = try #require(try JPEGMetadata.read(donor).exif)
        let jpeg = JPEGEncoder.encode(picture(seed: seed), quality: 90, iccProfile: profile)
        return Renditions.inserting(exif: exif, into: jpeg)
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    @Test(arguments: [false, true])
    func renditionsAsMadeAreAccepted(keepingCameraEXIF: Bool) throws {
        let source = try Self.cameraJPEG(seed: 0)
        let set = try Renditions.make(
            from: source, widths: [120, 60], quality: 80, keepingCameraEXIF: keepingCameraEXIF)
        let glance = try Renditions.glance(at: source, keepingCameraEXIF: keepingCameraEXIF)
        guard case .exactly(let profile, let exif) = glance.metadata else { throw RequiredError() }
        #expect(profile != nil)
        #expect((exif != nil) == keepingCameraEXIF)
        for rendition in set.renditions {
            #expect(Renditions.deviation(of: rendition.bytes, format: .jpeg, metadata: glance.metadata) == nil)
            #expect(Renditions.deviation(of: rendition.bytes, format: .jpeg, metadata: .anyAshlarWrites) == nil)
        }
        // The other setting's renditions are not these.
        let other = try Renditions.glance(at: source, keepingCameraEXIF: !keepingCameraEXIF)
        #expect(Renditions.deviation(of: set.renditions[0].bytes, format: .jpeg, metadata: other.metadata) != nil)
    }

    @Test func pngRenditionsAsMadeAreAccepted() throws {
        let source = PNGEncoder.encode(Self.picture(seed: 0, alpha: true))
        let set = try Renditions.make(from: source, widths: [120, 60], quality: 80)
        let glance = try Renditions.glance(at: source, keepingCameraEXIF: false)
        for rendition in set.renditions {
            #expect(Renditions.deviation(of: rendition.bytes, format: .png, metadata: glance.metadata) == nil)
            #expect(try Renditions.difference(between: glance, and: rendition.bytes) < 3)
        }
        var spoiled = set.renditions[0].bytes
        // A tEXt chunk before IEND (its CRC is checked, so it is made right).
        var chunk: [UInt8] = [0, 0, 0, 7] + Array("tEXt".utf8) + Array("A\0owner".utf8)
        let crc = CRC32.checksum(Array(chunk[4...]))
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        spoiled.insert(contentsOf: chunk, at: spoiled.count - 12)
        #expect(
            Renditions.deviation(of: spoiled, format: .png, metadata: glance.metadata)?.contains("'tEXt'") == true)
        #expect(
            Renditions.deviation(of: set.renditions[0].bytes + [0], format: .png, metadata: .anyAshlarWrites) != nil)
    }

    struct Spoil: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var apply: @Sendable ([UInt8]) -> [UInt8]
    }

    /// Each changes a genuine rendition (camera EXIF kept) in one way Ashlar never writes.
    static let spoils: [Spoil] = [
        Spoil(testDescription: "a comment after the JFIF APP0") { bytes in
            var bytes = bytes
            bytes.insert(contentsOf: segment(0xFE, Array("hello".utf8)), at: 20)
            return bytes
        },
        Spoil(testDescription: "an XMP APP1 after the EXIF") { bytes in
            insertAfterFirst(0xE1, in: bytes, segment(0xE1, JPEGMetadata.xmpSignature + Array("<x/>".utf8)))
        },
        Spoil(testDescription: "an APP1 between the scans") { bytes in
            insertBeforeSecondScan(in: bytes, segment(0xE1, JPEGMetadata.exifSignature + [0, 1, 2]))
        },
        Spoil(testDescription: "a comment between the scans") { bytes in
            insertBeforeSecondScan(in: bytes, segment(0xFE, Array("owner".utf8)))
        },
        Spoil(testDescription: "bytes after EOI") { $0 + Array("appended".utf8) },
        Spoil(testDescription: "a fill byte before the DQT") { bytes in
            guard let at = markerOffset(0xDB, in: bytes) else { return bytes }
            var bytes = bytes
            bytes.insert(0xFF, at: at)
            return bytes
        },
        Spoil(testDescription: "no EXIF") { bytes in
            guard let at = markerOffset(0xE1, in: bytes) else { return bytes }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            return Array(bytes[..<at] + bytes[(at + 2 + length)...])
        },
        Spoil(testDescription: "a JFIF with a thumbnail size") { bytes in
            var bytes = bytes
            bytes[18] = 1
            return bytes
        },
    ]

    @Test(arguments: spoils)
    func spoiledRenditionsAreRefused(_ spoil: Spoil) throws {
        let source = try Self.cameraJPEG(seed: 0)
        let set = try Renditions.make(from: source, widths: [120], quality: 80, keepingCameraEXIF: true)
        let glance = try Renditions.glance(at: source, keepingCameraEXIF: true)
        let spoiled = spoil.apply(set.renditions[0].bytes)
        #expect(spoiled != set.renditions[0].bytes)
        #expect(Renditions.deviation(of: spoiled, format: .jpeg, metadata: glance.metadata) != nil)
        if spoil.testDescription != "no EXIF" {
            #expect(Renditions.deviation(of: spoiled, format: .jpeg, metadata: .anyAshlarWrites) != nil)
        }
    }

    /// An EXIF with more than the camera facts (here the GPS IFD of the source, as cameras write
    /// it) is refused even without the photo.
    @Test func moreThanCameraFactsIsRefusedWithoutThePhoto() throws {
        let source = try Self.cameraJPEG(seed: 0)
        let set = try Renditions.make(from: source, widths: [120], quality: 80)
        let exif = try #require(try JPEGMetadata.read(source).exif)
        let spoiled = Renditions.inserting(exif: exif, into: set.renditions[0].bytes)
        #expect(Renditions.deviation(of: spoiled, format: .jpeg, metadata: .anyAshlarWrites) != nil)
    }

    /// The same picture's renditions differ little from it; another picture's by far more.
    @Test func anotherPictureDiffersFromThePhoto() throws {
        let source = try Self.cameraJPEG(seed: 0)
        let glance = try Renditions.glance(at: source, keepingCameraEXIF: false)
        let own = try Renditions.make(from: source, widths: [60], quality: 80).renditions[0].bytes
        let other = try Renditions.make(from: Self.cameraJPEG(seed: 1), widths: [60], quality: 80).renditions[0].bytes
        #expect(try Renditions.difference(between: glance, and: own) < 2)
        #expect(try Renditions.difference(between: glance, and: other) > 6)
    }

    static func markerOffset(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        guard let layout = try? JPEGSegment.layout(of: bytes) else { return nil }
        return layout.segments.first { $0.marker == marker }.map { $0.start - 4 }
    }

    static func insertAfterFirst(_ marker: UInt8, in bytes: [UInt8], _ inserted: [UInt8]) -> [UInt8] {
        guard let layout = try? JPEGSegment.layout(of: bytes),
            let segment = layout.segments.first(where: { $0.marker == marker })
        else { return bytes }
        var bytes = bytes
        bytes.insert(contentsOf: inserted, at: segment.end)
        return bytes
    }

    static func insertBeforeSecondScan(in bytes: [UInt8], _ inserted: [UInt8]) -> [UInt8] {
        guard let layout = try? JPEGSegment.layout(of: bytes),
            let second = layout.scanParts.dropFirst().first(where: { $0.segment.marker == 0xDA })
        else { return bytes }
        var bytes = bytes
        bytes.insert(contentsOf: inserted, at: second.segment.start - 4)
        return bytes
    }

    struct RequiredError: Error {}
}
