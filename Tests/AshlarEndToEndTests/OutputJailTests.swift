import Foundation
import Synchronization
import Testing

@testable import AshlarCore

/// The output folder is a jail: a link in it, put there before the build, listed in a crafted
/// manifest, or swapped in while the build runs, never lets a build write or remove anything
/// outside it.
@Suite struct OutputJailTests {
    /// Every file and folder below `folder`, links not followed, with the bytes of each file.
    static func tree(_ folder: URL) throws -> [String: Data?] {
        var found: [String: Data?] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return found }
        while let relative = enumerator.nextObject() as? String {
            var info = stat()
            let path = folder.appendingPathComponent(relative).path
            guard lstat(path, &info) == 0 else { continue }
            let isFile = (info.st_mode & S_IFMT) == S_IFREG
            found[relative] = isFile ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
        }
        return found
    }

    /// Makes `url` a symbolic link to `destination`.
    static func link(_ url: URL, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    static func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// An album folder moved out of the output and replaced by a link to it: when the album
    /// leaves the source, its old files are stale, but they are outside now and stay.
    @Test func aLinkedAlbumFolderIsNotFollowedWhenItsFilesGoStale() throws {
        let (folder, site, output) = try BuildEngineTests.builtExampleCopy("ashlar-jail-album")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: output.appendingPathComponent("nature"), to: elsewhere)
        try Self.link(output.appendingPathComponent("nature"), to: "../../elsewhere")
        let before = try Self.tree(elsewhere)
        #expect(before.keys.contains("moonrise/index.html"))
        let keywordPages = Set(try Self.tree(output.appendingPathComponent("tags")).keys)
        try FileManager.default.removeItem(at: site.appendingPathComponent("nature"))
        let run = try Ashlar.run(["build", site.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.tree(elsewhere) == before, "files outside the output were removed")
        #expect(Self.isLink(output.appendingPathComponent("nature")), "the link itself was removed or replaced")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        // Only the pages of keywords no other album's photos have are gone; nothing of the album.
        let gone = keywordPages.subtracting(try Self.tree(output.appendingPathComponent("tags")).keys)
        #expect(!gone.isEmpty, "site-example's nature album has keywords of its own")
        #expect((report["files"] as? [String: Int])?["removed"] == gone.filter { $0.hasSuffix(".html") }.count)
    }

    /// Adds `extra` to the `files` the output's manifest lists.
    static func craftManifest(_ output: URL, adding extra: [String]) throws {
        let file = output.appendingPathComponent(".ashlar-manifest.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        // The list the output keeps of its files (OutputMarker).
        var files = try #require(manifest["files"] as? [String])
        files += extra
        manifest["files"] = files
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: file)
    }

    /// A shipped `_site/` whose manifest lists files behind a link, above the output, or by an
    /// absolute path: none of them is removed.
    @Test func aCraftedManifestRemovesNothingOutside() throws {
        let (folder, site, output) = try BuildEngineTests.builtExampleCopy("ashlar-jail-manifest")
        try folder.write("keep me", to: "outside/x.html")
        try folder.write("keep me", to: "outside/deeper/y.html")
        try folder.write("keep me", to: "site/outside.txt")
        let outsideFolder = folder.url.appendingPathComponent("outside")
        try Self.link(output.appendingPathComponent("link"), to: outsideFolder.path)
        try Self.link(output.appendingPathComponent("nature/link"), to: "../../../outside/deeper")
        let outside = try Self.tree(outsideFolder)
        try Self.craftManifest(output, adding: ["link/x.html", "nature/link/y.html"])
        let run = try Ashlar.run(["build", site.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.tree(outsideFolder) == outside, "files outside the output were removed")
        #expect(Self.isLink(output.appendingPathComponent("link")))
        #expect(Self.isLink(output.appendingPathComponent("nature/link")))

        // Paths that leave the output make the manifest unreadable: refused, or ignored with --force.
        let target = folder.url.appendingPathComponent("outside/x.html").path
        try Self.craftManifest(output, adding: ["../outside.txt", target, String(target.dropFirst())])
        let refused = try Ashlar.run(["build", site.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("this is not a manifest Ashlar can read"), "\(refused.stderr)")
        let forced = try Ashlar.run(["build", site.path, "--force", "--clean"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try folder.read("site/outside.txt") == "keep me")
        #expect(try Self.tree(outsideFolder) == outside, "files outside the output were removed")
    }

    /// What the swapping thread is told, and what it did.
    final class Swapper: Sendable {
        let stop = Mutex(false)
        let swaps = Mutex(0)
    }

    /// How many files a build has staged so far (its staging folder's `files/`).
    static func stagedCount(_ output: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        return names.filter { $0.hasPrefix(".ashlar-staging-") }.reduce(0) { count, name in
            let files = output.appendingPathComponent(name + "/files").path
            return count + ((try? FileManager.default.contentsOfDirectory(atPath: files))?.count ?? 0)
        }
    }

    /// While a large rebuild runs, an album folder of the output is swapped again and again for
    /// a link to a folder outside that mirrors its folders (empty). The swapping starts once
    /// half the pages are staged, so that it overlaps the final renames. Whatever the build
    /// makes of it (it may fail), no file is ever written through the link.
    @Test func swappingAFolderForALinkDuringABuildWritesNothingOutside() throws {
        let folder = try TemporaryFolder("ashlar-jail-race")
        let albums = 3
        let photos = 1_500
        for index in 0..<photos {
            let path = "site/album-\(index % albums)/IMG_\(index).png"
            try folder.write(TinyPNG.headerOnly(width: 800 + index % 400, height: 600), to: path)
            try folder.write(#"{"title": "Photo \#(index)", "alt": "A card, number \#(index)"}"#, to: path + ".json")
        }
        let site = folder.url.appendingPathComponent("site")
        let output = site.appendingPathComponent("_site")
        let first = try Ashlar.run(["build", site.path])
        try #require(first.status == 0, "\(first.stderr)")
        let album = output.appendingPathComponent("album-0")
        let outside = folder.url.appendingPathComponent("outside")
        for (relative, data) in try Self.tree(album) where data == nil {
            let mirror = outside.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        }
        let empty = try Self.tree(outside)
        try #require(empty.count > 100 && empty.values.allSatisfy { $0 == nil })
        let aside = output.appendingPathComponent("album-0-aside").path
        var swaps = 0
        for round in 1...2 {
            // A new site title changes every page: each is written again in its old folder.
            try folder.write(#"{"title": "Round \#(round)"}"#, to: "site/ashlar.json")
            let swapper = Swapper()
            let thread = Thread { [album = album.path] in
                while !swapper.stop.withLock({ $0 }), Self.stagedCount(output) < photos / 2 { usleep(2_000) }
                var swapped = false
                while !swapper.stop.withLock({ $0 }) {
                    if swapped {
                        unlink(album)
                        rename(aside, album)
                    } else if rename(album, aside) == 0, symlink(outside.path, album) == 0 {
                        swapper.swaps.withLock { $0 += 1 }
                    }
                    swapped.toggle()
                    usleep(300)
                }
                if swapped { unlink(album) }
                rename(aside, album)
            }
            thread.start()
            let run = try Ashlar.run(["build", site.path], timeLimit: 300)
            swapper.stop.withLock { $0 = true }
            while !thread.isFinished { usleep(1_000) }
            swaps += swapper.swaps.withLock { $0 }
            #expect(!run.wasSignalled, "crashed:\n\(run.stderr)")
            let after = try Self.tree(outside)
            let written = after.filter { $0.value != nil || empty[$0.key] == nil }.keys.sorted()
            #expect(written.isEmpty, "round \(round) wrote \(written.count) files outside: \(written.prefix(3))")
            if !written.isEmpty { break }
        }
        #expect(swaps > 0, "the folder was never swapped while a build ran")
    }
}

/// `DirectoryJail` on its own: every operation refuses a path through a link, at any segment,
/// and any path that climbs out with `..` or starts at `/`.
@Suite struct DirectoryJailTests {
    /// `out/` with real folders `d/e/`, links `l0` (to a folder outside), `d/l1` (the same),
    /// `d/e/l2` (to a file outside), and `outside/` with a file and a folder.
    struct Sandbox {
        let folder: TemporaryFolder
        let output: URL
        let outside: URL
        let directory: DirectoryJail

        init() throws {
            folder = try TemporaryFolder("ashlar-output-directory")
            try folder.write("victim", to: "outside/victim.txt")
            try folder.write("victim", to: "outside/sub/victim.txt")
            try folder.write("mine", to: "out/d/e/mine.txt")
            output = folder.url.appendingPathComponent("out")
            outside = folder.url.appendingPathComponent("outside")
            try OutputJailTests.link(output.appendingPathComponent("l0"), to: outside.path)
            try OutputJailTests.link(output.appendingPathComponent("d/l1"), to: "../../outside")
            let victim = outside.appendingPathComponent("victim.txt").path
            try OutputJailTests.link(output.appendingPathComponent("d/e/l2"), to: victim)
            directory = DirectoryJail(path: output.path)
            try #require(directory.openRoot(creating: false) == nil)
        }

        var outsideTree: [String: Data?] {
            get throws { try OutputJailTests.tree(outside) }
        }
    }

    static let throughLinks = [
        "l0/victim.txt", "l0/sub/victim.txt", "l0/new", "d/l1/victim.txt", "d/l1/sub/victim.txt", "d/l1/sub/new",
        "d/e/l2/x",
    ]
    static let climbing = [
        "../outside/victim.txt", "d/../../outside/victim.txt", "d/e/../../../outside/sub/victim.txt", "./d/e/mine.txt",
        "d//e/mine.txt", "/" + "d/e/mine.txt",
    ]

    @Test(arguments: throughLinks + climbing)
    func refusesEveryOperation(path: String) throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        let before = try sandbox.outsideTree
        // Warm the cache of folder descriptors, as a build would have.
        #expect(directory.isRegularFile("d/e/mine.txt"))
        #expect(directory.writeFile(Array("x".utf8), to: path) != nil)
        #expect(directory.readFile(path) == nil)
        #expect(directory.makeFolder(path + "-folder") != nil)
        #expect(directory.makeFolders(path + "-folder/below") != nil)
        #expect(directory.link(sandbox.output.appendingPathComponent("d/e/mine.txt").path, to: path + "-link") != nil)
        #expect(directory.rename("d/e/mine.txt", to: path + "-renamed") != nil)
        #expect(directory.rename(path, to: "d/e/taken.txt") != nil)
        #expect(directory.unlink(path) != nil)
        #expect(directory.removeFolder(path) != nil)
        directory.removeTree(path)
        #expect(!directory.isRegularFile(path))
        #expect(directory.status(of: path) == nil)
        #expect(directory.names(in: path) == nil)
        #expect(try sandbox.outsideTree == before, "\(path) reached outside")
        #expect(try sandbox.folder.read("out/d/e/mine.txt") == "mine")
    }

    /// The last segment is never followed either: writing over a link to a file fails, and
    /// removing it removes the link.
    @Test func aLinkAsTheLastSegmentIsNotFollowed() throws {
        let sandbox = try Sandbox()
        let before = try sandbox.outsideTree
        #expect(sandbox.directory.writeFile(Array("x".utf8), to: "d/e/l2") == ELOOP)
        #expect(sandbox.directory.readFile("d/e/l2") == nil)
        #expect(!sandbox.directory.isRegularFile("d/e/l2"))
        #expect(sandbox.directory.removeFolder("l0") == ENOTDIR)
        #expect(sandbox.directory.unlink("d/e/l2") == nil)
        sandbox.directory.removeTree("d/l1")
        #expect(try sandbox.outsideTree == before)
        #expect(!OutputJailTests.isLink(sandbox.output.appendingPathComponent("d/e/l2")))
        #expect(!OutputJailTests.isLink(sandbox.output.appendingPathComponent("d/l1")))
    }

    /// A folder the directory has walked through (and keeps open) swapped for a link: what is
    /// below it is written into the real folder, wherever it went, never through the link.
    @Test func aFolderSwappedForALinkIsNotFollowed() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        #expect(directory.isRegularFile("d/e/mine.txt"))
        let d = sandbox.output.appendingPathComponent("d")
        try FileManager.default.moveItem(at: d, to: sandbox.output.appendingPathComponent("moved"))
        try OutputJailTests.link(d, to: sandbox.outside.path)
        let before = try sandbox.outsideTree
        for path in ["d/e/new.txt", "d/new.txt", "d/sub/new.txt", "d/f/new.txt"] {
            _ = directory.writeFile(Array("x".utf8), to: path)
            _ = directory.makeFolders(path + "-folder")
        }
        #expect(directory.unlink("d/victim.txt") != nil)
        #expect(try sandbox.outsideTree == before)
        // Written into the real folder it had opened, now at `moved/e`.
        #expect(try sandbox.folder.read("out/moved/e/new.txt") == "x")
    }

    /// Files and folders inside the output work as `open`/`mkdir`/`rename` would.
    @Test func writesRenamesAndRemovesInside() throws {
        let sandbox = try Sandbox()
        let directory = sandbox.directory
        #expect(directory.writeFile(Array("x".utf8), to: "") == EINVAL)
        #expect(directory.unlink("") == EINVAL)
        #expect(directory.rename("", to: "x") == EINVAL)
        #expect(directory.makeFolders("a/b/c") == nil)
        #expect(directory.writeFile(Array("one".utf8), to: "a/b/c/index.html") == nil)
        #expect(directory.readFile("a/b/c/index.html") == Array("one".utf8))
        #expect(directory.makeFolder("a/b") == EEXIST)
        #expect(directory.rename("a/b", to: "a/moved") == nil)
        #expect(directory.readFile("a/moved/c/index.html") == Array("one".utf8))
        #expect(directory.writeFile(Array("two".utf8), to: "a/b/c/index.html") == ENOENT)
        let mine = sandbox.output.appendingPathComponent("d/e/mine.txt").path
        #expect(directory.link(mine, to: "a/moved/c/mine.txt") == nil)
        #expect(try sandbox.folder.read("out/a/moved/c/mine.txt") == "mine")
        #expect(directory.names(in: "a/moved/c")?.sorted() == ["index.html", "mine.txt"])
        #expect(directory.removeFolder("a/moved/c") == ENOTEMPTY)
        directory.removeTree("a")
        #expect(!sandbox.folder.exists("out/a"))
        #expect(sandbox.folder.exists("out/d/e/mine.txt"))
    }
}
