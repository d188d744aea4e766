import AshlarTestSupport
import Foundation
import Synchronization
import Testing

@testable import AshlarCore

/// The output folder is a jail: a link in it, put there before the build, listed in a crafted
/// manifest, or swapped in while the build runs, never lets a build write or remove anything
/// outside it.
@Suite struct OutputJailTests {
    /// An album folder moved out of the output and replaced by a link to it: when the album
    /// leaves the source, its old files are stale, but they are outside now and stay.
    @Test func aLinkedAlbumFolderIsNotFollowedWhenItsFilesGoStale() throws {
        let (folder, site, output) = try BuildEngineTests.builtExampleCopy("ashlar-jail-album")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: output.appendingPathComponent("nature"), to: elsewhere)
        try LinkedFiles.link(output.appendingPathComponent("nature"), to: "../../elsewhere")
        let before = try LinkedFiles.tree(elsewhere)
        #expect(before.keys.contains("moonrise/index.html"))
        let keywordPages = Set(try LinkedFiles.tree(output.appendingPathComponent("tags")).keys)
        try FileManager.default.removeItem(at: site.appendingPathComponent("nature"))
        let run = try Ashlar.run(["build", site.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try LinkedFiles.tree(elsewhere) == before, "files outside the output were removed")
        #expect(LinkedFiles.isLink(output.appendingPathComponent("nature")), "the link itself was removed or replaced")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        // Only the pages of keywords no other album's photos have are gone; nothing of the album.
        let gone = keywordPages.subtracting(try LinkedFiles.tree(output.appendingPathComponent("tags")).keys)
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
        try LinkedFiles.link(output.appendingPathComponent("link"), to: outsideFolder.path)
        try LinkedFiles.link(output.appendingPathComponent("nature/link"), to: "../../../outside/deeper")
        let outside = try LinkedFiles.tree(outsideFolder)
        try Self.craftManifest(output, adding: ["link/x.html", "nature/link/y.html"])
        let run = try Ashlar.run(["build", site.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try LinkedFiles.tree(outsideFolder) == outside, "files outside the output were removed")
        #expect(LinkedFiles.isLink(output.appendingPathComponent("link")))
        #expect(LinkedFiles.isLink(output.appendingPathComponent("nature/link")))

        // Paths that leave the output make the manifest unreadable: refused, or ignored with --force.
        let target = folder.url.appendingPathComponent("outside/x.html").path
        try Self.craftManifest(output, adding: ["../outside.txt", target, String(target.dropFirst())])
        let refused = try Ashlar.run(["build", site.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("this is not a manifest Ashlar can read"), "\(refused.stderr)")
        let forced = try Ashlar.run(["build", site.path, "--force", "--clean"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try folder.read("site/outside.txt") == "keep me")
        #expect(try LinkedFiles.tree(outsideFolder) == outside, "files outside the output were removed")
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
        for (relative, data) in try LinkedFiles.tree(album) where data == nil {
            let mirror = outside.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        }
        let empty = try LinkedFiles.tree(outside)
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
            let after = try LinkedFiles.tree(outside)
            let written = after.filter { $0.value != nil || empty[$0.key] == nil }.keys.sorted()
            #expect(written.isEmpty, "round \(round) wrote \(written.count) files outside: \(written.prefix(3))")
            if !written.isEmpty { break }
        }
        #expect(swaps > 0, "the folder was never swapped while a build ran")
    }
}
