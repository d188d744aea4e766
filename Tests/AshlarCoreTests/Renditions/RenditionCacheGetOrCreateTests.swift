import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// The cache's read-or-create and the naming of a set's files in the site.
@Suite struct RenditionCacheGetOrCreateTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-get-\(UUID().uuidString)")
    var cache: RenditionCache { RenditionCache(root: root.path) }
    let key = "ab" + String(repeating: "c", count: 30)
    let made: [(entry: RenditionCache.Entry, bytes: [UInt8])] = [
        (RenditionCache.Entry(width: 634, height: 423, format: .jpeg), [1, 2, 3]),
        (RenditionCache.Entry(width: 317, height: 211, format: .jpeg), [4, 5]),
    ]

    @Test func makesOnceThenFinds() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var calls = 0
        guard
            case .made(let first) = cache.getOrCreate(
                key: key,
                create: {
                    calls += 1
                    return made
                })
        else {
            Issue.record("the first lookup did not make the set")
            return
        }
        #expect(first == made.map(\.entry))
        let stored = try Data(
            contentsOf: URL(fileURLWithPath: cache.renditionFile(key: key, width: 317, format: .jpeg)))
        #expect([UInt8](stored) == [4, 5])
        guard
            case .found(let second) = cache.getOrCreate(
                key: key,
                create: {
                    calls += 1
                    return made
                })
        else {
            Issue.record("the second lookup did not find the set")
            return
        }
        #expect(calls == 1)
        #expect(second == made.map(\.entry))
    }

    @Test func anIncompleteSetIsMadeAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        _ = cache.getOrCreate(key: key) { made }
        try FileManager.default.removeItem(atPath: cache.renditionFile(key: key, width: 634, format: .jpeg))
        var calls = 0
        guard
            case .made = cache.getOrCreate(
                key: key,
                create: {
                    calls += 1
                    return made
                })
        else {
            Issue.record("a set missing a file was taken as found")
            return
        }
        #expect(calls == 1)
    }

    @Test func nothingMadeIsNothingStored() {
        defer { try? FileManager.default.removeItem(at: root) }
        guard case .notMade = cache.getOrCreate(key: key, create: { nil }) else {
            Issue.record("a set nothing made was reported otherwise")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: cache.setFile(key: key)))
    }

    @Test func aCacheThatCannotBeWrittenIsReported() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // A file where the cache's folder should be.
        try Data("x".utf8).write(to: root)
        guard case .notStored(_, let path) = cache.getOrCreate(key: key, create: { made }) else {
            Issue.record("a failed store was not reported")
            return
        }
        #expect(path == cache.setFile(key: key))
    }

    @Test func namesFilesByWidthAndKeyBesideThePage() throws {
        let entries = [1600, 317, 1024, 634].map { RenditionCache.Entry(width: $0, height: $0 / 2, format: .jpeg) }
        let published = try #require(
            PublishedRenditions(
                entries: entries, key: key, photoName: "IMG 1.jpeg", albumOutput: "trips/rome", cache: cache))
        #expect(published.renditions.map(\.width) == [317, 634, 1024, 1600])
        #expect(published.largestWidth == 1600)
        #expect(published.files.first?.outputPath == "trips/rome/IMG 1@317w.\(key.prefix(10)).jpg")
        #expect(published.files.first?.cachePath == cache.renditionFile(key: key, width: 317, format: .jpeg))
        #expect(published.files.map(\.entry) == [317, 634, 1024, 1600].map { "\(key)-\($0)" })
        #expect(published.sharing?.width == 1024)
        #expect(published.sharing?.height == 512)
        #expect(PublishedRenditions(entries: [], key: key, photoName: "a.jpg", albumOutput: "", cache: cache) == nil)

        let photo = Photo(
            sourcePath: "trips/rome/IMG 1.jpeg", image: .output("trips/rome/IMG 1.jpeg"), primaryPath: "x",
            name: "IMG 1.jpeg", slug: "img-1", metadata: PhotoMetadata(), width: 4000, height: 2000)
        let shown = photo.publishing(published)
        #expect(shown.image == .output("trips/rome/IMG 1@1600w.\(key.prefix(10)).jpg"))
        #expect(shown.imageWidth == 1600)
        #expect(shown.renditions.map(\.width) == [317, 634, 1024])
        #expect(shown.generated?.files.count == 4)
        #expect(shown.generated?.original == nil)
    }
}
