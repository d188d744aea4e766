import AshlarTestSupport
import Foundation
import Synchronization
import Testing

/// The output jail against a race: a link swapped in while a large build runs. Slow (a 1,500-photo
/// build watched by a thread that polls its staging folder), so a suite of its own, out of the
/// inner loop.
@Suite(.tags(.slow)) struct OutputJailRaceTests {
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
