import AshlarTestSupport
import Testing

@testable import AshlarCore

/// The camera, lens and settings read from EXIF (IFD0 make and model, the EXIF IFD's exposure,
/// f-number, ISO, focal length and lens), ranked under the file's XMP, and never trusted: values
/// that cannot be a camera's are left out.
@Suite struct ExifCameraTests {
    typealias B = EmbeddedMetadataBytes
    typealias Entry = EmbeddedMetadataBytes.Entry

    static func exif(_ ifd0: [Entry], _ exifEntries: [Entry]) throws -> PhotoMetadata? {
        let tiff = B.tiff(ifd0, exifEntries: exifEntries)
        return try EmbeddedMetadataTests.embedded(B.jpeg(app1: [B.exifPayload(tiff)])).exif
    }

    static let sony: [Entry] = [.ascii(0x010F, "SONY"), .ascii(0x0110, "ILCE-7RM3")]
    static let sonySettings: [Entry] = [
        .rational(0x829A, 1, 4000), .rational(0x829D, 18, 10), .short(0x8827, 1250), .rational(0x920A, 350, 10),
        .ascii(0xA434, "FE 35mm F1.8"),
    ]

    @Test func aSonysCameraAndSettings() throws {
        let exif = try #require(try Self.exif(Self.sony, Self.sonySettings))
        #expect(exif.make == "SONY")
        #expect(exif.model == "ILCE-7RM3")
        #expect(exif.lens == "FE 35mm F1.8")
        #expect(exif.exposure == "1/4000")
        #expect(exif.aperture == 1.8)
        #expect(exif.iso == 1250)
        #expect(exif.focalLength == 35)
        #expect(
            PhotoPageModel.cameraDetails(exif).map { "\($0.0): \($0.1)" } == [
                "Camera: SONY ILCE-7RM3", "Lens: FE 35mm F1.8", "Focal length: 35 mm", "Aperture: f/1.8",
                "Shutter: 1/4000 s", "Sensitivity: ISO 1250",
            ])
    }

    /// EXIF 2.3: PhotographicSensitivity holds 65535 when the value does not fit a SHORT, and
    /// the value is in RecommendedExposureIndex, ISOSpeed or StandardOutputSensitivity.
    @Test(
        arguments: [
            ([Entry.short(0x8827, 400)], 400),
            ([Entry.short(0x8827, 65535), .long(0x8832, 102_400)], 102_400),
            ([Entry.long(0x8832, 204_800)], 204_800),
            ([Entry.short(0x8827, 65535), .long(0x8833, 128_000)], 128_000),
            ([Entry.short(0x8827, 0), .long(0x8831, 3200)], 3200),
            ([Entry.short(0x8827, 65535)], nil),
            ([Entry.short(0x8827, 0)], nil),
        ] as [([Entry], Int?)])
    func isoAndItsFallbacks(_ entries: [Entry], _ expected: Int?) throws {
        #expect(try Self.exif(Self.sony, entries)?.iso == expected)
    }

    /// Broken or absurd values are left out, never shown ("1/0 s", "f/0", "-35 mm").
    @Test(arguments: [
        ("exposure 1/0", Entry.rational(0x829A, 1, 0)),
        ("exposure 0/1", .rational(0x829A, 0, 1)),
        ("exposure negative", .rational(0x829A, -1, 250, signed: true)),
        ("exposure over a day", .rational(0x829A, 100_000, 1)),
        ("exposure shorter than a millionth", .rational(0x829A, 1, 2_000_000_000)),
        ("exposure as text", .ascii(0x829A, "1/250")),
        ("f-number 0/0", .rational(0x829D, 0, 0)),
        ("f-number 0", .rational(0x829D, 0, 1)),
        ("f-number 1000", .rational(0x829D, 1000, 1)),
        ("f-number negative", .rational(0x829D, -28, 10, signed: true)),
        ("focal length 0", .rational(0x920A, 0, 1)),
        ("focal length 1/0", .rational(0x920A, 1, 0)),
        ("focal length 1 km", .rational(0x920A, 1_000_000, 1)),
        ("focal length as a short", .short(0x920A, 35)),
        ("ISO as a rational", .rational(0x8827, 100, 1)),
    ])
    func implausibleValuesAreLeftOut(_ name: String, _ entry: Entry) throws {
        let exif = try #require(try Self.exif(Self.sony, [entry]))
        #expect(exif.exposure == nil)
        #expect(exif.aperture == nil)
        #expect(exif.focalLength == nil)
        #expect(exif.iso == nil)
        #expect(PhotoPageModel.cameraDetails(exif).map(\.0) == ["Camera"])
    }

    @Test(arguments: [
        (Entry.rational(0x829A, 1, 250), "1/250"), (.rational(0x829A, 10, 2500), "1/250"),
        (.rational(0x829A, 1, 2), "0.5"), (.rational(0x829A, 5, 2), "2.5"), (.rational(0x829A, 30, 1), "30"),
        (.rational(0x829A, 1, 3), "0.3"),
    ])
    func exposureIsWrittenLikeExiftool(_ entry: Entry, _ expected: String) throws {
        #expect(try Self.exif([], [entry])?.exposure == expected)
    }

    /// A lens of another make than the camera's is named with its make; the camera's own is not.
    @Test(arguments: [
        ("SONY", "SIGMA", "35mm F1.4 DG HSM | Art 012", "SIGMA 35mm F1.4 DG HSM | Art 012"),
        ("SONY", "Sony", "FE 35mm F1.8", "FE 35mm F1.8"),
        (
            "Apple", "Apple", "iPhone 13 Pro back triple camera 5.7mm f/1.5",
            "iPhone 13 Pro back triple camera 5.7mm f/1.5"
        ),
        ("Canon", "Canon", "RF24-105mm F4 L IS USM", "RF24-105mm F4 L IS USM"),
        ("NIKON CORPORATION", "Tamron", "Tamron 28-75mm F/2.8", "Tamron 28-75mm F/2.8"),
    ])
    func lensMakeIsSaidWhenItIsNotTheCameras(
        _ make: String, _ lensMake: String, _ lensModel: String, _ expected: String
    )
        throws
    {
        let exif = try Self.exif([.ascii(0x010F, make)], [.ascii(0xA433, lensMake), .ascii(0xA434, lensModel)])
        #expect(exif?.lens == expected)
    }

    /// The file's XMP outranks its EXIF field by field: the XMP's `aux:Lens` wins, the EXIF
    /// fills in what the XMP does not say.
    @Test func embeddedXMPOutranksEXIF() throws {
        let packet = B.xmp(
            "<aux:Lens>Sony FE 35mm F1.8 (SEL35F18F)</aux:Lens><exif:FNumber>2/1</exif:FNumber>",
            attributes: "xmlns:aux=\"http://ns.adobe.com/exif/1.0/aux/\" xmlns:exif=\"http://ns.adobe.com/exif/1.0/\"")
        let tiff = B.tiff(Self.sony, exifEntries: Self.sonySettings)
        let embedded = try EmbeddedMetadataTests.embedded(B.jpeg(app1: [B.exifPayload(tiff), B.xmpPayload(packet)]))
        let metadata = EmbeddedMetadataReading(embedded.embedded, path: "x.jpg", language: nil, reportConflicts: false)
            .metadata
        #expect(metadata.lens == "Sony FE 35mm F1.8 (SEL35F18F)")
        #expect(metadata.aperture == 2)
        #expect(metadata.model == "ILCE-7RM3")
        #expect(metadata.exposure == "1/4000")
    }
}

extension ExifCameraTests {
    /// exiftool's fixture: a Fujifilm's EXIF, its camera, settings and date with its offset.
    @Test func aFujifilmsCameraSettingsAndDate() throws {
        let bytes = try SidecarFixture.bytes("exiftool/photo.jpg")
        let exif = try #require(try EmbeddedMetadataTests.embedded(bytes).exif)
        #expect(exif.make == "FUJIFILM")
        #expect(exif.model == "X-T4")
        #expect(exif.lens == "XF23mmF2 R WR")
        #expect(exif.focalLength == 23)
        #expect(exif.aperture == 5.6)
        #expect(exif.exposure == "1/250")
        #expect(exif.iso == 400)
        #expect(exif.date == PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, utcOffsetMinutes: 120))
    }
}
