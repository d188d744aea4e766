import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The published copy of a HEIC (``HEIFPublishedCopy``) on the shared files: it decodes to the
/// same pixels as the original, keeps only the allowlisted items, properties and NAL units, says
/// nothing of where the photo was taken, and is what a second copy leaves as it is (the rendition
/// cache checks a cached copy that way).
@Suite(.enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEIFPublishedCopyTests {
    static let folder = SharedMaterial.folder("heic")

    /// Every shared HEIC our decoder decodes but the 13 MP pug, which has a test of its own.
    static let names = [
        "iphone8plus_arrow_irot270.heic", "nokia_C002.heic", "nokia_C025.heic", "nokia_C052.heic",
        "nokia_MIAF002.heic", "nokia_MIAF003.heic", "nokia_MIAF007.heic", "self_320x240_q90_10bit.heic",
        "self_333x257_lossless_rgb_identity_ph.heic", "self_333x257_lossless_ycc444.heic",
        "self_333x257_q10_420.heic", "self_333x257_q60_alpha_thumb.heic", "self_333x257_q90_420.heic",
        "self_333x257_q90_420_alpha.heic", "self_333x257_q90_420_nclx_clap_ph.heic", "self_333x257_q90_422.heic",
        "self_333x257_q90_444.heic", "self_333x257_q90_mono.heic",
    ]

    static func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        try HEIFImageDecoder(codec: HEVCStillImageCodec()).decode(bytes)
    }

    @Test(arguments: names)
    func theCopyDecodesToTheSamePixels(_ name: String) throws {
        let original = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let copy = try PublishedCopy.make(original, format: .heic)
        let again = try PublishedCopy.make(copy, format: .heic)
        #expect(again == copy, "a copy's copy differs from byte \(zip(again, copy).prefix { $0 == $1 }.count)")
        let (expected, decoded) = (try Self.decode(original), try Self.decode(copy))
        #expect(decoded.image == expected.image)
        #expect(decoded.iccProfile == expected.iccProfile)
        #expect(LocationRecord.find(in: copy).isEmpty)
        let file = try HEIFFile(copy)
        let primary = try file.primaryImage()
        #expect(primary.thumbnailItemIDs.isEmpty && primary.xmpItemIDs.isEmpty && primary.ignored.isEmpty)
        #expect(file.items.allSatisfy { ["hvc1", "hev1", "grid", "Exif"].contains($0.type) }, "\(file.items)")
        #expect(copy.count <= original.count)
    }

    /// The iPhone 13's photo: its GPS, XMP, depth map and gain map go; its camera and date stay;
    /// no SEI is left in its tiles.
    @Test func anIPhonePhotoKeepsItsCameraAndLosesItsPlace() throws {
        let original = Array(
            try Data(contentsOf: Self.folder.appendingPathComponent("iphone13pro_pug_gps_gainmap_depth.heic")))
        #expect(!LocationRecord.find(in: original).isEmpty)
        let copy = try PublishedCopy.make(original, format: .heic)
        #expect(LocationRecord.find(in: copy).isEmpty)
        let file = try HEIFFile(copy)
        let primary = try file.primaryImage()
        let exif = try #require(primary.exifItemIDs.first)
        let record = ExifReader.read(tiff: ByteWindow(Array(try file.exifTIFF(exif))))
        #expect(record.texts[0x0110] == "iPhone 13 Pro", "Model")
        #expect(!record.hasLocation)
        #expect(file.items.filter { $0.type == "hvc1" }.count == 48, "the grid's tiles and nothing else")
        for item in file.items where item.type == "hvc1" {
            let units = try HEVCNALUnit.lengthPrefixed(try file.data(of: item.id), lengthSize: 4)
            #expect(units.allSatisfy { HEIFPublishedCopy.keptNALTypes.contains(Int($0[$0.startIndex] >> 1 & 0x3F)) })
        }
        #expect(try Self.decode(copy).image == (try Self.decode(original)).image)
    }

    /// Found by the `heif` fuzz target: a tile whose NAL units are all of types the copy leaves
    /// out would have been written with a length of 0, which `iloc` reads as "to the end of the
    /// file", so the copy's tile became its Exif item. Such a tile is refused.
    @Test func aTileWithNoPictureIsRefused() throws {
        let url = TestFiles.fuzzRegressions.appendingPathComponent("heif/copy-empty-tile.heic")
        #expect(throws: ImageError(.malformed, "HEIF item 1 holds no coded picture")) {
            try PublishedCopy.make(Array(try Data(contentsOf: url)), format: .heic)
        }
    }

    /// An AV1-coded HEIF (the seed's `hvc1` item turned `av01`, its `hvcC` turned `av1C`) is
    /// refused by name: the copy carries HEVC-coded images only.
    @Test func anAV1CodedHEIFIsRefused() throws {
        var bytes = Array(
            try Data(
                contentsOf: TestFiles.fuzzRegressions.deletingLastPathComponent().appendingPathComponent(
                    "Corpus/heif/plain.heic")))
        for (from, to) in [("hvc1", "av01"), ("hvcC", "av1C")] {
            let (needle, replacement) = (Array(from.utf8), Array(to.utf8))
            for start in 0...(bytes.count - 4) where Array(bytes[start..<start + 4]) == needle {
                bytes.replaceSubrange(start..<start + 4, with: replacement)
            }
        }
        #expect(throws: ImageError(.unsupported, "its primary image is AV1-coded")) {
            try PublishedCopy.make(bytes, format: .heic)
        }
    }
}
