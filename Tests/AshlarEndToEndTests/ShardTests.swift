import AshlarTestSupport
import Foundation
import Testing

/// `ashlar build --shard K/N`: four shards of a site into four caches, merged as a plain union of
/// folders, give a final build that makes nothing and writes, byte for byte, the site one machine
/// builds alone; with a shard missing, the final build makes that shard's work and says so.
@Suite(.tags(.slow), .serialized) struct ShardTests {
    /// The rendition fixtures (refused, damaged, too small, PNG, every orientation) and twelve
    /// generated photos in an album, with published originals: every kind of work a shard does.
    struct Site {
        let folder: TemporaryFolder
        var source: URL { folder.url.appendingPathComponent("site") }

        init() throws {
            folder = try TemporaryFolder("ashlar-shards")
            try folder.copy(RenditionTests.fixtures.appendingPathComponent("site"), to: "site")
            for index in 0..<12 {
                let png = TinyPNG.make(
                    width: 480, height: 320 + index, red: UInt8(20 * index), green: 90, blue: UInt8(250 - 20 * index))
                try folder.write(png, to: "site/more/photo-\(index).png")
            }
            try folder.write(#"{"renditions": {"widths": [160, 320]}, "originals": "publish"}"#, to: "site/ashlar.json")
        }

        func url(_ name: String) -> URL { folder.url.appendingPathComponent(name) }

        /// `ashlar build site --cache-dir NAME` plus `arguments`, with its `--json` report.
        func build(cache: String, _ arguments: [String]) throws -> (run: Ashlar.Run, report: [String: Any]) {
            let run = try Ashlar.run(["build", source.path, "--cache-dir", url(cache).path, "--json"] + arguments)
            let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            return (run, try #require(report, "no JSON report: \(run.stdout) \(run.stderr)"))
        }

        /// Copies every file of the caches named into `merged`, as unpacking their archives one
        /// after another does.
        func merge(_ caches: [String], into merged: String) throws {
            let manager = FileManager.default
            for cache in caches {
                let root = url(cache)
                let files = manager.enumerator(at: root, includingPropertiesForKeys: nil)
                while let file = files?.nextObject() as? URL {
                    guard !file.hasDirectoryPath else { continue }
                    let relative = String(
                        file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                    let target = url(merged).appendingPathComponent(relative)
                    try manager.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try? manager.removeItem(at: target)
                    try manager.copyItem(at: file, to: target)
                }
            }
        }

        /// `diff -r` of two built sites: empty when they are the same, byte for byte.
        func differences(_ first: String, _ second: String) throws -> String {
            let run = try Ashlar.run(URL(fileURLWithPath: "/usr/bin/diff"), ["-r", url(first).path, url(second).path])
            return run.status == 0 ? "" : run.stdout + run.stderr
        }
    }

    static func renditions(_ report: [String: Any]) -> (made: Int, reused: Int) {
        let counts = report["renditions"] as? [String: Any]
        return (counts?["made"] as? Int ?? -1, counts?["reused"] as? Int ?? -1)
    }

    /// Runs the four shards into `cache-1` … `cache-4`; what each made.
    static func runShards(_ site: Site) throws -> [Int] {
        var made: [Int] = []
        var photos = 0
        for index in 1...4 {
            let (run, report) = try site.build(cache: "cache-\(index)", ["--shard", "\(index)/4"])
            #expect(run.status != 64, "\(run.stderr)")
            #expect(report["shard"] as? String == "\(index)/4")
            made.append(renditions(report).made)
            photos += report["shardPhotos"] as? Int ?? 0
            #expect(report["photos"] as? Int == 22)
        }
        #expect(photos == 22, "every photo in exactly one shard")
        #expect(!FileManager.default.fileExists(atPath: site.source.appendingPathComponent("_site").path))
        return made
    }

    @Test func fourShardsMergedMakeNothingAndBuildTheSiteOneMachineBuilds() throws {
        let site = try Site()
        let (single, singleReport) = try site.build(cache: "cache-single", ["--output", site.url("single").path])
        #expect(single.status == 0, "\(single.stderr)")
        let made = try Self.runShards(site)
        #expect(made.reduce(0, +) == Self.renditions(singleReport).made, "\(made)")
        #expect(made.filter { $0 > 0 }.count >= 3, "the work is shared out: \(made)")

        try site.merge((1...4).map { "cache-\($0)" }, into: "merged")
        let (final, finalReport) = try site.build(cache: "merged", ["--output", site.url("final").path])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(Self.renditions(finalReport).made == 0)
        #expect(Self.renditions(finalReport).reused == Self.renditions(singleReport).made)
        #expect(try site.differences("single", "final") == "")
    }

    @Test func aMissingShardIsMadeByTheFinalBuildWhichSaysHowMany() throws {
        let site = try Site()
        let single = try Ashlar.run(
            [
                "build", site.source.path, "--cache-dir", site.url("cache-single").path, "--output",
                site.url("single").path,
            ])
        #expect(single.status == 0, "\(single.stderr)")
        let made = try Self.runShards(site)
        let missing = try #require(made.indices.max { made[$0] < made[$1] })
        try site.merge((1...4).filter { $0 != missing + 1 }.map { "cache-\($0)" }, into: "merged")
        let final = try Ashlar.run(
            ["build", site.source.path, "--cache-dir", site.url("merged").path, "--output", site.url("final").path])
        #expect(final.status == 0, "\(final.stderr)")
        let reused = made.reduce(0, +) - made[missing]
        #expect(final.stdout.contains("; \(made[missing]) renditions made, \(reused) reused)"), "\(final.stdout)")
        #expect(try site.differences("single", "final") == "")
    }

    @Test func aShardWritesNoSiteAndLeavesTheOutputAlone() throws {
        let site = try Site()
        let output = site.url("out")
        let run = try Ashlar.run(
            [
                "build", site.source.path, "--shard", "1/1", "--cache-dir", site.url("cache").path, "--output",
                output.path,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Shard 1/1: 22 of 22 photos -> "), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: site.source.appendingPathComponent("_site").path))
        #expect(FileManager.default.fileExists(atPath: site.url("cache/renditions").path))
        // Run again: everything is found in the cache.
        let again = try site.build(cache: "cache", ["--shard", "1/1"])
        #expect(Self.renditions(again.report).made == 0)
    }

    @Test(arguments: [
        (["--shard", "0/4"], "'--shard' must be K/N with 1 ≤ K ≤ N ≤ 1000, found '0/4'"),
        (["--shard", "5/4"], "'--shard' must be K/N with 1 ≤ K ≤ N ≤ 1000, found '5/4'"),
        (["--shard", "1/0"], "'--shard' must be K/N with 1 ≤ K ≤ N ≤ 1000, found '1/0'"),
        (["--shard", "two"], "'--shard' must be K/N with 1 ≤ K ≤ N ≤ 1000, found 'two'"),
        (["--shard"], "'--shard' needs a value (K/N)"),
        (["--shard", "1/2", "--clean"], "'--clean' cannot be used with '--shard': a shard's build writes no site"),
        (
            ["--shard", "1/2", "--layout-manifest", "layout.json"],
            "'--layout-manifest' cannot be used with '--shard': a shard's build writes no site"
        ),
    ])
    func usageErrorsNameTheOption(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder("ashlar-shard-usage")
        try folder.write(TinyPNG.make(width: 400, height: 300), to: "site/photo.png")
        let run = try Ashlar.run(["build", folder.url.appendingPathComponent("site").path] + arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains("error: " + message), "\(run.stderr)")
        #expect(!folder.exists("site/_site"))
        #expect(!folder.exists("site/.ashlar-cache"))
    }
}
