import AshlarTemplate
import Testing

@testable import AshlarCore

/// Keyword and place pages: which names, spelled how, with which photos and slugs.
@Suite struct TermIndexTests {
    static func photo(_ slug: String, tags: [String]? = nil, city: String? = nil) -> Photo {
        var metadata = PhotoMetadata()
        metadata.tags = tags
        metadata.city = city
        return Photo(
            sourcePath: slug + ".jpg", image: .output(slug + ".jpg"), primaryPath: slug + ".jpg", name: slug + ".jpg",
            slug: slug, metadata: metadata, width: 3, height: 2)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Each photo's tags, in catalog order.
        var tags: [[String]]
        /// Each term as `name slug count`, in index order.
        var terms: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "case is ignored; a tie shows the first spelling", tags: [["Paris"], ["paris"], ["PARIS"]],
            terms: ["Paris paris 3"]),
        Case(name: "the most used spelling wins", tags: [["paris"], ["Paris"], ["Paris"]], terms: ["Paris paris 3"]),
        Case(name: "whitespace is trimmed", tags: [[" Sea "], ["sea\n"], ["sea"]], terms: ["sea sea 3"]),
        Case(
            name: "composed and decomposed accents are one name", tags: [["Caf\u{E9}"], ["Cafe\u{301}"]],
            terms: ["Caf\u{E9} cafe 2"]),
        Case(name: "a photo counts once however often it has a name", tags: [["a", "A", " a"]], terms: ["a a 1"]),
        Case(
            name: "names of one slug get -2, -3 in key order", tags: [["C++"], ["c"], ["C#"]],
            terms: ["c c 1", "C# c-2 1", "C++ c-3 1"]),
        Case(
            name: "empty names are dropped; a name without letters gets a slug", tags: [["", "  ", "!!!"]],
            terms: ["!!! tag 1"]),
        Case(
            name: "index order is case-folded", tags: [["banana"], ["Apple"], ["cherry"]],
            terms: ["Apple apple 1", "banana banana 1", "cherry cherry 1"]),
        Case(name: "no tags, no terms", tags: [[], []], terms: []),
    ]

    @Test(arguments: cases)
    func collectsTerms(_ testCase: Case) {
        let photos = testCase.tags.enumerated().map { Self.photo("p\($0.offset)", tags: $0.element) }
        let album = Album(sourcePath: "", outputPath: "", title: "Root", photos: photos)
        let index = TermIndex(kind: .tags, albums: [album]) { $0.metadata.tags ?? [] }
        #expect(index.terms.map { "\($0.name) \($0.slug) \($0.photos.count)" } == testCase.terms)
    }

    @Test func photosKeepCatalogOrderAcrossAlbums() {
        let child = Album(
            sourcePath: "b", outputPath: "b", title: "B",
            photos: [Self.photo("x", tags: ["sea"]), Self.photo("y", tags: ["Sea"])])
        let root = Album(
            sourcePath: "", outputPath: "", title: "Root", photos: [Self.photo("z", tags: ["SEA"])], albums: [child])
        let index = TermIndex(kind: .tags, albums: root.allAlbums) { $0.metadata.tags ?? [] }
        #expect(index.terms.first?.photos.map(\.pageFolder) == ["z", "b/x", "b/y"])
        #expect(index.folder(of: " sEa ") == "tags/sea")
        #expect(index.folder(of: "land") == nil)
    }

    static func pages(
        _ root: Album, tags: Bool = true, showPlace: Bool = false
    ) -> TermPages {
        var configuration = SiteConfiguration()
        configuration.tags = tags
        configuration.showPlace = showPlace
        return TermPages(root: root, configuration: configuration)
    }

    @Test func placesNeedShowPlaceAndTagsFalseTurnsBothOff() {
        let root = Album(
            sourcePath: "", outputPath: "", title: "Root", photos: [Self.photo("a", tags: ["sea"], city: "Brest")])
        #expect(Self.pages(root).indexes.map(\.kind) == [.tags])
        #expect(Self.pages(root, showPlace: true).indexes.map(\.kind) == [.tags, .places])
        #expect(Self.pages(root, showPlace: true).index(.places)?.terms.map(\.name) == ["Brest"])
        #expect(Self.pages(root, tags: false, showPlace: true).indexes.isEmpty)
        // No keywords, no keyword index.
        let plain = Album(sourcePath: "", outputPath: "", title: "Root", photos: [Self.photo("a")])
        #expect(Self.pages(plain, showPlace: true).indexes.isEmpty)
    }

    @Test(arguments: [
        ("tags", "album", TermIndex.Kind.tags), ("places", "album", .places), ("tags", "photo", .tags),
    ])
    func aRootFolderOfTheSameNameKeepsItsPages(folder: String, what: String, kind: TermIndex.Kind) {
        var root = Album(
            sourcePath: "", outputPath: "", title: "Root", photos: [Self.photo("a", tags: ["sea"], city: "Brest")])
        if what == "album" {
            root.albums = [Album(sourcePath: "Tags", outputPath: folder, title: "Tags")]
        } else {
            root.photos.append(Self.photo(folder))
        }
        let pages = Self.pages(root, showPlace: true)
        #expect(pages.index(kind) == nil)
        #expect(pages.indexes.count == 1)
        #expect(pages.diagnostics.count == 1)
        let warning = pages.diagnostics.first
        #expect(warning?.severity == .warning)
        #expect(warning?.message.contains("'\(folder)'") == true)
        #expect(warning?.message.contains("not written") == true)
    }

    /// A photo page's tag links change when another album's photo takes the slug its tag had.
    @Test func anAlbumsSignatureFollowsItsTagLinks() {
        let mine = Album(sourcePath: "a", outputPath: "a", title: "A", photos: [Self.photo("x", tags: ["C++"])])
        func signature(otherTags: [String]) -> String {
            let other = Album(
                sourcePath: "b", outputPath: "b", title: "B", photos: [Self.photo("y", tags: otherTags)])
            let root = Album(sourcePath: "", outputPath: "", title: "Root", albums: [mine, other])
            let pages = Self.pages(root)
            return AlbumSignature.of(mine, ancestors: [root], site: "s", hasFeed: false, links: pages.links(of:))
        }
        #expect(signature(otherTags: ["sea"]) == signature(otherTags: ["land"]))
        #expect(signature(otherTags: ["sea"]) != signature(otherTags: ["c"]))
    }
}

