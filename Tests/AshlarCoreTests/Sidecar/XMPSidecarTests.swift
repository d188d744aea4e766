import AshlarTestSupport
import Testing

@testable import AshlarCore

@Suite struct XMPSidecarTests {
    func read(_ name: String, language: String? = nil) throws -> SidecarReading {
        XMPSidecar.read(try Fixture.bytes("xmp/\(name)"), path: name, language: language)
    }

    @Test func readsLightroomAttributesAndElements() throws {
        let reading = try read("lightroom.xmp")
        #expect(reading.diagnostics == [])
        var expected = PhotoMetadata()
        expected.width = 6240
        expected.height = 4160
        expected.orientation = 6
        expected.title = "Campo de' Fiori at dusk"
        expected.caption = "The last light over the market, Rome."
        expected.alt = "A market square with closed stalls under a violet sky"
        expected.tags = ["rome", "market", "dusk"]
        expected.rating = 4
        expected.label = "Red"
        expected.date = PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, utcOffsetMinutes: 120)
        expected.make = "FUJIFILM"
        expected.model = "X-T4"
        expected.lens = "XF23mmF2 R WR"
        expected.focalLength = 23
        expected.aperture = 5.6
        expected.exposure = "1/250"
        expected.iso = 400
        #expect(reading.metadata == expected)
    }

    @Test func readsDarktableSidecar() throws {
        let reading = try read("darktable.xmp")
        #expect(reading.diagnostics == [])
        var expected = PhotoMetadata()
        expected.title = "Tiber at night"
        expected.tags = ["rome", "river", "night"]
        expected.rating = 3
        expected.date = PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30)
        #expect(reading.metadata == expected)
    }

    @Test func readsRealExiftoolXMP() throws {
        let reading = try read("exiftool.xmp")
        #expect(reading.diagnostics == [])
        var expected = PhotoMetadata()
        expected.width = 60
        expected.height = 40
        expected.orientation = 6
        expected.title = "Campo de' Fiori at dusk"
        expected.caption = "The last light over the market, Rome."
        expected.alt = "A market square with closed stalls under a violet sky"
        expected.tags = ["rome", "market", "2024"]
        expected.rating = 4
        expected.date = PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30)
        expected.make = "FUJIFILM"
        expected.model = "X-T4"
        expected.lens = "XF23mmF2 R WR"
        expected.focalLength = 23
        expected.aperture = 5.6
        expected.exposure = "1/250"
        expected.iso = 400
        #expect(reading.metadata == expected)
    }

    @Test func resolvesNamespacesByURINotPrefix() throws {
        let reading = try read("odd-prefixes.xmp")
        #expect(reading.diagnostics == [])
        var expected = PhotoMetadata()
        expected.width = 1200
        expected.height = 800
        expected.orientation = 8
        expected.title = "Weihnachten in Rom"
        expected.tags = ["one tag only"]
        expected.date = PhotoDate(year: 2023, month: 12, day: 24)
        expected.aperture = 2.8
        expected.exposure = "1/250"
        #expect(reading.metadata == expected)
        #expect(reading.metadata.displaySize! == (800, 1200))
    }

    /// `x-default` wins whatever the site's language; the site's language picks among the rest.
    @Test(
        arguments: [
            (nil, "Campo de' Fiori at dusk"), ("en", "Campo de' Fiori at dusk"), ("it", "Campo de' Fiori at dusk"),
            ("it-IT", "Campo de' Fiori at dusk"), ("fr", "Campo de' Fiori at dusk"),
        ] as [(String?, String)])
    func xDefaultComesFirst(_ language: String?, _ title: String) throws {
        #expect(try read("lightroom.xmp", language: language).metadata.title == title)
    }

    @Test(
        arguments: [
            (nil, "Weihnachten in Rom"), ("en", "Christmas in Rome"), ("en-US", "Christmas in Rome"),
            ("de", "Weihnachten in Rom"),
        ] as [(String?, String)])
    func withoutXDefaultTheFirstIsTheFallback(_ language: String?, _ title: String) throws {
        #expect(try read("odd-prefixes.xmp", language: language).metadata.title == title)
    }

    @Test func warnsAboutBadValuesAtTheirPlace() throws {
        let reading = try read("bad-values.xmp")
        #expect(
            reading.diagnostics.map(\.description) == [
                "bad-values.xmp:7:21: warning: 'tiff:ImageWidth' must be a positive whole number, found \"wide\"",
                "bad-values.xmp:8:22: warning: 'tiff:Orientation' must be a whole number from 1 to 8, found \"9\"",
                "bad-values.xmp:10:16: warning: 'xmp:Rating' must be a rating from -1 (rejected) to 5, found \"7\"",
                "bad-values.xmp:11:4: warning: 'exif:FNumber' must be a positive number, found \"f/2.8\"",
                "bad-values.xmp:12:4: warning: 'exif:DateTimeOriginal' must be a date like \"2024-06-01T18:30:00\", found \"last summer\"",
            ])
        #expect(
            reading.diagnostics.map(\.key) == [
                "tiff:ImageWidth", "tiff:Orientation", "xmp:Rating", "exif:FNumber", "exif:DateTimeOriginal",
            ])
        #expect(!reading.hasErrors)
        #expect(reading.metadata.width == 640, "falls back to exif:PixelXDimension")
        #expect(reading.metadata.orientation == nil)
    }

    struct RefusalCase: CustomTestStringConvertible, Sendable {
        var file: String
        var description: String
        var testDescription: String { file }
    }

    static let refusals: [RefusalCase] = [
        RefusalCase(
            file: "dtd.xmp", description: "dtd.xmp:2:1: error: XMP must not contain a DTD or entity declarations"),
        RefusalCase(
            file: "external-entity.xmp",
            description: "external-entity.xmp:2:1: error: XMP must not contain a DTD or entity declarations"),
        RefusalCase(
            file: "entity-bomb.xmp",
            description: "entity-bomb.xmp:2:1: error: XMP must not contain a DTD or entity declarations"),
        RefusalCase(
            file: "truncated.xmp",
            description: "truncated.xmp:3:3: error: malformed XMP: unclosed element 'rdf:Description'"),
        RefusalCase(
            file: "not-xmp.xmp", description: "not-xmp.xmp: error: not an XMP packet: there is no rdf:RDF element"),
    ]

    @Test(arguments: refusals)
    func refusesBadFilesWithOneError(_ testCase: RefusalCase) throws {
        let reading = try read(testCase.file)
        #expect(reading.diagnostics.map(\.description) == [testCase.description])
        #expect(reading.metadata == PhotoMetadata())
    }

    struct SyntaxCase: CustomTestStringConvertible, Sendable {
        var name: String
        var xml: String
        var description: String
        var testDescription: String { name }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(
            name: "empty", xml: "", description: "a.xmp:1:1: error: malformed XMP: the document has no root element"),
        SyntaxCase(
            name: "text", xml: "hello",
            description: "a.xmp:1:1: error: malformed XMP: unexpected text before the root element"),
        SyntaxCase(
            name: "mismatched tag", xml: "<a>\n <b>\n</a>",
            description: "a.xmp:3:1: error: malformed XMP: mismatched end tag '</a>'; expected '</b>'"),
        SyntaxCase(
            name: "unquoted attribute", xml: "<a x=1/>",
            description: "a.xmp:1:6: error: malformed XMP: the value of attribute 'x' must be in quotes"),
        SyntaxCase(
            name: "undefined entity", xml: "<a>&nope;</a>",
            description: "a.xmp:1:4: error: malformed XMP: undefined entity '&nope;'"),
        SyntaxCase(
            name: "repeated attribute", xml: "<a x='1' x='2'/>",
            description: "a.xmp:1:10: error: malformed XMP: duplicate attribute 'x'"),
        SyntaxCase(
            name: "content after root", xml: "<a/><b/>",
            description: "a.xmp:1:5: error: malformed XMP: a second root element '<b>'; a document has only one"),
        SyntaxCase(
            name: "unbound prefix", xml: "<a:b/>",
            description: "a.xmp:1:2: error: malformed XMP: undeclared namespace prefix 'a' in element 'a:b'"),
        SyntaxCase(name: "UTF-16", xml: "\u{FEFF}<a/>", description: "a.xmp: error: XMP must be encoded as UTF-8"),
        SyntaxCase(
            name: "UTF-7 declared", xml: "<?xml version='1.0' encoding='UTF-7'?>\n<a/>",
            description: "a.xmp:1:1: error: XMP must be encoded as UTF-8, found encoding 'UTF-7'"),
        SyntaxCase(
            name: "lowercase doctype", xml: "<a/>\n  <!doctype a>",
            description: "a.xmp:2:3: error: XMP must not contain a DTD or entity declarations"),
        SyntaxCase(
            name: "deep nesting", xml: String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100),
            description: "a.xmp:1:193: error: malformed XMP: element 'a' nests deeper than 64 levels"),
    ]

    @Test(arguments: syntaxCases)
    func reportsSyntaxErrorsWithPosition(_ testCase: SyntaxCase) {
        var bytes = Array(testCase.xml.utf8)
        if testCase.name == "UTF-16" { bytes = [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00] }
        let reading = XMPSidecar.read(bytes, path: "a.xmp")
        #expect(reading.diagnostics.map(\.description) == [testCase.description])
    }

    @Test func dispatchesByExtension() throws {
        let bytes = try Fixture.bytes("xmp/darktable.xmp")
        #expect(Sidecar.format(path: "IMG_1.RAF.XMP", bytes: bytes) == .xmp)
        #expect(Sidecar.read(bytes, path: "IMG_1.xmp").metadata.title == "Tiber at night")
    }

    @Test func refusesOversizedXMP() {
        let bytes = Array(repeating: UInt8(ascii: " "), count: Sidecar.maximumSize + 1)
        #expect(
            XMPSidecar.read(bytes, path: "a.xmp").diagnostics.map(\.message) == [
                "sidecar is larger than 1 MiB (1048577 bytes)"
            ])
    }

    @Test func mutatedXMPNeverTraps() throws {
        let original = try Fixture.bytes("xmp/lightroom.xmp")
        var generator = SeededGenerator(seed: 99)
        let interesting: [UInt8] = Array("<>/&;=\"':!x".utf8) + [0xFF, 0xC3, 0x0A]
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] =
                    interesting[Int.random(in: 0..<interesting.count, using: &generator)]
            }
            let reading = XMPSidecar.read(bytes, path: "m.xmp")
            for diagnostic in reading.diagnostics {
                #expect((diagnostic.line ?? 1) >= 1)
                #expect(diagnostic.path == "m.xmp")
            }
            if let orientation = reading.metadata.orientation { #expect((1...8).contains(orientation)) }
        }
    }
}
