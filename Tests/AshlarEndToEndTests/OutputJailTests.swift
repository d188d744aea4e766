import AshlarTestSupport
import Foundation
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
}
