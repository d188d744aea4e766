import Testing

@testable import AshlarCore

@Suite struct AshlarSidecarTests {
    func read(_ text: String, path: String = "photos/a.jpg.json") -> SidecarReading {
        AshlarSidecar.read(Array(text.utf8), path: path)
    }

    @Test func readsEveryField() throws {
        let reading = AshlarSidecar.read(try Fixture.bytes("ashlar/full.jpg.json"), path: "full.jpg.json")
        #expect(reading.diagnostics == [])
        var expected = PhotoMetadata()
        expected.src = "IMG_2041.jpg"
        expected.width = 6000
        expected.height = 4000
        expected.orientation = 6
        expected.title = "Campo de' Fiori at dusk"
        expected.alt = "A market square with closed stalls under a violet sky"
        expected.caption = "The last light over the market, Rome."
        expected.date = PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, utcOffsetMinutes: 120)
        expected.tags = ["rome", "market", "dusk"]
        expected.order = 2.5
        expected.hidden = false
        expected.rating = 4
        expected.renditions = [
            Rendition(src: "IMG_2041-small.jpg", width: 800, height: 533),
            Rendition(src: "IMG_2041@1600w.jpg", width: 1600),
            Rendition(src: "https://cdn.example.com/IMG_2041@3200w.webp", width: 3200),
        ]
        expected.make = "FUJIFILM"
        expected.model = "X-T4"
        expected.lens = "XF23mmF2 R WR"
        expected.focalLength = 23
        expected.aperture = 5.6
        expected.exposure = "1/250"
        expected.iso = 400
        #expect(reading.metadata == expected)
        #expect(reading.metadata.displaySize! == (4000, 6000))
    }

    @Test func readsOneStringAsOneTagAndNormalisesExposureText() throws {
        let reading = AshlarSidecar.read(try Fixture.bytes("ashlar/minimal.json"), path: "minimal.json")
        #expect(reading.diagnostics == [])
        #expect(reading.metadata.title == "Just a title")
        #expect(reading.metadata.tags == ["solo"])
        #expect(reading.metadata.exposure == "1/250")
        #expect(reading.metadata.width == nil)
    }

    @Test func nullMeansAbsent() {
        let reading = read(#"{"width": 10, "width": null, "title": null}"#)
        #expect(reading.metadata == PhotoMetadata())
        #expect(reading.diagnostics.map(\.message) == ["'width' is given more than once; the last one is used"])
    }

    @Test func reportsEveryProblemInACRLFFile() throws {
        let reading = AshlarSidecar.read(try Fixture.bytes("ashlar/errors-crlf.json"), path: "photos/b.json")
        #expect(
            reading.diagnostics.map(\.description) == [
                "photos/b.json:2:3: warning: 'widht' is not a sidecar key; did you mean 'width'?",
                "photos/b.json:3:13: error: 'height' must be a positive whole number, found -4",
                "photos/b.json:4:13: error: 'rating' must be a rating from -1 (rejected) to 5, found 9",
                "photos/b.json:5:3: warning: 'Title' is not a sidecar key; did you mean 'title'?",
                "photos/b.json:6:3: warning: 'foo' is not a sidecar key",
            ])
        #expect(reading.diagnostics.map(\.key) == ["widht", "height", "rating", "Title", "foo"])
        #expect(reading.hasErrors)
        #expect(reading.metadata == PhotoMetadata())
    }

    struct ValueCase: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var message: String
        var severity: Diagnostic.Severity = .error
        var key: String?
        var column: Int
        var testDescription: String { name }
    }

    /// Each case is one line `{"key": value}`; `column` is where the diagnostic points.
    static let valueCases: [ValueCase] = [
        ValueCase(
            name: "negative width", json: #"{"width": -4}"#,
            message: "'width' must be a positive whole number, found -4", key: "width", column: 11),
        ValueCase(
            name: "text width", json: #"{"width": "wide"}"#,
            message: "'width' must be a positive whole number, found \"wide\"", key: "width", column: 11),
        ValueCase(
            name: "fractional width", json: #"{"width": 12.5}"#,
            message: "'width' must be a positive whole number, found 12.5", key: "width", column: 11),
        ValueCase(
            name: "zero height", json: #"{"height": 0}"#, message: "'height' must be a positive whole number, found 0",
            key: "height", column: 12),
        ValueCase(
            name: "huge width", json: #"{"width": 250000}"#, message: "'width' must be at most 100000, found 250000",
            key: "width", column: 11),
        ValueCase(
            name: "list height", json: #"{"height": [1]}"#,
            message: "'height' must be a positive whole number, found a list", key: "height", column: 12),
        ValueCase(
            name: "object width", json: #"{"width": {}}"#,
            message: "'width' must be a positive whole number, found an object", key: "width", column: 11),
        ValueCase(
            name: "bool width", json: #"{"width": true}"#,
            message: "'width' must be a positive whole number, found true", key: "width", column: 11),
        ValueCase(
            name: "orientation 9", json: #"{"orientation": 9}"#,
            message: "'orientation' must be a whole number from 1 to 8, found 9", key: "orientation", column: 17),
        ValueCase(
            name: "title number", json: #"{"title": 5}"#, message: "'title' must be a string, found 5", key: "title",
            column: 11),
        ValueCase(
            name: "alt list", json: #"{"alt": ["a"]}"#, message: "'alt' must be a string, found a list", key: "alt",
            column: 9),
        ValueCase(
            name: "caption bool", json: #"{"caption": false}"#, message: "'caption' must be a string, found false",
            key: "caption", column: 13),
        ValueCase(
            name: "bad date", json: #"{"date": "June 1st"}"#,
            message: "'date' must be a date like \"2024-06-01\" or \"2024-06-01T18:30:00\", found \"June 1st\"",
            key: "date", column: 10),
        ValueCase(
            name: "impossible date", json: #"{"date": "2024-02-30"}"#,
            message: "'date' must be a date like \"2024-06-01\" or \"2024-06-01T18:30:00\", found \"2024-02-30\"",
            key: "date", column: 10),
        ValueCase(
            name: "number date", json: #"{"date": 2024}"#,
            message: "'date' must be a date like \"2024-06-01\" or \"2024-06-01T18:30:00\", found 2024", key: "date",
            column: 10),
        ValueCase(
            name: "tags object", json: #"{"tags": {}}"#,
            message: "'tags' must be a list of strings or a string, found an object", key: "tags", column: 10),
        ValueCase(
            name: "tag number", json: #"{"tags": ["a", 5]}"#, message: "'tags[1]' must be a string, found 5",
            key: "tags[1]", column: 16),
        ValueCase(
            name: "order text", json: #"{"order": "first"}"#, message: "'order' must be a number, found \"first\"",
            key: "order", column: 11),
        ValueCase(
            name: "hidden text", json: #"{"hidden": "yes"}"#, message: "'hidden' must be true or false, found \"yes\"",
            key: "hidden", column: 12),
        ValueCase(
            name: "rating 9", json: #"{"rating": 9}"#,
            message: "'rating' must be a rating from -1 (rejected) to 5, found 9",
            key: "rating", column: 12),
        ValueCase(
            name: "aperture zero", json: #"{"aperture": 0}"#, message: "'aperture' must be a positive number, found 0",
            key: "aperture", column: 14),
        ValueCase(
            name: "focal length text", json: #"{"focalLength": "23mm"}"#,
            message: "'focalLength' must be a positive number, found \"23mm\"", key: "focalLength", column: 17),
        ValueCase(
            name: "exposure text", json: #"{"exposure": "fast"}"#,
            message: "'exposure' must be an exposure time like \"1/250\" or a number of seconds, found \"fast\"",
            key: "exposure", column: 14),
        ValueCase(
            name: "exposure negative", json: #"{"exposure": -1}"#,
            message: "'exposure' must be an exposure time like \"1/250\" or a number of seconds, found -1",
            key: "exposure", column: 14),
        ValueCase(
            name: "iso fraction", json: #"{"iso": 100.5}"#,
            message: "'iso' must be a positive whole number, found 100.5", key: "iso", column: 9),
        ValueCase(
            name: "make number", json: #"{"make": 1}"#, message: "'make' must be a string, found 1", key: "make",
            column: 10),
        ValueCase(
            name: "model null is fine but list is not", json: #"{"model": []}"#,
            message: "'model' must be a string, found a list", key: "model", column: 11),
        ValueCase(
            name: "lens object", json: #"{"lens": {}}"#, message: "'lens' must be a string, found an object",
            key: "lens", column: 10),
        ValueCase(
            name: "src absolute", json: #"{"src": "/etc/passwd"}"#,
            message: "'src' must be a relative path or an http(s) URL, found \"/etc/passwd\"", key: "src", column: 9),
        ValueCase(
            name: "src javascript", json: #"{"src": "javascript:alert(1)"}"#,
            message: "'src' must be a relative path or an http(s) URL, found \"javascript:alert(1)\"", key: "src",
            column: 9),
        ValueCase(
            name: "src empty", json: #"{"src": ""}"#, message: "'src' must not be empty, found \"\"", key: "src",
            column: 9),
        ValueCase(
            name: "src control", json: #"{"src": "a\nb.jpg"}"#,
            message: "'src' must not contain control characters, found \"a\\nb.jpg\"", key: "src", column: 9),
        ValueCase(
            name: "renditions object", json: #"{"renditions": {}}"#,
            message: "'renditions' must be a list, found an object", key: "renditions", column: 16),
        ValueCase(
            name: "rendition without width suffix", json: #"{"renditions": ["IMG_1.jpg"]}"#,
            message: "'renditions[0]' must name its width like \"IMG_1@800w.jpg\", found \"IMG_1.jpg\"",
            key: "renditions[0]", column: 17),
        ValueCase(
            name: "rendition number", json: #"{"renditions": [800]}"#,
            message:
                "'renditions[0]' must be an object with 'src' and 'width' or a file name like \"IMG_1@800w.jpg\", found 800",
            key: "renditions[0]", column: 17),
        ValueCase(
            name: "rendition without src", json: #"{"renditions": [{"width": 800}]}"#,
            message: "'renditions[0]' is missing 'src'", key: "renditions[0]", column: 17),
        ValueCase(
            name: "rendition without width", json: #"{"renditions": [{"src": "a.jpg"}]}"#,
            message: "'renditions[0]' is missing 'width'", key: "renditions[0]", column: 17),
        ValueCase(
            name: "rendition bad width", json: #"{"renditions": [{"src": "a.jpg", "width": 0}]}"#,
            message: "'renditions[0].width' must be a positive whole number, found 0", key: "renditions[0].width",
            column: 43),
        ValueCase(
            name: "rendition misspelt key", json: #"{"renditions": [{"src": "a.jpg", "width": 8, "hieght": 5}]}"#,
            message: "'renditions[0].hieght' is not a rendition key; did you mean 'renditions[0].height'?",
            severity: .warning, key: "renditions[0].hieght", column: 46),
        ValueCase(
            name: "top level list", json: #"[{"width": 1}]"#, message: "a sidecar must be a JSON object, found a list",
            column: 1),
        ValueCase(
            name: "top level string", json: #"  "x""#, message: "a sidecar must be a JSON object, found \"x\"",
            column: 3),
        ValueCase(name: "syntax error", json: #"{"width": 800,}"#, message: "trailing comma before '}'", column: 14),
        ValueCase(
            name: "unknown key, no suggestion", json: #"{"shutter": 1}"#, message: "'shutter' is not a sidecar key",
            severity: .warning, key: "shutter", column: 2),
        ValueCase(
            name: "transposed letters", json: #"{"widht": 1}"#,
            message: "'widht' is not a sidecar key; did you mean 'width'?", severity: .warning, key: "widht", column: 2),
        ValueCase(
            name: "case only", json: #"{"FocalLength": 1}"#,
            message: "'FocalLength' is not a sidecar key; did you mean 'focalLength'?", severity: .warning,
            key: "FocalLength", column: 2),
        ValueCase(
            name: "duplicate key", json: #"{"iso": 1, "iso": 2}"#,
            message: "'iso' is given more than once; the last one is used", severity: .warning, key: "iso", column: 12),
    ]

    @Test(arguments: valueCases)
    func reportsInvalidValuesAtTheValue(_ testCase: ValueCase) {
        let reading = read(testCase.json)
        #expect(reading.diagnostics.count == 1)
        let diagnostic = reading.diagnostics.first
        #expect(diagnostic?.message == testCase.message)
        #expect(diagnostic?.severity == testCase.severity)
        #expect(diagnostic?.key == testCase.key)
        #expect(diagnostic?.path == "photos/a.jpg.json")
        #expect(diagnostic?.line == 1)
        #expect(diagnostic?.column == testCase.column)
    }

    @Test func printsLikeACompiler() {
        let reading = read("{\n  \"title\": \"x\",\n  \"width\":   -4\n}")
        #expect(
            reading.diagnostics.map(\.description) == [
                "photos/a.jpg.json:3:14: error: 'width' must be a positive whole number, found -4"
            ])
    }

    @Test func invalidFieldDoesNotStopTheOthers() {
        let reading = read(#"{"width": "wide", "height": 600, "title": "Kept"}"#)
        #expect(reading.hasErrors)
        #expect(reading.metadata.width == nil)
        #expect(reading.metadata.height == 600)
        #expect(reading.metadata.title == "Kept")
    }

    @Test func warningsAloneAreNotErrors() {
        let reading = read(#"{"widht": 1, "width": 2}"#)
        #expect(!reading.hasErrors)
        #expect(reading.metadata.width == 2)
    }

    @Test func longStringsAreShortenedInMessages() {
        let reading = read(#"{"order": "\#(String(repeating: "a", count: 50))"}"#)
        #expect(
            reading.diagnostics.first?.message
                == "'order' must be a number, found \"\(String(repeating: "a", count: 40))…\"")
    }

    @Test func refusesOversizedSidecars() {
        let bytes = Array("{\"title\": \"\(String(repeating: "a", count: Sidecar.maximumSize))\"}".utf8)
        let reading = AshlarSidecar.read(bytes, path: "big.json")
        #expect(
            reading.diagnostics.map(\.description) == [
                "big.json: error: sidecar is larger than 1 MiB (\(bytes.count) bytes)"
            ])
        #expect(Sidecar.sizeDiagnostic(byteCount: Sidecar.maximumSize, path: "a.json") == nil)
        #expect(Sidecar.sizeDiagnostic(byteCount: Sidecar.maximumSize + 1, path: "a.json")?.severity == .error)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let reading = read(#"{"tags": "# + String(repeating: "[", count: 10_000))
        #expect(reading.diagnostics.map(\.message) == ["nesting deeper than 256 levels"])
        #expect(reading.hasErrors)
    }

    @Test(
        arguments: [
            ("IMG_1@800w.jpg", 800), ("a/b@1600w.webp", 1600), ("x@3200w", 3200), ("IMG_1@0w.jpg", nil),
            ("IMG_1@w.jpg", nil), ("IMG_1@800.jpg", nil), ("IMG_1.jpg", nil), ("IMG@1@99999999w.jpg", nil),
            ("a@800w/b.jpg", nil),
        ] as [(String, Int?)])
    func renditionWidthFromName(_ name: String, _ width: Int?) {
        #expect(Rendition.width(fromName: name) == width)
    }
}
