import AshlarTestSupport
import Foundation
import Testing

/// The rendition cache is untrusted input, as a restored CI cache can hold anything: a link in it
/// is never followed, linked or copied; an entry that does not match its record is made again;
/// pruning never leaves the cache; site files never share an inode with cache entries; and
/// `--cache-dir` cannot be the source or inside the output.
@Suite(.tags(.slow), .serialized) struct CacheTrustTests {
    static let photos = RenditionTests.fixtures.appendingPathComponent("site")

    /// A site of two photos (one with GPS), its cache in `cache/` beside it.
    struct Site {
        let folder: TemporaryFolder
        var source: URL { folder.url.appendingPathComponent("site") }
        var output: URL { source.appendingPathComponent("_site") }
        var cache: URL { folder.url.appendingPathComponent("cache") }

        init() throws {
            folder = try TemporaryFolder("ashlar-cache-trust")
            for name in ["gps-p3.jpg", "orientation-3.jpg"] {
                try folder.write(
                    Data(contentsOf: CacheTrustTests.photos.appendingPathComponent(name)), to: "site/\(name)")
            }
        }

        /// Builds into an empty output folder.
        @discardableResult
        func build(_ arguments: [String] = []) throws -> Ashlar.Run {
            try? FileManager.default.removeItem(at: output)
            return try Ashlar.run(["build", source.path, "--cache-dir", cache.path] + arguments)
        }

        /// The rendition files of the cache, by name.
        func renditionFiles() throws -> [URL] {
            let folder = cache.appendingPathComponent("renditions")
            var files: [URL] = []
            for sub in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let subfolder = folder.appendingPathComponent(sub)
                for name in try FileManager.default.contentsOfDirectory(atPath: subfolder.path)
                where name.hasSuffix(".jpg") {
                    files.append(subfolder.appendingPathComponent(name))
                }
            }
            return files.sorted { $0.lastPathComponent < $1.lastPathComponent }
        }

        /// Every published file and its bytes.
        func published() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
                let url = output.appendingPathComponent(name)
                var info = stat()
                guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
                files[name] = try Data(contentsOf: url)
            }
            return files
        }
    }

    static func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Builds, spoils the cache with `spoil`, builds again into an empty output: the site must be
    /// the first build's, byte for byte, the spoiled entry made again with a note.
    func expectRepaired(_ spoil: (Site) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let site = try Site()
        let first = try site.build()
        try #require(first.status == 0, "\(first.stderr)", sourceLocation: sourceLocation)
        let expected = try site.published()
        try spoil(site)
        let second = try site.build()
        #expect(second.status == 0, "\(second.stderr)", sourceLocation: sourceLocation)
        #expect(second.stderr.contains("rendition cache"), "no note: \(second.stderr)", sourceLocation: sourceLocation)
        let published = try site.published()
        #expect(published.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (name, bytes) in expected where published[name] != bytes {
            Issue.record("\(name) differs from the first build's", sourceLocation: sourceLocation)
        }
        for name in published.keys {
            #expect(
                !Self.isLink(site.output.appendingPathComponent(name)), "\(name) is a link",
                sourceLocation: sourceLocation)
        }
        // Healed: a third build reuses what the second made.
        let third = try site.build()
        #expect(!third.stderr.contains("rendition cache"), "\(third.stderr)", sourceLocation: sourceLocation)
        #expect(third.stdout.contains(" 0 renditions made"), "\(third.stdout)", sourceLocation: sourceLocation)
    }

    @Test func aLinkInTheCacheIsNeverFollowed() throws {
        try expectRepaired { site in
            let secret = site.folder.url.appendingPathComponent("secret.txt")
            try Data("a file the build user can read".utf8).write(to: secret)
            let entry = try #require(try site.renditionFiles().first)
            try FileManager.default.removeItem(at: entry)
            try FileManager.default.createSymbolicLink(at: entry, withDestinationURL: secret)
        }
    }

    @Test func anEntryOverwrittenWithTheOriginalIsMadeAgain() throws {
        try expectRepaired { site in
            let original = try Data(contentsOf: Self.photos.appendingPathComponent("gps-p3.jpg"))
            for entry in try site.renditionFiles() { try original.write(to: entry) }
        }
    }

    @Test func aTruncatedEntryIsMadeAgain() throws {
        try expectRepaired { site in
            let entry = try #require(try site.renditionFiles().last)
            let bytes = try Data(contentsOf: entry)
            try bytes.prefix(bytes.count / 2).write(to: entry)
        }
    }

    @Test func aForgedSizeInASetNeverReachesAPage() throws {
        try expectRepaired { site in
            let folder = site.cache.appendingPathComponent("renditions")
            for sub in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let subfolder = folder.appendingPathComponent(sub)
                for name in try FileManager.default.contentsOfDirectory(atPath: subfolder.path)
                where name.hasSuffix(".set") {
                    let url = subfolder.appendingPathComponent(name)
                    var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
                    var fields = lines[0].split(separator: " ").map(String.init)
                    fields[0] = "9223372036854775807"
                    lines[0] = fields.joined(separator: " ")
                    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: false, encoding: .utf8)
                }
            }
        }
    }

    /// A file of the right size with other bytes: the stage reads every file of a set before it
    /// reuses it (`RenditionStage.reuseProblem`), so the set is made again and the forged bytes
    /// are never published. (Bytes changed after that are caught as they are published:
    /// `CachedFileTests`.)
    @Test func anEntryOfTheRightSizeWithOtherBytesIsNotPublished() throws {
        let site = try Site()
        try #require(try site.build().status == 0)
        let expected = try site.published()
        let entry = try #require(try site.renditionFiles().first)
        var bytes = try Data(contentsOf: entry)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: entry)
        let forged = bytes
        let second = try site.build()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stderr.contains("\(entry.lastPathComponent) is not the file its list records"), "\(second.stderr)")
        let published = try site.published()
        #expect(!published.values.contains(forged))
        #expect(published == expected)
    }

    @Test func siteFilesDoNotShareAnInodeWithTheCache() throws {
        let site = try Site()
        let run = try site.build()
        try #require(run.status == 0, "\(run.stderr)")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: site.output.path) where name.contains("@") {
            var info = stat()
            #expect(lstat(site.output.appendingPathComponent(name).path, &info) == 0)
            #expect(info.st_nlink == 1, "\(name) has \(info.st_nlink) links")
            checked += 1
        }
        #expect(checked > 0)
    }

    /// Old files outside the cache, reached through links planted in it, that pruning would
    /// remove if it followed them (their names are those of entries, their times two hours ago).
    @Test func pruningNeverLeavesTheCache() throws {
        let site = try Site()
        try #require(try site.build().status == 0)
        let documents = site.folder.url.appendingPathComponent("Documents")
        let key = "zz" + String(repeating: "0", count: 30)
        let names = ["\(key).set", "\(key)-317.jpg", "\(key).jpg", "letter.txt"]
        for name in names {
            let url = documents.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
            try Data("keep me".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: url.path)
        }
        try FileManager.default.createDirectory(
            at: site.cache.appendingPathComponent("originals"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.cache.appendingPathComponent("renditions/zz"), withDestinationURL: documents)
        try FileManager.default.createSymbolicLink(
            at: site.cache.appendingPathComponent("originals/yy"), withDestinationURL: documents)
        let run = try site.build()
        #expect(run.status == 0, "\(run.stderr)")
        for name in names {
            #expect(
                FileManager.default.fileExists(atPath: documents.appendingPathComponent(name).path),
                "\(name) was removed")
        }
    }

    /// The default cache, `SOURCE/.ashlar-cache`, planted as a link to another folder: nothing is
    /// written there, and the build says why.
    @Test func aLinkedCacheFolderIsNotFollowed() throws {
        let site = try Site()
        let elsewhere = site.folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.source.appendingPathComponent(".ashlar-cache"), withDestinationURL: elsewhere)
        let run = try Ashlar.run(["build", site.source.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains(".ashlar-cache: error:") && run.stderr.contains("link"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // Without a cache nothing can be published without its metadata: the photos are left out,
        // never published as they are (the GPS photo's place with them).
        #expect(run.stderr.contains("2 photos are left out"), "\(run.stderr)")
        let published = (try? FileManager.default.contentsOfDirectory(atPath: site.output.path)) ?? []
        #expect(!published.contains { $0.hasSuffix(".jpg") }, "\(published)")
    }

    @Test(arguments: ["source", "output", "output/cache"])
    func theCacheFolderIsChecked(_ place: String) throws {
        let site = try Site()
        let cache =
            switch place {
            case "source": site.source.path
            case "output": site.output.path
            default: site.output.appendingPathComponent("cache").path
            }
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        let run = try Ashlar.run(["build", site.source.path, "--cache-dir", cache])
        #expect(run.status == 64, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("--cache-dir"), "\(run.stderr)")
    }

    @Test func theDefaultCacheKeepsOutOfGit() throws {
        let site = try Site()
        try #require(try Ashlar.run(["build", site.source.path]).status == 0)
        let ignore = try String(
            contentsOf: site.source.appendingPathComponent(".ashlar-cache/.gitignore"), encoding: .utf8)
        #expect(ignore == "*\n")
    }
}