/// Only published photos have keyword pages: the catalog leaves out hidden photos, hidden albums
/// and photos under `minRating`, and Lightroom's hierarchical keywords count by their leaf.
@Suite struct TermIndexCatalogTests {
    static func tags(_ files: [String: String], images: [String], minimumRating: Int? = nil) -> [String: [String]] {
        var bytes = files.mapValues { Array($0.utf8) }
        for image in images { bytes[image] = CatalogBuilderTests.png }
        let source = CatalogBuilderTests.MemorySource(files: bytes)
        var settings = CatalogSettings()
        settings.minimumRating = minimumRating
        let catalog = CatalogBuilder(source: source, settings: settings).build(source.tree)
        let pages = TermPages(root: catalog.root, configuration: SiteConfiguration())
        var result: [String: [String]] = [:]
        for term in pages.index(.tags)?.terms ?? [] { result[term.name] = term.photos.map(\.pageFolder) }
        return result
    }

    @Test(arguments: [
        ("a hidden photo", ["b.png.json": #"{"hidden": true, "tags": ["secret"]}"#], ["b.png"], nil as Int?),
        (
            "a hidden album", ["x/album.json": #"{"hidden": true}"#, "x/b.png.json": #"{"tags": ["secret"]}"#],
            ["x/b.png"], nil
        ),
        ("a photo under minRating", ["b.png.json": #"{"rating": 1, "tags": ["secret"]}"#], ["b.png"], 3),
        ("an unrated photo under minRating", ["b.png.json": #"{"tags": ["secret"]}"#], ["b.png"], 3),
    ])
    func unpublishedPhotosHaveNoKeywordPages(what: String, files: [String: String], images: [String], rating: Int?) {
        var all = files
        all["a.png.json"] = #"{"rating": 5, "tags": ["shown", "Secret"]}"#
        let tags = Self.tags(all, images: images + ["a.png"], minimumRating: rating)
        #expect(tags == ["shown": ["a"], "Secret": ["a"]], "\(what)")
    }

    @Test func hierarchicalKeywordsCountByTheirLeaf() {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:lr="http://ns.adobe.com/lightroom/1.0/">
            <dc:subject><rdf:Bag><rdf:li>harbour</rdf:li></rdf:Bag></dc:subject>
            <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|Europe|Brest</rdf:li><rdf:li>Things|Harbour</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let tags = Self.tags(["a.xmp": xmp, "b.png.json": #"{"tags": ["brest"]}"#], images: ["a.png", "b.png"])
        #expect(tags == ["harbour": ["a"], "Brest": ["a", "b"]])
    }
}
