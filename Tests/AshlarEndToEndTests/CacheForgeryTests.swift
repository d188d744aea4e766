import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarCore

/// Every image a build publishes is one Ashlar could have written, whatever the rendition cache
/// holds: a set of another picture, its list rewritten to match, is made again; cached
/// renditions carrying metadata Ashlar does not write are made again; and a progressive JPEG's
/// segments between scans are published only when decoding needs them. The forged files come
/// from `Fixtures/cache-forgery/make-fixtures.py`.
@Suite(.tags(.slow), .serialized) struct CacheForgeryTests {
    static let fixtures = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarEndToEndTests/Fixtures/cache-forgery")
    /// What the forged metadata says, which no published file may.
    static let privateWords = [
        "SN-FORGED-4242", "Forged Owner", "private note", "private comment", "between the scans",
    ]

    /// A site of one photo, its cache beside it.
    struct Site {
        let folder: TemporaryFolder
        var source: URL { folder.url.appendingPathComponent("site") }
        var output: URL { source.appendingPathComponent("_site") }
        var cache: URL { folder.url.appendingPathComponent("cache") }

        init(photo: URL, configuration: String? = nil) throws {
            folder = try TemporaryFolder("ashlar-cache-forgery")
            try folder.write(Data(contentsOf: photo), to: "site/\(photo.lastPathComponent)")
            if let configuration { try folder.write(configuration, to: "site/ashlar.json") }
        }

        @discardableResult
        func build() throws -> Ashlar.Run {
            try? FileManager.default.removeItem(at: output)
            return try Ashlar.run(["build", source.path, "--cache-dir", cache.path])
        }

        /// The cache's one set list.
        func setList() throws -> URL {
            let folder = cache.appendingPathComponent("renditions")
            var lists: [URL] = []
            for sub in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let subfolder = folder.appendingPathComponent(sub)
                for name in try FileManager.default.contentsOfDirectory(atPath: subfolder.path)
                where name.hasSuffix(".set") {
                    lists.append(subfolder.appendingPathComponent(name))
                }
            }
            try #require(lists.count == 1, "\(lists)")
            return lists[0]
        }

        /// The set's rendition files by width.
        func renditions() throws -> [Int: URL] {
            let list = try setList()
            let key = list.deletingPathExtension().lastPathComponent
            var files: [Int: URL] = [:]
            for line in try String(contentsOf: list, encoding: .utf8).split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 5, let width = Int(fields[0]) else { continue }
                files[width] = list.deletingLastPathComponent().appendingPathComponent("\(key)-\(width).\(fields[2])")
            }
            return files
        }

        /// Every published file and its bytes.
        func published() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
                let url = output.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
                else { continue }
                files[name] = try Data(contentsOf: url)
            }
            return files
        }
    }

    static let photo = RenditionTests.fixtures.appendingPathComponent("site/orientation-3.jpg")

    /// No published file holds any of the forged metadata's words.
    func expectNoPrivateWords(in files: [String: Data], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (name, bytes) in files {
            for word in Self.privateWords where bytes.range(of: Data(word.utf8)) != nil {
                Issue.record("\(name) holds '\(word)'", sourceLocation: sourceLocation)
            }
        }
    }

    /// Builds, spoils the set with `spoil`, builds again: the second build warns with `note` and
    /// publishes the first build's files, byte for byte; a third reuses what the second made.
    func expectRemade(
        note: String, configuration: String? = nil, _ spoil: (Site) throws -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let site = try Site(photo: Self.photo, configuration: configuration)
        let first = try site.build()
        try #require(first.status == 0, "\(first.stderr)", sourceLocation: sourceLocation)
        let expected = try site.published()
        try spoil(site)
        let second = try site.build()
        #expect(second.status == 0, "\(second.stderr)", sourceLocation: sourceLocation)
        #expect(
            second.stderr.contains("that are not what Ashlar wrote") && second.stderr.contains(note),
            "\(second.stderr)", sourceLocation: sourceLocation)
        let published = try site.published()
        #expect(published == expected, "the site differs from the first build's", sourceLocation: sourceLocation)
        expectNoPrivateWords(in: published, sourceLocation: sourceLocation)
        let third = try site.build()
        #expect(!third.stderr.contains("rendition cache"), "\(third.stderr)", sourceLocation: sourceLocation)
        #expect(third.stdout.contains(" 0 renditions made"), "\(third.stdout)", sourceLocation: sourceLocation)
    }

    /// The renditions of another picture of the same size, with their own list (sizes, digests,
    /// heights, colours all right for those files), stored as this photo's set.
    @Test func aForgedSetOfAnotherPictureIsMadeAgain() throws {
        try expectRemade(note: "it is not a picture of this photo") { site in
            let other = try Site(photo: Self.fixtures.appendingPathComponent("other-picture.jpg"))
            let run = try other.build()
            try #require(run.status == 0, "\(run.stderr)")
            let forged = try other.renditions()
            let target = try site.renditions()
            try #require(Set(forged.keys) == Set(target.keys))
            for (width, file) in target {
                let forgedFile = try #require(forged[width])
                try Data(contentsOf: forgedFile).write(to: file)
            }
            try Data(contentsOf: other.setList()).write(to: site.setList())
        }
    }

    /// Each cached rendition with an EXIF APP1 (serial number, owner), an XMP APP1 and a comment
    /// after its JFIF APP0, its list's sizes and digests rewritten to match.
    @Test(arguments: [nil, #"{"metadata": "camera"}"#])
    func cachedRenditionsCarryingMoreMetadataAreMadeAgain(_ configuration: String?) throws {
        try expectRemade(note: "EXIF", configuration: configuration) { site in
            let segments = try Data(contentsOf: Self.fixtures.appendingPathComponent("private-segments.bin"))
            let list = try site.setList()
            var lines = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map(String.init)
            for (width, file) in try site.renditions() {
                var bytes = try Data(contentsOf: file)
                // SOI, then the 18 bytes of Ashlar's JFIF APP0.
                bytes.insert(contentsOf: segments, at: 20)
                try bytes.write(to: file)
                let index = try #require(lines.firstIndex { $0.hasPrefix("\(width) ") })
                var fields = lines[index].split(separator: " ").map(String.init)
                fields[3] = String(bytes.count)
                fields[4] = SourceDigest.of(bytes: [UInt8](bytes))
                lines[index] = fields.joined(separator: " ")
            }
            try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: false, encoding: .utf8)
        }
    }

    /// A photo too small for renditions, published as a copy: the EXIF (GPS, serial, owner) and
    /// the comment between its scans are not.
    @Test func segmentsBetweenScansAreLeftOutOfACopy() throws {
        let site = try Site(photo: Self.fixtures.appendingPathComponent("between-scans.jpg"))
        let run = try site.build()
        try #require(run.status == 0, "\(run.stderr)")
        let published = try site.published()
        let copy = try #require(published["between-scans.jpg"])
        expectNoPrivateWords(in: published)
        try Self.expectExiftoolFindsNothingPrivate(in: site.output.appendingPathComponent("between-scans.jpg"))
        // The image data is all there: the same pixels as the file.
        #expect(copy.count > 1_000)
    }

    /// A cached original forged with an EXIF APP1 and a comment between its scans is not
    /// published; the next build makes it again.
    @Test func aForgedCachedOriginalIsNotPublished() throws {
        let site = try Site(photo: Self.photo, configuration: #"{"originals": "publish"}"#)
        try #require(try site.build().status == 0)
        let originals = site.cache.appendingPathComponent("originals")
        let sub = try #require(try FileManager.default.contentsOfDirectory(atPath: originals.path).first)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: originals.appendingPathComponent(sub).path).first)
        let forged = Self.fixtures.appendingPathComponent("between-scans.jpg")
        try Data(contentsOf: forged).write(to: originals.appendingPathComponent(sub).appendingPathComponent(name))
        let second = try site.build()
        #expect(second.status != 0)
        #expect(second.stderr.contains("the rendition cache entry is not what Ashlar wrote"), "\(second.stderr)")
        expectNoPrivateWords(in: (try? site.published()) ?? [:])
        let third = try site.build()
        #expect(third.status == 0, "\(third.stderr)")
        expectNoPrivateWords(in: try site.published())
    }

    /// Under `ASHLAR_CACHE_KEY`, sets written by a build without the key (a pull request from a
    /// fork, in CI) are made again and signed; a build with the key then reuses them.
    @Test func setsWrittenWithoutTheKeyAreMadeAgainUnderIt() throws {
        let site = try Site(photo: Self.photo)
        var environment = ProcessInfo.processInfo.environment
        environment["ASHLAR_CACHE_KEY"] = nil
        func build() throws -> Ashlar.Run {
            try? FileManager.default.removeItem(at: site.output)
            return try Ashlar.run(
                Ashlar.binary, ["build", site.source.path, "--cache-dir", site.cache.path], environment: environment)
        }
        try #require(try build().status == 0)
        environment["ASHLAR_CACHE_KEY"] = "a secret of the repository"
        let signed = try build()
        #expect(signed.status == 0, "\(signed.stderr)")
        // Signed by this machine's own key, or by none: not by the repository's.
        #expect(
            signed.stderr.contains("is not signed with this build's ASHLAR_CACHE_KEY")
                || signed.stderr.contains("is not signed, and ASHLAR_CACHE_KEY is set"), "\(signed.stderr)")
        #expect(signed.stdout.contains(" 4 renditions made"), "\(signed.stdout)")
        let list = try String(contentsOf: site.setList(), encoding: .utf8)
        #expect(list.split(separator: "\n").last?.hasPrefix("signature ") == true, "\(list)")
        let again = try build()
        #expect(!again.stderr.contains("rendition cache"), "\(again.stderr)")
        #expect(again.stdout.contains(" 0 renditions made"), "\(again.stdout)")
        environment["ASHLAR_CACHE_KEY"] = "another secret"
        let other = try build()
        #expect(other.stderr.contains("is not signed with this build's ASHLAR_CACHE_KEY"), "\(other.stderr)")
    }

    /// exiftool (`-a -G1 -n -ee3`) finds no GPS, serial number, owner or comment in `file`.
    static func expectExiftoolFindsNothingPrivate(in file: URL) throws {
        let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")
        guard FileManager.default.isExecutableFile(atPath: exiftool.path) else {
            try RequiredTool.require(!RequiredTool.inCI, "exiftool")
            return
        }
        let run = try Ashlar.run(exiftool, ["-a", "-G1", "-n", "-ee3", file.path])
        for tag in ["GPS", "Serial Number", "Owner Name", "Comment"] {
            #expect(!run.stdout.contains(tag), "exiftool finds \(tag): \(run.stdout)")
        }
    }
}
