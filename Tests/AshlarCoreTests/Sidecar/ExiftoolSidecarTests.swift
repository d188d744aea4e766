import Testing

@testable import AshlarCore

@Suite struct ExiftoolSidecarTests {
    static var photo: PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = 60
        metadata.height = 40
        metadata.orientation = 6
        metadata.title = "Campo de' Fiori at dusk"
        metadata.caption = "The last light over the market, Rome."
        metadata.alt = "A market square with closed stalls under a violet sky"
        metadata.tags = ["rome", "market", "2024"]
        metadata.date = PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, utcOffsetMinutes: 120)
        metadata.make = "FUJIFILM"
        metadata.model = "X-T4"
        metadata.lens = "XF23mmF2 R WR"
        metadata.focalLength = 23
        metadata.aperture = 5.6
        metadata.exposure = "1/250"
        metadata.iso = 400
        metadata.rating = 4
        return metadata
    }

    static var iptc: PhotoMetadata {
        var metadata = PhotoMetadata()
        metadata.width = 60
        metadata.height = 40
        metadata.orientation = 3
        metadata.title = "Trevi at night"
        metadata.caption = "Coins in the fountain"
        metadata.tags = ["fountain"]
        metadata.date = PhotoDate(year: 2023, month: 12, day: 24, hour: 23, minute: 59, second: 59)
        metadata.make = "Canon"
        metadata.model = "Canon EOS R6"
        metadata.lens = "RF35mm F1.8"
        metadata.focalLength = 35
        metadata.aperture = 1.8
        metadata.exposure = "2"
        metadata.iso = 6400
        return metadata
    }

    @Test(arguments: [
        ("exiftool/photo.json", photo), ("exiftool/photo-n.json", photo),
        ("exiftool/iptc.json", iptc), ("exiftool/iptc-n.json", iptc),
    ])
    func readsRealExiftoolOutput(_ name: String, _ expected: PhotoMetadata) throws {
        let reading = ExiftoolSidecar.read(try Fixture.bytes(name), path: name)
        #expect(reading.diagnostics == [])
        #expect(reading.metadata == expected)
        #expect(Sidecar.format(path: name, bytes: try Fixture.bytes(name)) == .exiftool)
    }

    func read(_ text: String) -> SidecarReading {
        ExiftoolSidecar.read(Array(text.utf8), path: "a.json")
    }

    @Test func fallsBackToExifDimensionsAndLaterTitleTags() {
        let reading = read(
            #"[{"ExifImageWidth": 30, "ExifImageHeight": "20", "XPTitle": " ", "Headline": "H", "ImageDescription": "D", "Subject": "one"}]"#
        )
        #expect(reading.diagnostics == [])
        #expect(reading.metadata.width == 30)
        #expect(reading.metadata.height == 20)
        #expect(reading.metadata.title == "H")
        #expect(reading.metadata.caption == "D")
        #expect(reading.metadata.tags == ["one"])
    }

    @Test func readsGroupPrefixedKeysAndObjectsAtTopLevel() {
        let reading = read(#"{"EXIF:Make": "Sony", "XMP:Title": 2024, "Composite:FocalLength": "50.0 mm"}"#)
        #expect(reading.diagnostics == [])
        #expect(reading.metadata.make == "Sony")
        #expect(reading.metadata.title == "2024")
        #expect(reading.metadata.focalLength == 50)
    }

    @Test func keepsOffsetsWrittenInsideTheDate() {
        let reading = read(#"[{"DateTimeOriginal": "2024:06:01 18:30:00.25-05:00", "OffsetTimeOriginal": "+02:00"}]"#)
        #expect(
            reading.metadata.date
                == PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, utcOffsetMinutes: -300))
    }

    @Test func fallsBackToCreateDateAndIgnoresZeroDates() {
        let reading = read(
            #"[{"DateTimeOriginal": "0000:00:00 00:00:00", "CreateDate": "2024:01:02 03:04:05", "OffsetTimeDigitized": "+0530"}]"#
        )
        #expect(reading.diagnostics == [])
        #expect(
            reading.metadata.date
                == PhotoDate(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, utcOffsetMinutes: 330))
    }

    @Test func ignoresUnknownTagsAndKeepsARejectedRating() {
        let reading = read(#"[{"SourceFile": "x.jpg", "Widht": 5, "MakerNotes": {"a": 1}, "Rating": -1}]"#)
        #expect(reading.diagnostics == [])
        var rejected = PhotoMetadata()
        rejected.rating = -1
        #expect(reading.metadata == rejected)
    }

    struct WarningCase: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var description: String
        var testDescription: String { name }
    }

    static let warningCases: [WarningCase] = [
        WarningCase(
            name: "text width", json: #"[{"ImageWidth": "wide"}]"#,
            description: "a.json:1:17: warning: 'ImageWidth' must be a positive whole number, found \"wide\""),
        WarningCase(
            name: "zero height", json: #"[{"ImageHeight": 0}]"#,
            description: "a.json:1:18: warning: 'ImageHeight' must be a positive whole number, found 0"),
        WarningCase(
            name: "huge width", json: #"[{"ImageWidth": 250000}]"#,
            description: "a.json:1:17: warning: 'ImageWidth' must be at most 100000, found 250000"),
        WarningCase(
            name: "unknown orientation text", json: #"[{"Orientation": "Unknown (0)"}]"#,
            description:
                "a.json:1:18: warning: 'Orientation' must be an orientation from 1 to 8 or exiftool's name for one, found \"Unknown (0)\""
        ),
        WarningCase(
            name: "orientation 9", json: #"[{"Orientation": 9}]"#,
            description:
                "a.json:1:18: warning: 'Orientation' must be an orientation from 1 to 8 or exiftool's name for one, found 9"
        ),
        WarningCase(
            name: "title list", json: #"[{"Title": ["a"]}]"#,
            description: "a.json:1:12: warning: 'Title' must be text, found a list"),
        WarningCase(
            name: "keyword object", json: #"[{"Keywords": ["a", {}]}]"#,
            description: "a.json:1:21: warning: 'Keywords[1]' must be text, found an object"),
        WarningCase(
            name: "bad date", json: #"[{"DateTimeOriginal": "yesterday"}]"#,
            description:
                "a.json:1:23: warning: 'DateTimeOriginal' must be a date like \"2024:06:01 18:30:00\", found \"yesterday\""
        ),
        WarningCase(
            name: "bad offset", json: #"[{"DateTimeOriginal": "2024:06:01 18:30:00", "OffsetTimeOriginal": "CET"}]"#,
            description:
                "a.json:1:68: warning: 'OffsetTimeOriginal' must be a UTC offset like \"+02:00\", found \"CET\""),
        WarningCase(
            name: "bad focal length", json: #"[{"FocalLength": "long"}]"#,
            description: "a.json:1:18: warning: 'FocalLength' must be a positive number, found \"long\""),
        WarningCase(
            name: "zero aperture", json: #"[{"FNumber": 0}]"#,
            description: "a.json:1:14: warning: 'FNumber' must be a positive number, found 0"),
        WarningCase(
            name: "bad exposure", json: #"[{"ExposureTime": "Bulb"}]"#,
            description:
                "a.json:1:19: warning: 'ExposureTime' must be an exposure time like \"1/250\" or a number of seconds, found \"Bulb\""
        ),
        WarningCase(
            name: "bad iso", json: #"[{"ISO": "auto"}]"#,
            description: "a.json:1:10: warning: 'ISO' must be a positive whole number, found \"auto\""),
        WarningCase(
            name: "rating 7", json: #"[{"Rating": 7}]"#,
            description: "a.json:1:13: warning: 'Rating' must be a rating from -1 (rejected) to 5, found 7"),
        WarningCase(
            name: "grouped key is named as written", json: #"[{"EXIF:ISO": true}]"#,
            description: "a.json:1:15: warning: 'EXIF:ISO' must be a positive whole number, found true"),
        WarningCase(
            name: "two files", json: #"[{}, {}]"#,
            description: "a.json:1:6: warning: exiftool output describes 2 files; only the first is read"),
        WarningCase(
            name: "empty list", json: #"[]"#,
            description: "a.json:1:1: error: exiftool output must be a list holding one object, found an empty list"),
        WarningCase(
            name: "list of strings", json: #"["a"]"#,
            description:
                "a.json:1:1: error: exiftool output must be a list holding one object, found a list holding a string"),
        WarningCase(
            name: "a number", json: #"5"#,
            description: "a.json:1:1: error: exiftool output must be a list holding one object, found 5"),
        WarningCase(
            name: "syntax", json: "[{\"Make\": \"Sony\"",
            description: "a.json:1:2: error: unclosed object: expected '}'"),
    ]

    @Test(arguments: warningCases)
    func reportsProblemsWithTheTagName(_ testCase: WarningCase) {
        #expect(read(testCase.json).diagnostics.map(\.description) == [testCase.description])
    }

    @Test func warningsAreInTheFilesOrder() {
        let reading = read(#"[{"Title": {"x": 1}, "ImageWidth": "wide", "ISO": "fast"}]"#)
        #expect(reading.diagnostics.map(\.key) == ["Title", "ImageWidth", "ISO"])
    }

    @Test func aWarningLeavesTheOtherFields() {
        let reading = read(#"[{"ImageWidth": "wide", "ImageHeight": 40, "Make": "Leica"}]"#)
        #expect(!reading.hasErrors)
        #expect(reading.metadata.width == nil)
        #expect(reading.metadata.height == 40)
        #expect(reading.metadata.make == "Leica")
    }
}
