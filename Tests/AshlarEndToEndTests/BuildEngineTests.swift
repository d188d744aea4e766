import AshlarPlatform
import AshlarTestSupport
import Foundation
import Testing

/// The build as CI pipelines use it: the same bytes every time, only changed files written,
/// only Ashlar's own files removed, dangerous folders refused, and a failed build that leaves the
/// previous site exactly as it was.
@Suite struct BuildEngineTests {
    /// Every file below `folder` with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    static func modificationTimes(_ folder: URL) -> [String: Int64] {
        var times: [String: Int64] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return times }
        while let relative = enumerator.nextObject() as? String {
            var info = stat()
            if lstat(folder.appendingPathComponent(relative).path, &info) == 0 {
                times[relative] = Platform.modificationTime(info)
            }
        }
        return times
    }

    /// A copy of site-example at `folder/site`, built into `folder/site/_site`.
    static func builtExampleCopy(_ name: String) throws -> (folder: TemporaryFolder, site: URL, output: URL) {
        let folder = try TemporaryFolder(name)
        try folder.copy(SiteExample.source, to: "site")
        let site = folder.url.appendingPathComponent("site")
        let build = try Ashlar.run(["build", site.path])
        #expect(build.status == 0, "\(build.stderr)")
        return (folder, site, site.appendingPathComponent("_site"))
    }

    @Test func twoBuildsInTwoFoldersAreByteIdentical() throws {
        let folder = try TemporaryFolder("ashlar-determinism")
        let first = folder.url.appendingPathComponent("one")
        let second = folder.url.appendingPathComponent("elsewhere/two")
        #expect(try Ashlar.run(["build", SiteExample.source.path, "-o", first.path]).status == 0)
        #expect(try Ashlar.run(["build", SiteExample.source.path, "-o", second.path, "--quiet"]).status == 0)
        let one = try Self.snapshot(first)
        let two = try Self.snapshot(second)
        #expect(one.count > 100)
        #expect(Set(one.keys) == Set(two.keys))
        for (path, data) in one { #expect(two[path] == data, "\(path) differs") }
        // No machine paths in the output.
        for (path, data) in one where path.hasSuffix(".html") || path.hasSuffix(".json") || path.hasSuffix(".xml") {
            #expect(!String(decoding: data, as: UTF8.self).contains(folder.url.path), "\(path) names the build folder")
        }
    }

    @Test func aNoOpRebuildWritesNothing() throws {
        let folder = try TemporaryFolder("ashlar-noop")
        try folder.copy(SiteExample.source, to: "site")
        let site = folder.url.appendingPathComponent("site")
        #expect(try Ashlar.run(["build", site.path]).status == 0)
        let output = site.appendingPathComponent("_site")
        let before = Self.modificationTimes(output)
        Thread.sleep(forTimeInterval: 0.05)
        let again = try Ashlar.run(["build", site.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("(up to date)"), "\(again.stdout)")
        #expect(Self.modificationTimes(output) == before)
        // A touched sidecar with the same content rebuilds, but writes nothing.
        try FileManager.default.setAttributes(
            [.modificationDate: Date()], ofItemAtPath: site.appendingPathComponent("nature/moonrise.jpg.json").path)
        let touched = try Ashlar.run(["build", site.path, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(touched.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [String: Int])
        #expect(files["written"] == 0)
        #expect(
            Self.modificationTimes(output).filter { $0.key != ".ashlar-manifest.json" }
                == before.filter { $0.key != ".ashlar-manifest.json" })
    }

    @Test func removedPhotosLeaveButUserFilesStay() throws {
        let folder = try TemporaryFolder("ashlar-removal")
        try folder.copy(SiteExample.source, to: "site")
        let site = folder.url.appendingPathComponent("site")
        #expect(try Ashlar.run(["build", site.path]).status == 0)
        try folder.write("my notes", to: "site/_site/notes.txt")
        try folder.write("my own page", to: "site/_site/nature/extra.html")
        try FileManager.default.removeItem(at: site.appendingPathComponent("nature/moonrise.jpg"))
        try FileManager.default.removeItem(at: site.appendingPathComponent("nature/moonrise.jpg.json"))
        try FileManager.default.removeItem(at: site.appendingPathComponent("nature/moonrise@320w.jpg"))
        let run = try Ashlar.run(["build", site.path, "--json"])
        #expect(run.status == 0)
        #expect(!folder.exists("site/_site/nature/moonrise/index.html"))
        #expect(!folder.exists("site/_site/nature/moonrise"))
        #expect(!folder.exists("site/_site/nature/moonrise.jpg"))
        #expect(try folder.read("site/_site/notes.txt") == "my notes")
        #expect(try folder.read("site/_site/nature/extra.html") == "my own page")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        // Its page, image and rendition, and the pages of the two keywords only it had ("moon", "water").
        #expect(!folder.exists("site/_site/tags/moon/index.html"))
        #expect((report["files"] as? [String: Int])?["removed"] == 5)
        // --clean removes Ashlar's files, never the user's, and builds again.
        let clean = try Ashlar.run(["build", site.path, "--clean", "--json"])
        #expect(clean.status == 0)
        #expect(try folder.read("site/_site/notes.txt") == "my notes")
        let cleanReport = try #require(
            try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
        #expect((cleanReport["files"] as? [String: Int])?["unchanged"] == 0)
    }

    /// A configuration with errors stops the build before anything is written, even with
    /// `--clean`, and the summary says so instead of counting nothing as built.
    @Test func aBrokenConfigurationLeavesTheSiteAsItWas() throws {
        let (folder, site, output) = try Self.builtExampleCopy("ashlar-broken-config")
        let before = try Self.snapshot(output)
        try folder.write(#"{"title": 3}"#, to: "site/ashlar.json")
        let run = try Ashlar.run(["build", site.path, "--clean"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("ashlar.json:1:11: error: 'title' must be a string"), "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Not built: the configuration has 1 error; nothing in "), "\(run.stdout)")
        #expect(try Self.snapshot(output) == before, "the previous site changed")
        let json = try Ashlar.run(["build", site.path, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["stopped"] as? Bool == true)
    }

    @Test func refusesFoldersHoldingOtherFilesUnlessForced() throws {
        let folder = try TemporaryFolder("ashlar-refuse")
        try folder.write("precious", to: "out/thesis.tex")
        let refused = try Ashlar.run([
            "build", SiteExample.source.path, "-o", folder.url.appendingPathComponent("out").path,
        ])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.contains(
                "error: the output folder holds files Ashlar did not write; choose an empty folder, or use --force to build into it anyway"
            ))
        #expect(!folder.exists("out/index.html"))
        let forced = try Ashlar.run([
            "build", SiteExample.source.path, "-o", folder.url.appendingPathComponent("out").path, "--force",
        ])
        #expect(forced.status == 0)
        #expect(try folder.read("out/thesis.tex") == "precious")
        #expect(folder.exists("out/index.html"))
        let home = try Ashlar.run([
            "build", SiteExample.source.path, "-o", FileManager.default.homeDirectoryForCurrentUser.path,
        ])
        #expect(home.status == 64)
        #expect(home.stderr.contains("refusing to build into"))
    }

    @Test func writesOnlyInsideTheOutputEvenThroughLinks() throws {
        let folder = try TemporaryFolder("ashlar-links")
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "site/nature/a.png")
        try folder.write(#"{"title": "A", "alt": "A red card"}"#, to: "site/nature/a.png.json")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("out/nature").path,
            withDestinationPath: folder.url.appendingPathComponent("elsewhere").path)
        let run = try Ashlar.run([
            "build", folder.url.appendingPathComponent("site").path, "-o",
            folder.url.appendingPathComponent("out").path, "--force",
        ])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("refusing to write through a link that leads outside the output folder"),
            "\(run.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("elsewhere").path)
                .isEmpty)
    }

    /// Names the build's own temporary files and staging folders start with.
    static func leftovers(_ folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".ashlar-"), name != ".ashlar-manifest.json" { found.append(relative) }
        }
        return found
    }

    /// New folders are built in a staging folder and renamed into place whole; files in folders
    /// the output has already are renamed one by one. Either way nothing temporary remains.
    @Test func newFoldersArePutInPlaceWholeAndNothingTemporaryRemains() throws {
        let (folder, site, output) = try Self.builtExampleCopy("ashlar-staging")
        #expect(Self.leftovers(output) == [])
        // A new album (new folders), a changed photo in an old one (files beside their destination).
        try folder.copy(site.appendingPathComponent("nature"), to: "site/more/nature-again")
        let sidecar = site.appendingPathComponent("nature/moonrise.jpg.json")
        let text = try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(
            of: "Moonrise over the water", with: "Moon, rising")
        try Data(text.utf8).write(to: sidecar)
        let run = try Ashlar.run(["build", site.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.leftovers(output) == [])
        #expect(try folder.read("site/_site/more/nature-again/moonrise/index.html").contains("Moonrise over the water"))
        #expect(try folder.read("site/_site/nature/moonrise/index.html").contains("Moon, rising"))
        let fresh = folder.url.appendingPathComponent("fresh")
        #expect(try Ashlar.run(["build", site.path, "-o", fresh.path]).status == 0)
        let incremental = try Self.snapshot(output).filter { $0.key != ".ashlar-manifest.json" }
        let rebuilt = try Self.snapshot(fresh).filter { $0.key != ".ashlar-manifest.json" }
        #expect(Set(incremental.keys) == Set(rebuilt.keys))
        for (path, data) in rebuilt { #expect(incremental[path] == data, "\(path) differs from a fresh build") }
    }

    /// A build that was killed leaves its staging folder and temporary files behind; the next
    /// build removes them (not those of a build still running) and is not refused because of them.
    @Test func anInterruptedBuildsLeftoversAreRemoved() throws {
        let folder = try TemporaryFolder("ashlar-leftovers")
        let output = folder.url.appendingPathComponent("out")
        // No process has this ID (Linux's limit is 4,194,304).
        try folder.write("<p>half", to: "out/.ashlar-staging-99999999/nature/moonrise/index.html")
        try folder.write("<p>half", to: "out/.ashlar-99999999-7.tmp")
        let running = getpid()
        try folder.write("<p>busy", to: "out/.ashlar-\(running)-1.tmp")
        let run = try Ashlar.run(["build", SiteExample.source.path, "-o", output.path, "--force"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!folder.exists("out/.ashlar-staging-99999999"))
        #expect(!folder.exists("out/.ashlar-99999999-7.tmp"))
        #expect(folder.exists("out/.ashlar-\(running)-1.tmp"))
        #expect(folder.exists("out/nature/moonrise/index.html"))
        // Only leftovers: not a folder of someone else's files.
        let second = folder.url.appendingPathComponent("second")
        try folder.write("<p>half", to: "second/.ashlar-staging-99999999/index.html")
        let again = try Ashlar.run(["build", SiteExample.source.path, "-o", second.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.leftovers(second) == [])
    }

    @Test func layoutManifestListsEveryPagesPlacements() throws {
        let folder = try TemporaryFolder("ashlar-layout")
        let run = try Ashlar.run([
            "build", SiteExample.source.path, "-o", folder.url.appendingPathComponent("site").path, "--layout-manifest",
            folder.url.appendingPathComponent("layout.json").path,
        ])
        #expect(run.status == 0)
        let data = try Data(contentsOf: folder.url.appendingPathComponent("layout.json"))
        let layout = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pages = try #require(layout["pages"] as? [[String: Any]])
        #expect(pages.contains { $0["page"] as? String == "nature/page/2/index.html" })
        let first = try #require(pages.first { $0["page"] as? String == "nature/index.html" })
        let breakpoints = try #require(first["breakpoints"] as? [[String: Any]])
        #expect(breakpoints.count == 4)
        #expect((breakpoints.first?["tiles"] as? [Any])?.count == 12)
    }

    /// Three small photos in `folder/site`, and a 400 KB tmpfs at `folder/disk` to build them onto.
    struct SmallDisk {
        let url: URL

        init(in folder: TemporaryFolder) throws {
            // Published as they are: the test needs a file too large for the disk.
            try folder.write(#"{"renditions": false}"#, to: "site/ashlar.json")
            for n in 1...3 {
                try folder.write(TinyPNG.make(width: 20, height: 10), to: "site/p\(n).png")
                try folder.write(#"{"title": "P\#(n)", "alt": "Card \#(n)"}"#, to: "site/p\(n).png.json")
            }
            url = folder.url.appendingPathComponent("disk")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let mount = try Ashlar.run(
                URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=400k", "tmpfs", url.path])
            try #require(mount.status == 0, "mount failed: \(mount.stderr)")
        }

        func unmount() {
            _ = try? Ashlar.run(URL(fileURLWithPath: "/bin/umount"), [url.path])
        }
    }

    /// Root can mount a small tmpfs; elsewhere these tests are skipped (and fail in CI, where
    /// `mount` then fails).
    static var canMount: Bool {
        RequiredTool.runs(whenInstalled: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount"))
    }

    @Test(.enabled(if: canMount, "needs root to mount a small tmpfs"))
    func aFullDiskLeavesThePreviousSiteIntact() throws {
        let folder = try TemporaryFolder("ashlar-full")
        let disk = try SmallDisk(in: folder)
        defer { disk.unmount() }
        let output = disk.url.appendingPathComponent("site")
        #expect(
            try Ashlar.run(["build", folder.url.appendingPathComponent("site").path, "-o", output.path]).status == 0)
        let before = try Self.snapshot(output)
        // A 600 KB photo cannot fit on the 400 KB disk.
        try folder.write(TinyPNG.incompressible(width: 400, height: 500), to: "site/p2.png")
        let failed = try Ashlar.run(["build", folder.url.appendingPathComponent("site").path, "-o", output.path])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("cannot write: no space left on device"), "\(failed.stderr)")
        #expect(try Self.snapshot(output) == before, "the previous site changed")
    }

    /// Pages are written under temporary names while they are rendered; a page that does not fit
    /// removes those already written, and the previous site stays as it was.
    @Test(.enabled(if: canMount, "needs root to mount a small tmpfs"))
    func aPageThatDoesNotFitLeavesThePreviousSiteIntact() throws {
        let folder = try TemporaryFolder("ashlar-full-page")
        let disk = try SmallDisk(in: folder)
        defer { disk.unmount() }
        let output = disk.url.appendingPathComponent("site")
        #expect(
            try Ashlar.run(["build", folder.url.appendingPathComponent("site").path, "-o", output.path]).status == 0)
        let before = try Self.snapshot(output)
        // A new 200 KB site title reaches every page (a photo's text is cut to what a page shows;
        // the site's is not): the pages cannot fit on the 400 KB disk.
        try folder.write(#"{"title": "Renamed \#(String(repeating: "x", count: 200_000))"}"#, to: "site/ashlar.json")
        let failed = try Ashlar.run(["build", folder.url.appendingPathComponent("site").path, "-o", output.path])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("cannot write: no space left on device"), "\(failed.stderr)")
        #expect(try Self.snapshot(output) == before, "the previous site changed, or temporary files were left")
    }

    /// A folder of the output that is another file system: new folders below it cannot be renamed
    /// there from the staging folder, so they are made in place.
    @Test(.enabled(if: canMount, "needs root to mount a tmpfs"))
    func aMountPointInsideTheOutputIsWrittenInPlace() throws {
        let folder = try TemporaryFolder("ashlar-mount-inside")
        let nature = folder.url.appendingPathComponent("out/nature")
        try FileManager.default.createDirectory(at: nature, withIntermediateDirectories: true)
        let mount = try Ashlar.run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=20m", "tmpfs", nature.path])
        try #require(mount.status == 0, "mount failed: \(mount.stderr)")
        defer { _ = try? Ashlar.run(URL(fileURLWithPath: "/bin/umount"), [nature.path]) }
        let run = try Ashlar.run([
            "build", SiteExample.source.path, "-o", folder.url.appendingPathComponent("out").path, "--force",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("out/nature/moonrise/index.html").contains("Moonrise over the water"))
        #expect(folder.exists("out/travel/coast/index.html"))
        #expect(Self.leftovers(folder.url.appendingPathComponent("out")) == [])
    }

    @Test(.enabled(if: canMount, "needs root to mount a read-only tmpfs"))
    func anUnwritableOutputIsAClearError() throws {
        let folder = try TemporaryFolder("ashlar-readonly")
        try folder.write(TinyPNG.make(width: 20, height: 10), to: "site/p.png")
        let disk = folder.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try Ashlar.run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "ro,size=100k", "tmpfs", disk.path])
        try #require(mount.status == 0, "mount failed: \(mount.stderr)")
        defer { _ = try? Ashlar.run(URL(fileURLWithPath: "/bin/umount"), [disk.path]) }
        let run = try Ashlar.run(["build", folder.url.appendingPathComponent("site").path, "-o", disk.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("read-only file system"), "\(run.stderr)")
    }
}

/// Rebuilds render again only the albums whose inputs changed, and still get every page right.
@Suite struct IncrementalRenderTests {
    @Test func aChangedTitleReachesEveryPageThatShowsIt() throws {
        let folder = try TemporaryFolder("ashlar-incremental")
        try folder.copy(SiteExample.source, to: "site")
        let site = folder.url.appendingPathComponent("site")
        #expect(try Ashlar.run(["build", site.path]).status == 0)
        let fresh = try TemporaryFolder("ashlar-incremental-fresh")

        // A photo's title: its page, its neighbours' links, its album page.
        let sidecar = site.appendingPathComponent("nature/moonrise.jpg.json")
        let text = try String(contentsOf: sidecar, encoding: .utf8).replacingOccurrences(
            of: "Moonrise over the water", with: "Moon & water")
        try Data(text.utf8).write(to: sidecar)
        // An album's title: the breadcrumbs of every page below it.
        let album = site.appendingPathComponent("travel/album.json")
        let albumText = try String(contentsOf: album, encoding: .utf8).replacingOccurrences(
            of: "\"title\": \"Travel\"", with: "\"title\": \"Journeys\"")
        try Data(albumText.utf8).write(to: album)

        let run = try Ashlar.run(["build", site.path, "--json"])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [String: Int])
        #expect((files["written"] ?? 0) > 0)
        #expect((files["unchanged"] ?? 0) > 50, "unrelated albums were rendered and written again")

        // The incremental result is byte for byte what a fresh build makes.
        #expect(try Ashlar.run(["build", site.path, "-o", fresh.url.appendingPathComponent("out").path]).status == 0)
        let incremental = try BuildEngineTests.snapshot(site.appendingPathComponent("_site")).filter {
            $0.key != ".ashlar-manifest.json"
        }
        let rebuilt = try BuildEngineTests.snapshot(fresh.url.appendingPathComponent("out")).filter {
            $0.key != ".ashlar-manifest.json"
        }
        #expect(Set(incremental.keys) == Set(rebuilt.keys))
        for (path, data) in rebuilt {
            #expect(incremental[path] == data, "\(path) is stale after an incremental build")
        }
        #expect(try folder.read("site/_site/travel/coast/index.html").contains(">Journeys</a>"))
        #expect(try folder.read("site/_site/nature/moonrise/index.html").contains("<h1>Moon &amp; water</h1>"))
    }
}
