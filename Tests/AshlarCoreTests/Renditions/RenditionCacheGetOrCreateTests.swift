import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// The cache's read-or-create and the naming of a set's files in the site.
@Suite struct RenditionCacheGetOrCreateTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-get-\(UUID().uuidString)")
    let cache: RenditionCache
    let key = "ab" + String(repeating: "c", count: 30)
    let widths = [317, 634]
    let made: [(entry: RenditionCache.Entry, bytes: [UInt8])] = [
        (
            RenditionCache.Entry(
                width: 634, height: 423, format: .jpeg, size: 3, digest: SourceDigest.of(bytes: [1, 2, 3])), [1, 2, 3]
        ),
        (
            RenditionCache.Entry(
                width: 317, height: 211, format: .jpeg, size: 2, digest: SourceDigest.of(bytes: [4, 5])), [4, 5]
        ),
    ]

    init() {
        cache = RenditionCache(root: root.path)
        _ = cache.open(creating: true)
    }

    /// The photo's colours the sets are made with: stored in the list and read back with it.
    let colours = ColourPlaceholder(colours: [
        .init(red: 0x12, green: 0x34, blue: 0x56), .init(red: 0xab, green: 0xcd, blue: 0xef),
    ])

    func lookup(
        validate: ([RenditionCache.Entry]) -> String? = { _ in nil },
        _ create: () -> [(entry: RenditionCache.Entry, bytes: [UInt8])]?
    ) -> RenditionCache.Lookup {
        cache.getOrCreate(
            key: key, widths: widths, validate: { entries, _ in validate(entries) },
            create: { create().map { ($0, colours) } })
    }

    @Test func makesOnceThenFinds() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var calls = 0
        guard
            case .made(let first, nil) = lookup({
                calls += 1
                return made
            })
        else {
            Issue.record("the first lookup did not make the set")
            return
        }
        #expect(first == RenditionCache.SetList(entries: made.map(\.entry), placeholder: colours))
        let stored = try Data(
            contentsOf: root.appendingPathComponent(cache.renditionFile(key: key, width: 317, format: .jpeg)))
        #expect([UInt8](stored) == [4, 5])
        guard
            case .found(let second) = lookup({
                calls += 1
                return made
            })
        else {
            Issue.record("the second lookup did not find the set")
            return
        }
        #expect(calls == 1)
        #expect(second == RenditionCache.SetList(entries: made.map(\.entry), placeholder: colours))
    }

    @Test func anIncompleteSetIsMadeAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = lookup { made }
        try FileManager.default.removeItem(
            at: root.appendingPathComponent(cache.renditionFile(key: key, width: 634, format: .jpeg)))
        var calls = 0
        guard
            case .made(_, nil) = lookup({
                calls += 1
                return made
            })
        else {
            Issue.record("a set missing a file was taken as found")
            return
        }
        #expect(calls == 1)
    }

    /// A published copy found not to be what its set records drops the whole set, whatever the
    /// key's length (a key of 64 digits once lost its second half here, and the set stayed).
    @Test(arguments: [32, 64]) func aCopyNotAsRecordedDropsItsSet(digits: Int) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = String(String(repeating: "0123456789abcdef", count: 4).prefix(digits))
        _ = cache.getOrCreate(
            key: key, widths: widths, validate: { _, _ in nil }, create: { (made, nil) })
        let list = root.appendingPathComponent(cache.setFile(key: key))
        #expect(FileManager.default.fileExists(atPath: list.path))
        let file = CachedFile(
            outputPath: "a@634w.jpg", cachePath: cache.renditionFile(key: key, width: 634, format: .jpeg),
            content: .rendition(key: key, width: 634),
            expected: .rendition(size: 3, digest: SourceDigest.of(bytes: [1, 2, 3]), width: 634, height: 423))
        cache.discard(file)
        #expect(!FileManager.default.fileExists(atPath: list.path))
    }

    @Test func nothingMadeIsNothingStored() {
        defer { try? FileManager.default.removeItem(at: root) }
        guard case .notMade = lookup({ nil }) else {
            Issue.record("a set nothing made was reported otherwise")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(cache.setFile(key: key)).path))
    }

    @Test func aCacheThatCannotBeWrittenIsReported() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // A file where the set's folder should be.
        try Data("x".utf8).write(to: root.appendingPathComponent("renditions"))
        guard case .notStored(_, let path) = lookup({ made }) else {
            Issue.record("a failed store was not reported")
            return
        }
        #expect(path == cache.display(cache.setFile(key: key)))
    }

    /// A set the cache holds that is not what Ashlar wrote is made again, and the lookup says why.
    @Test(arguments: ["truncated", "link", "forged width", "old list", "implausible"])
    func aSetThatDoesNotMatchItsRecordIsMadeAgain(_ spoil: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = lookup { made }
        let file = root.appendingPathComponent(cache.renditionFile(key: key, width: 634, format: .jpeg))
        let list = root.appendingPathComponent(cache.setFile(key: key))
        var validate: ([RenditionCache.Entry]) -> String? = { _ in nil }
        switch spoil {
        case "truncated":
            try Data([1]).write(to: file)
        case "link":
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: list)
        case "forged width":
            let text = try String(contentsOf: list, encoding: .utf8)
            try text.replacingOccurrences(of: "634 ", with: "9223372036854775807 ").write(
                to: list, atomically: false, encoding: .utf8)
        case "old list":
            try "634 423 jpg\n317 211 jpg\n".write(to: list, atomically: false, encoding: .utf8)
        default:
            validate = { _ in "implausible" }
        }
        guard case .made(_, let replacing) = lookup(validate: validate, { made }) else {
            Issue.record("a spoiled set (\(spoil)) was used")
            return
        }
        #expect(replacing != nil)
        guard case .found = lookup({ nil }) else {
            Issue.record("the set made again was not found")
            return
        }
    }

    @Test(arguments: [
        (
            "634 423 jpg 3 \(String(repeating: "a", count: 64))\n317 211 png 2 \(String(repeating: "b", count: 64))\n",
            true
        ),
        ("634 423 jpg 3 \(String(repeating: "a", count: 64))\n", false),
        (
            "634 423 jpg 3 \(String(repeating: "a", count: 64))\n634 423 jpg 3 \(String(repeating: "a", count: 64))\n",
            false
        ),
        (
            "634 423 jpg 3 \(String(repeating: "a", count: 64))\n318 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 423 jpeg 3 \(String(repeating: "a", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 423 gif 3 \(String(repeating: "a", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 0 jpg 3 \(String(repeating: "a", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 423 jpg 0 \(String(repeating: "a", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 423 jpg 3 \(String(repeating: "A", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 423 jpg 3 \(String(repeating: "a", count: 63))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634 423 jpg 3 \(String(repeating: "a", count: 64)) x\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        (
            "634  423 jpg 3 \(String(repeating: "a", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n",
            false
        ),
        ("", false),
        // The photo's colours: one line, one to three `#rrggbb` in lowercase.
        ("\(Self.twoEntries)colour #0a1b2c\n", true),
        ("\(Self.twoEntries)colour #0a1b2c #ffffff #000000\n", true),
        ("colour #0a1b2c #ffffff\n\(Self.twoEntries)", true),
        ("\(Self.twoEntries)colour\n", false),
        ("\(Self.twoEntries)colour #0a1b2c #ffffff #000000 #123456\n", false),
        ("\(Self.twoEntries)colour #0A1B2C\n", false),
        ("\(Self.twoEntries)colour 0a1b2c\n", false),
        ("\(Self.twoEntries)colour #0a1b2\n", false),
        ("\(Self.twoEntries)colour #0a1b2c;\n", false),
        ("\(Self.twoEntries)colour red\n", false),
        ("\(Self.twoEntries)colour #0a1b2c\ncolour #0a1b2c\n", false),
        ("\(Self.twoEntries)colour  #0a1b2c\n", false),
    ])
    func setListsAreReadStrictly(list: String, accepted: Bool) {
        #expect((RenditionCache.setList(Array(list.utf8), widths: widths) != nil) == accepted)
    }

    /// A list Ashlar writes: 634 and 317 px wide.
    static let twoEntries =
        "634 423 jpg 3 \(String(repeating: "a", count: 64))\n317 211 jpg 2 \(String(repeating: "b", count: 64))\n"

    @Test func namesFilesByWidthAndKeyBesideThePage() throws {
        let entries = [1600, 317, 1024, 634].map {
            RenditionCache.Entry(
                width: $0, height: $0 / 2, format: .jpeg, size: 10, digest: String(repeating: "0", count: 64))
        }
        let published = try #require(
            PublishedRenditions(
                entries: entries, key: key, photoName: "IMG 1.jpeg", albumOutput: "trips/rome", cache: cache))
        #expect(published.renditions.map(\.width) == [317, 634, 1024, 1600])
        #expect(published.largestWidth == 1600)
        #expect(published.generated.files.first?.outputPath == "trips/rome/IMG 1@317w.\(key.prefix(10)).jpg")
        #expect(published.generated.files.first?.cachePath == cache.renditionFile(key: key, width: 317, format: .jpeg))
        #expect(
            published.generated.files.map(\.content)
                == [317, 634, 1024, 1600].map { CachedFile.Content.rendition(key: key, width: $0) })
        #expect(published.generated.sharing?.width == 1024)
        #expect(published.generated.sharing?.height == 512)
        #expect(PublishedRenditions(entries: [], key: key, photoName: "a.jpg", albumOutput: "", cache: cache) == nil)

        let still = Still(
            sourcePath: "trips/rome/IMG 1.jpeg", image: .output("trips/rome/IMG 1.jpeg"), width: 4000, height: 2000,
            format: .jpeg)
        let shown = ShownImage(still, published: .renditions(published))
        #expect(shown.image == .output("trips/rome/IMG 1@1600w.\(key.prefix(10)).jpg"))
        #expect(shown.imageWidth == 1600)
        #expect(shown.renditions.map(\.width) == [317, 634, 1024])
        #expect(shown.generated?.files.count == 4)
        #expect(shown.generated?.original == nil)
    }
}
