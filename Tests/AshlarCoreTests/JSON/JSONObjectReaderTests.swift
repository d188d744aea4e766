import Testing

@testable import AshlarCore

/// Every JSON file Ashlar reads goes through `JSONObjectReader`, so each kind of finding reads
/// the same in each of them: the same words, the key path, what was typed, the place.
@Suite struct JSONObjectReaderTests {
    enum FileKind: String, Sendable {
        case configuration, album, theme, sidecar, exiftool

        /// The file's diagnostics, as printed.
        func read(_ json: String) -> [String] {
            let bytes = Array(json.utf8)
            let diagnostics: [Diagnostic]
            switch self {
            case .configuration: diagnostics = SiteConfiguration.read(bytes: bytes, path: "ashlar.json").1
            case .album: diagnostics = AlbumSettings.read(bytes, path: "trip/album.json").1
            case .theme:
                let file = Theme.ThemeFile(bytes: bytes, displayPath: "templates/theme.json", isOverride: true)
                diagnostics = Theme(files: ["theme.json": file]).pageGeometry().1
            case .sidecar: diagnostics = AshlarSidecar.read(bytes, path: "a.jpg.json").diagnostics
            case .exiftool: diagnostics = ExiftoolSidecar.read(bytes, path: "a.json").diagnostics
            }
            return diagnostics.map(\.description)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var kind: FileKind
        var finding: String
        var json: String
        var expected: [String]
        var testDescription: String { "\(kind.rawValue): \(finding)" }

        init(_ kind: FileKind, _ finding: String, _ json: String, _ expected: String...) {
            self.kind = kind
            self.finding = finding
            self.json = json
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case(
            .configuration, "wrong type", #"{"title": true}"#,
            "ashlar.json:1:11: error: 'title' must be a string, found true"),
        Case(
            .configuration, "wrong type in a nested object", #"{"layout": {"gap": [8]}}"#,
            "ashlar.json:1:20: error: 'layout.gap' must be a number of pixels from 0 to 200, found a list"),
        Case(
            .configuration, "duplicate key", #"{"title": "a", "title": "b"}"#,
            "ashlar.json:1:16: warning: 'title' is given more than once; the last one is used"),
        Case(
            .configuration, "unknown key", #"{"layout": {"gapp": 4}}"#,
            "ashlar.json:1:13: warning: 'layout.gapp' is not a configuration key; did you mean 'layout.gap'?"),
        Case(
            .configuration, "huge number", #"{"pageSize": 9007199254740993}"#,
            "ashlar.json:1:14: error: 'pageSize' must be a whole number of photos from 0 (one page) to 100000, "
                + "found 9007199254740993"),
        Case(
            .configuration, "syntax error", #"{"title": "a" "b"}"#,
            "ashlar.json:1:15: error: expected ',' or '}' after a value, found '\"'"),
        Case(
            .configuration, "not an object", #"7"#,
            "ashlar.json:1:1: error: the configuration must be a JSON object, found 7"),

        Case(
            .album, "wrong type", #"{"hidden": "no"}"#,
            "trip/album.json:1:12: error: 'hidden' must be true or false, found \"no\""),
        Case(
            .album, "duplicate key", #"{"hidden": true, "hidden": false}"#,
            "trip/album.json:1:18: warning: 'hidden' is given more than once; the last one is used"),
        Case(
            .album, "unknown key", #"{"titel": "x"}"#,
            "trip/album.json:1:2: warning: 'titel' is not an album key; did you mean 'title'?"),
        Case(
            .album, "huge number", #"{"title": 123456789012345678901}"#,
            "trip/album.json:1:11: error: 'title' must be a string, found 123456789012345678901"),
        Case(
            .album, "syntax error", #"{"title": "x",}"#,
            "trip/album.json:1:14: error: trailing comma before '}'"),
        Case(
            .album, "not an object", #"["x"]"#,
            "trip/album.json:1:1: error: album.json must be a JSON object, found a list"),

        Case(
            .theme, "wrong type", #"{"page": {"maxWidth": "wide"}}"#,
            "templates/theme.json:1:23: error: 'page.maxWidth' must be a number from 320 to 100000, found \"wide\""),
        Case(
            .theme, "wrong type for an object", #"{"page": 3}"#,
            "templates/theme.json:1:10: error: 'page' must be an object, found 3"),
        Case(
            .theme, "duplicate key", #"{"page": {}, "page": {}}"#,
            "templates/theme.json:1:14: warning: 'page' is given more than once; the last one is used"),
        Case(
            .theme, "unknown key", #"{"page": {"padding": {"mn": 4}}}"#,
            "templates/theme.json:1:23: warning: 'page.padding.mn' is not a theme key; did you mean 'page.padding.min'?"
        ),
        Case(
            .theme, "huge number", #"{"page": {"maxWidth": 123456789012345678901234567890}}"#,
            "templates/theme.json:1:23: error: 'page.maxWidth' must be a number from 320 to 100000, "
                + "found 123456789012345678901234567890"),
        Case(
            .theme, "syntax error", #"{"page": {"maxWidth": 1200}"#,
            "templates/theme.json:1:1: error: unclosed object: expected '}'"),
        Case(
            .theme, "not an object", #"null"#,
            "templates/theme.json:1:1: error: theme.json must be a JSON object, found null"),

        Case(
            .sidecar, "wrong type", #"{"rating": "5"}"#,
            "a.jpg.json:1:12: error: 'rating' must be a rating from -1 (rejected) to 5, found \"5\""),
        Case(
            .sidecar, "duplicate key", #"{"iso": 1, "iso": 2}"#,
            "a.jpg.json:1:12: warning: 'iso' is given more than once; the last one is used"),
        Case(
            .sidecar, "unknown key", #"{"captoin": "x"}"#,
            "a.jpg.json:1:2: warning: 'captoin' is not a sidecar key; did you mean 'caption'?"),
        Case(
            .sidecar, "unknown key in a nested object", #"{"renditions": [{"src": "a@8w.jpg", "widht": 8}]}"#,
            "a.jpg.json:1:17: error: 'renditions[0]' is missing 'width'",
            "a.jpg.json:1:37: warning: 'renditions[0].widht' is not a rendition key; did you mean 'renditions[0].width'?"
        ),
        Case(
            .sidecar, "huge number", #"{"width": 9007199254740993}"#,
            "a.jpg.json:1:11: error: 'width' must be at most 100000, found 9007199254740993"),
        Case(
            .sidecar, "syntax error", #"{"width": 01}"#,
            "a.jpg.json:1:11: error: invalid number: leading zeros are not allowed"),

        Case(
            .exiftool, "wrong type", #"[{"ISO": [100]}]"#,
            "a.json:1:10: warning: 'ISO' must be a positive whole number, found a list"),
        Case(
            .exiftool, "duplicate key", #"[{"Make": "A", "Make": "B"}]"#,
            "a.json:1:16: warning: 'Make' is given more than once; the first one is used"),
        Case(.exiftool, "unknown keys are exiftool's other tags", #"[{"Widht": 5, "MakerNotes": {}}]"#),
        Case(
            .exiftool, "huge number", #"[{"ImageWidth": 9007199254740993}]"#,
            "a.json:1:17: warning: 'ImageWidth' must be at most 100000, found 9007199254740993"),
        Case(
            .exiftool, "syntax error", #"[{"Make": 'Sony'}]"#,
            "a.json:1:11: error: expected a JSON value, found '''"),
    ]

    @Test(arguments: cases)
    func eachKindOfFindingReadsTheSameInEveryFile(_ testCase: Case) {
        #expect(testCase.kind.read(testCase.json) == testCase.expected)
    }

    /// exiftool lists a tag's values in order of priority, so its first one counts.
    @Test func theLastOfARepeatedKeyIsTheOneReadOrForExiftoolTheFirst() throws {
        let configuration = SiteConfiguration.read(bytes: Array(#"{"pageSize": 5, "pageSize": 7}"#.utf8), path: "a")
        #expect(configuration.0?.pageSize == 7)
        let album = AlbumSettings.read(Array(#"{"title": 5, "title": "Coast"}"#.utf8), path: "a")
        #expect(album.0.title == "Coast")
        #expect(album.1.map(\.severity) == [.warning])
        let theme = Theme(files: [
            "theme.json": Theme.ThemeFile(
                bytes: Array(#"{"page": {"maxWidth": 800, "maxWidth": 900}}"#.utf8), displayPath: "t", isOverride: true)
        ])
        #expect(theme.pageGeometry().0.maxWidth == 900)
        let sidecar = AshlarSidecar.read(Array(#"{"title": "a", "title": "b"}"#.utf8), path: "a")
        #expect(sidecar.metadata.title == "b")
        let exiftool = ExiftoolSidecar.read(Array(#"[{"Make": "A", "Make": "B"}]"#.utf8), path: "a")
        #expect(exiftool.metadata.make == "A")
    }

    @Test(arguments: [0, 5, 23, 24, 25, 100])
    func repeatsAreFoundInLargeObjectsToo(fillerTags: Int) {
        let filler = (0..<fillerTags).map { #""Tag\#($0)": \#($0), "# }.joined()
        let json = #"[{"Make": "A", "# + filler + #""ISO": 100, "Make": "B"}]"#
        let reading = ExiftoolSidecar.read(Array(json.utf8), path: "a.json")
        #expect(reading.metadata.make == "A")
        #expect(reading.metadata.iso == 100)
        #expect(reading.diagnostics.map(\.message) == ["'Make' is given more than once; the first one is used"])
        #expect(reading.diagnostics.first?.column == json.count - 12)
    }

    @Test func findingsAreInTheFilesOrderWhateverOrderKeysAreRead() {
        let json = "{\n \"iso\": \"x\",\n \"titel\": 1,\n \"width\": true,\n \"iso\": 0\n}"
        #expect(
            FileKind.sidecar.read(json) == [
                "a.jpg.json:3:2: warning: 'titel' is not a sidecar key; did you mean 'title'?",
                "a.jpg.json:4:11: error: 'width' must be a positive whole number, found true",
                "a.jpg.json:5:2: warning: 'iso' is given more than once; the last one is used",
                "a.jpg.json:5:9: error: 'iso' must be a positive whole number, found 0",
            ])
    }

    @Test(
        arguments: [
            ("3", "3"), ("-0.5e-3", "-0.5e-3"), ("1E+400", nil), ("9007199254740993", "9007199254740993"),
            ("1" + String(repeating: "0", count: 40), "1" + String(repeating: "0", count: 39) + "…"),
            (String(repeating: "9", count: 40), String(repeating: "9", count: 40)),
            (#""abc""#, #""abc""#), (#""a\"b\n""#, #""a\"b\n""#), ("true", "true"), ("false", "false"),
            ("null", "null"),
            ("[1]", "a list"), (#"{"a": 1}"#, "an object"),
        ] as [(String, String?)])
    func foundQuotesWhatWasTyped(_ json: String, _ expected: String?) throws {
        guard let expected else {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(text: json) }
            return
        }
        let document = try JSONDocument(text: "[" + json + "]")
        let value = try #require(document.root.arrayValue?.first)
        #expect(document.found(value) == expected)
    }

    @Test func locatorAgreesWithSourceLocation() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\r\n \"é\": [1,\n2],\t\"日本\": \"x\"\n}".utf8)
        var locator = SourceLocator(bytes: bytes)
        for offset in 0...(bytes.count + 2) {
            #expect(locator.location(of: offset) == SourceLocation(offset: offset, in: bytes), "offset \(offset)")
        }
        // Going back starts over.
        #expect(locator.location(of: 4) == SourceLocation(offset: 4, in: bytes))
    }
}
