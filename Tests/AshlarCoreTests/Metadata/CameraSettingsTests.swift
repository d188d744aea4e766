import AshlarTestSupport
import Testing

@testable import AshlarCore

/// The 35 mm equivalent focal length and exposure compensation, read by every reader (Ashlar
/// JSON, exiftool JSON, XMP, EXIF) and shown as photographers read them; and a phone's lens
/// without the phone's name again.
@Suite struct CameraSettingsTests {
    typealias B = EmbeddedMetadataBytes

    struct Source: CustomTestStringConvertible, Sendable {
        var name: String
        var read: @Sendable () throws -> PhotoMetadata?
        var testDescription: String { name }
    }

    static let sources: [Source] = [
        Source(name: "Ashlar JSON") {
            AshlarSidecar.read(
                Array(#"{"focalLength35mm": 26, "exposureCompensation": "-2/3"}"#.utf8), path: "a.jpg.json"
            ).metadata
        },
        Source(name: "Ashlar JSON, a number") {
            AshlarSidecar.read(
                Array(#"{"focalLength35mm": 26, "exposureCompensation": -0.6667}"#.utf8), path: "a.jpg.json"
            ).metadata
        },
        Source(name: "exiftool JSON") {
            ExiftoolSidecar.read(
                Array(#"[{"EXIF:FocalLengthIn35mmFormat": "26 mm", "EXIF:ExposureCompensation": "-2/3"}]"#.utf8),
                path: "a.json"
            ).metadata
        },
        Source(name: "exiftool JSON -n") {
            ExiftoolSidecar.read(
                Array(#"[{"FocalLengthIn35mmFormat": 26, "ExposureCompensation": -0.666666666666667}]"#.utf8),
                path: "a.json"
            ).metadata
        },
        Source(name: "XMP") {
            XMPSidecar.read(
                B.xmp(
                    "",
                    attributes: #"xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:FocalLengthIn35mmFilm="26" "#
                        + #"exif:ExposureBiasValue="-2/3""#), path: "a.xmp"
            ).metadata
        },
        Source(name: "EXIF") {
            let tiff = B.tiff([], exifEntries: [.short(0xA405, 26), .rational(0x9204, -2, 3, signed: true)])
            return try EmbeddedMetadataTests.embedded(B.jpeg(app1: [B.exifPayload(tiff)])).exif
        },
    ]

    @Test(arguments: sources)
    func everyReaderReadsThem(_ source: Source) throws {
        let metadata = try #require(try source.read())
        #expect(metadata.focalLength35mm == 26)
        let compensation = try #require(metadata.exposureCompensation)
        #expect(abs(compensation + 2.0 / 3) < 0.001)
        #expect(PhotoPageModel.cameraDetails(metadata).map(\.1) == ["26 mm equiv.", "\u{2212}2/3 EV"])
    }

    @Test func outOfRangeValuesAreLeftOutWithAWarning() throws {
        let reading = AshlarSidecar.read(Array(#"{"exposureCompensation": 50}"#.utf8), path: "a.jpg.json")
        #expect(reading.metadata.exposureCompensation == nil)
        #expect(
            reading.diagnostics.map(\.message) == [
                "'exposureCompensation' must be an exposure compensation in EV from -20 to 20, like -0.7 or \"-2/3\", found 50"
            ])
        let tiff = B.tiff([], exifEntries: [.short(0xA405, 0), .rational(0x9204, 100, 1, signed: true)])
        let exif = try EmbeddedMetadataTests.embedded(B.jpeg(app1: [B.exifPayload(tiff)])).exif
        #expect(exif?.exposureCompensation == nil)
        #expect(exif?.focalLength35mm == nil)
    }

    @Test(
        arguments: [
            (-1.0 / 3, "\u{2212}1/3 EV"), (1.0 / 3, "+1/3 EV"), (0.3, "+1/3 EV"), (-0.7, "\u{2212}2/3 EV"),
            (-5.0 / 3, "\u{2212}1 2/3 EV"), (1.3, "+1 1/3 EV"), (0.5, "+1/2 EV"), (-1.5, "\u{2212}1 1/2 EV"),
            (2.0, "+2 EV"), (-3.0, "\u{2212}3 EV"), (0.4, "+0.4 EV"), (0.04, nil), (0.0, nil), (-0.0, nil),
        ] as [(Double, String?)])
    func exposureCompensationAsCamerasShowIt(_ value: Double, _ expected: String?) {
        #expect(CameraName.exposureCompensation(value) == expected)
    }

    @Test(
        arguments: [
            (5.7, 26.0, "5.7 mm (26 mm equiv.)"), (35.0, 35.0, "35 mm"), (23.0, 35.0, "23 mm (35 mm equiv.)"),
            (4.25, 26.4, "4.3 mm (26 mm equiv.)"), (50.0, nil, "50 mm"), (nil, 28.0, "28 mm equiv."),
        ] as [(Double?, Double?, String)])
    func focalLengthWithItsEquivalent(_ focal: Double?, _ equivalent: Double?, _ expected: String) {
        #expect(CameraName.focalLength(focal, equivalent: equivalent) == expected)
    }

    @Test(
        arguments: [
            ("iPhone 13 Pro back triple camera 5.7mm f/1.5", "iPhone 13 Pro", "Back triple camera 5.7mm f/1.5"),
            ("iPhone 13 Pro", "iPhone 13 Pro", "iPhone 13 Pro"),
            ("FE 35mm F1.8", "ILCE-7RM3", "FE 35mm F1.8"),
            ("Pixel 7 back camera 6.81mm f/1.85", "pixel 7", "Back camera 6.81mm f/1.85"),
            ("iPhone 13 Pro Max back camera", "iPhone 13 Pro", "iPhone 13 Pro Max back camera"),
            ("  ", "X", nil),
        ] as [(String, String, String?)])
    func lensWithoutThePhonesName(_ lens: String, _ model: String, _ expected: String?) {
        #expect(CameraName.lens(lens, model: model) == expected)
    }
}
