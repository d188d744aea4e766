import Testing

@testable import AshlarCore

@Suite struct SlugTests {
    @Test(arguments: [
        ("Île de Ré 2024", "ile-de-re-2024"),
        ("IMG_2041", "img-2041"),
        ("  --Hello,   World!-- ", "hello-world"),
        ("日本", "untitled"),
        ("Ünïcödé & Co.", "unicode-co"),
        ("a/b\\c", "a-b-c"),
    ])
    func makesURLSafeSlugs(text: String, slug: String) {
        #expect(Slug.make(from: text) == slug)
    }

    @Test func longNamesAreCutWithoutATrailingHyphen() {
        let slug = Slug.make(from: String(repeating: "abcd ", count: 40))
        #expect(slug.count <= 80)
        #expect(!slug.hasSuffix("-"))
    }

    @Test func collisionsGetDeterministicSuffixes() {
        var taken: Set<String> = ["page"]
        #expect(Slug.unique("sunset", taken: &taken) == "sunset")
        #expect(Slug.unique("sunset", taken: &taken) == "sunset-2")
        #expect(Slug.unique("sunset", taken: &taken) == "sunset-3")
        #expect(Slug.unique("page", taken: &taken) == "page-2")
    }
}

@Suite struct NaturalOrderTests {
    @Test func ordersNumbersByValue() {
        let names = ["IMG_10.jpg", "img_2.jpg", "IMG_1.jpg", "IMG_02.jpg", "a", "B", "IMG_2.jpg"]
        #expect(
            names.sorted(by: NaturalOrder.precedes) == [
                "a", "B", "IMG_1.jpg", "IMG_2.jpg", "img_2.jpg", "IMG_02.jpg", "IMG_10.jpg",
            ])
    }

    @Test func isATotalOrder() {
        let names = ["x1", "X1", "x01", "x1a", "x1", "x"]
        let sorted = names.sorted(by: NaturalOrder.precedes)
        #expect(sorted == names.shuffled().sorted(by: NaturalOrder.precedes))
    }
}

@Suite struct SortOrderTests {
    func photo(_ name: String, title: String? = nil, date: String? = nil, order: Double? = nil) -> Photo {
        var metadata = PhotoMetadata()
        metadata.title = title
        metadata.date = date.flatMap(PhotoDate.init(parsing:))
        metadata.order = order
        return Photo(
            sourcePath: name, image: .output(name), primaryPath: name, name: name, slug: name, metadata: metadata,
            width: 1, height: 1)
    }

    @Test(arguments: [
        ("name", ["a2.jpg", "a10.jpg", "b1.jpg", "c.jpg"]),
        ("-name", ["c.jpg", "b1.jpg", "a10.jpg", "a2.jpg"]),
        ("date", ["b1.jpg", "a2.jpg", "a10.jpg", "c.jpg"]),
        ("-date", ["a10.jpg", "a2.jpg", "b1.jpg", "c.jpg"]),
        ("title", ["c.jpg", "b1.jpg", "a2.jpg", "a10.jpg"]),
        ("order", ["a10.jpg", "c.jpg", "a2.jpg", "b1.jpg"]),
        ("-order", ["c.jpg", "a10.jpg", "a2.jpg", "b1.jpg"]),
    ])
    func sortsWithTiesByNameAndMissingValuesLast(spec: String, expected: [String]) throws {
        let order = try #require(SortOrder(parsing: spec))
        let photos = [
            photo("c.jpg", title: "Apple", order: 2),
            photo("a10.jpg", title: "Dog", date: "2024-06-03T10:00:00", order: 1),
            photo("b1.jpg", title: "Cat", date: "2024-06-01T10:00:00"),
            photo("a2.jpg", title: "Dog", date: "2024-06-02"),
        ]
        #expect(order.sorted(photos).map(\.name) == expected)
    }

    @Test func rejectsUnknownSpellings() {
        #expect(SortOrder(parsing: "size") == nil)
        #expect(SortOrder(parsing: "--name") == nil)
        #expect(SortOrder(parsing: "") == nil)
    }
}

@Suite struct AltTextLintTests {
    @Test(arguments: [
        ("IMG_2041", true), ("IMG_2041.JPG", true), ("DSC01234", true), ("dscn0042", true), ("_MG_1234", true),
        ("P1010042", true), ("PXL_20240601_183000123", true), ("20240601_183000", true), ("sunset.jpg", true),
        ("harbour", true), ("   ", true), ("IMG-20240101-WA0001", true), ("GH010001", true), ("FullSizeRender", true),
        ("A red door in Lisbon", false), ("Harbour at dawn", false), ("Portrait of Ada", false), ("Boat 2", false),
    ])
    func flagsFileAndCameraNames(alt: String, meaningless: Bool) {
        #expect(AltTextLint.isMeaningless(alt, fileName: "harbour.jpg") == meaningless)
    }
}

@Suite struct AlbumSettingsTests {
    @Test func readsEveryKey() {
        let json = #"{"title": "Coast", "description": "Sea.", "cover": "IMG_1.jpg", "sort": "-date", "hidden": false}"#
        let (settings, diagnostics) = AlbumSettings.read(Array(json.utf8), path: "coast/album.json")
        #expect(diagnostics.isEmpty)
        #expect(settings.title == "Coast")
        #expect(settings.description == "Sea.")
        #expect(settings.cover == "IMG_1.jpg")
        #expect(settings.sort == SortOrder(key: .date, descending: true))
        #expect(settings.hidden == false)
    }

    @Test(arguments: [
        ("{\"title\": 3}", "a/album.json:1:11: error: 'title' must be a string, found 3"),
        (
            "{\"sort\": \"size\"}",
            "a/album.json:1:10: error: 'sort' must be one of 'name', 'date', 'title', 'order', optionally with a leading '-', found \"size\""
        ),
        ("{\"hidden\": \"yes\"}", "a/album.json:1:12: error: 'hidden' must be true or false, found \"yes\""),
        (
            "{\"cover\": \"../x.jpg\"}",
            "a/album.json:1:11: error: 'cover' must name a photo in this album or below it, found \"../x.jpg\""
        ),
        ("{\n  \"titel\": \"x\"}", "a/album.json:2:3: warning: 'titel' is not an album key; did you mean 'title'?"),
        ("[1]", "a/album.json:1:1: error: album.json must be a JSON object, found a list"),
        ("{\"title\": }", "a/album.json:1:11: error: expected a JSON value, found '}'"),
    ])
    func reportsProblemsWithTheirPlace(json: String, expected: String) {
        let (_, diagnostics) = AlbumSettings.read(Array(json.utf8), path: "a/album.json")
        #expect(diagnostics.map(\.description) == [expected])
    }
}
