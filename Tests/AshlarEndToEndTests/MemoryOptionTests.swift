import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// `--memory SIZE` and `"memory"` set the build's memory budget, which `--json` and `--verbose`
/// report with the most photos decoded at once and the jobs; a photo that needs more than a
/// budget the user set is left out with an error naming it, its need and the budget.
@Suite struct MemoryOptionTests {
    /// A site of two 1200×900 JPEGs: each needs a few MiB to decode, far more than 1 MiB.
    static func site(in folder: TemporaryFolder, configuration: String = #"{ "title": "Memory" }"#) throws -> URL {
        try folder.write(configuration, to: "site/ashlar.json")
        var pixels = [UInt8](repeating: 0, count: 1200 * 900 * 3)
        for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: index / 3 % 1200 / 5 + index % 3 * 40) }
        let jpeg = Data(JPEGEncoder.encode(PixelImage(width: 1200, height: 900, format: .rgb, pixels: pixels)))
        for name in ["one.jpg", "two.jpg"] {
            try folder.write(jpeg + Data(name.utf8), to: "site/\(name)")
        }
        return folder.url.appendingPathComponent("site")
    }

    static func report(_ run: Ashlar.Run) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(json?["memory"] as? [String: Any], "\(run.stdout)")
    }

    @Test func theJSONReportSaysTheBudgetTheMostDecodesAtOnceAndTheJobs() throws {
        let folder = try TemporaryFolder("ashlar-memory")
        let site = try Self.site(in: folder)
        let cache = folder.url.appendingPathComponent("cache").path
        let run = try Ashlar.run([
            "build", site.path, "--json", "--memory", "1.5G", "--jobs", "2", "--cache-dir", cache,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let memory = try Self.report(run)
        #expect(memory["budget"] as? Int == 3 << 29)
        #expect(memory["jobs"] as? Int == 2)
        let most = try #require(memory["mostDecodesAtOnce"] as? Int)
        #expect((1...2).contains(most))
        // Nothing to decode the second time: the renditions are in the cache.
        let again = try Ashlar.run(["build", site.path, "--json", "--memory", "192M", "--cache-dir", cache, "--clean"])
        let reused = try Self.report(again)
        #expect(reused["budget"] as? Int == 192 << 20 && reused["mostDecodesAtOnce"] as? Int == 0)
    }

    @Test func verboseSaysTheSameFactsInWords() throws {
        let folder = try TemporaryFolder("ashlar-memory")
        let site = try Self.site(in: folder, configuration: #"{ "title": "Memory", "memory": "768M" }"#)
        let run = try Ashlar.run([
            "build", site.path, "--verbose", "-j", "1", "--cache-dir", folder.url.appendingPathComponent("cache").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\nmemory budget 768 MiB, at most 1 decode at once, 1 job\n"), "\(run.stdout)")
        #expect(
            run.stdout.contains("the budget is 'memory' in the configuration; the jobs are '--jobs'"), "\(run.stdout)")
    }

    @Test func aBudgetFromTheMachineSaysWhereItComesFrom() throws {
        let folder = try TemporaryFolder("ashlar-memory")
        let site = try Self.site(in: folder)
        let run = try Ashlar.run(["build", site.path, "--verbose", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let memory = try Self.report(run)
        #expect((memory["budget"] as? Int ?? 0) > 0 && (memory["jobs"] as? Int ?? 0) >= 1)
        #expect(run.stderr.contains("the budget is half of "), "\(run.stderr)")
        #expect(run.stderr.contains("the jobs are every core Ashlar may use: "), "\(run.stderr)")
    }

    @Test func aPhotoOverTheBudgetIsLeftOutNamingItsNeedAndTheBudget() throws {
        let folder = try TemporaryFolder("ashlar-memory")
        let site = try Self.site(in: folder)
        let run = try Ashlar.run([
            "build", site.path, "--memory", "1M", "--cache-dir", folder.url.appendingPathComponent("cache").path,
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        for name in ["one.jpg", "two.jpg"] {
            let line = run.stderr.split(separator: "\n").first { $0.hasPrefix("\(site.path)/\(name): error: ") }
            let message = try #require(line.map(String.init), "\(run.stderr)")
            #expect(
                message.contains(
                    " MiB of memory to decode, more than the build's memory budget of 1 MiB; a larger '--memory' lets it through"
                ), "\(message)")
        }
        // `check` decodes within the budget too.
        let check = try Ashlar.run(["check", site.path, "--memory", "1M"])
        #expect(check.status == 1, "\(check.stderr)")
        #expect(
            check.stderr.contains("more than the build's memory budget of 1 MiB; a larger '--memory'"),
            "\(check.stderr)")
        // The refusal was this budget's, not the photo's: the cache does not remember it.
        let roomy = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        #expect(roomy.status == 0, "\(roomy.stderr)")
    }

    @Test(arguments: ["0", "-1M", "lots", "1.5", "99999999999T", ""])
    func refusesWhatIsNotASize(value: String) throws {
        let folder = try TemporaryFolder("ashlar-memory")
        for command in ["build", "serve", "check"] {
            let run = try Ashlar.run([command, ".", "--memory", value], in: folder.url)
            #expect(run.status == 64, "\(command) \(run.stderr)")
            #expect(
                run.stderr.contains(
                    "'--memory' must be a size such as 192M, 1.5G, 512K or a number of bytes, found '\(value)'"),
                "\(run.stderr)")
        }
    }

    @Test func aBadConfiguredSizeIsAnErrorNamingTheFileLineAndKey() throws {
        let folder = try TemporaryFolder("ashlar-memory")
        let site = try Self.site(in: folder, configuration: "{\n  \"title\": \"Memory\",\n  \"memory\": \"2X\"\n}\n")
        let run = try Ashlar.run(["build", site.path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "ashlar.json:3:13: error: 'memory' must be a size such as 192M, 1.5G, 512K or a number of bytes, found \"2X\""
            ), "\(run.stderr)")
    }

    /// `--jobs` defaults to the cores the affinity mask allows: `taskset -c 0` leaves one.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset")))
    func jobsFollowTheAffinityMask() throws {
        let folder = try TemporaryFolder("ashlar-memory")
        let site = try Self.site(in: folder)
        let run = try Ashlar.run(
            URL(fileURLWithPath: "/usr/bin/taskset"),
            ["-c", "0", Ashlar.binary.path, "build", site.path, "--json", "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.report(run)["jobs"] as? Int == 1)
        #expect(run.stderr.contains("1 core, the process's CPU affinity"), "\(run.stderr)")
    }
}
