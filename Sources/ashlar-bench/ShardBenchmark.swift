import AshlarCore
import Foundation

/// `ashlar-bench shards --photos N --shards S [--width W]`: the site of `build --images 1` (N
/// distinct copies of the generated 24 MP photo, or of it scaled to W pixels wide), built cold on
/// one machine, then as S shards (`ashlar build --shard K/S`) run one after another, each into a
/// cache of its own and timed on its own, then merged (a union of the folders, by hard links) and
/// built with the merged cache. The slowest shard is the wall time of S runners; the CPU total
/// against the cold build's is the cost of sharing the work out.
struct ShardBenchmark {
    var photos: Int
    var shards: Int
    var width: Int?
    var keep = false

    func run() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("ashlar-bench-\(UUID().uuidString)")
        let source = root.appendingPathComponent("site")
        try manager.createDirectory(at: source, withIntermediateDirectories: true)
        defer {
            if keep { print("  kept: \(root.path)") } else { try? manager.removeItem(at: root) }
        }
        setenv("XDG_CACHE_HOME", root.appendingPathComponent("state").path, 1)
        let original = try ImageBuildBenchmark.makeSite(in: root, source: source, photos: photos, width: width)
        sync()
        let size = width.map { "\($0) px wide" } ?? "24 MP"
        print(
            "shards: \(photos) photos, JPEGs \(size) of \(Measure.format(Double(original.count) / 1e6, 2)) MB, \(shards) shards, \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )
        func builder(cache: String, output: String) -> SiteBuilder {
            var options = SiteBuilder.Options()
            options.cacheDirectory = root.appendingPathComponent(cache)
            return SiteBuilder(
                paths: SitePaths(
                    source: source, output: root.appendingPathComponent(output), displaySource: source.path),
                options: options)
        }

        let cold = try timed { () throws(BuildError) in try builder(cache: "cache-cold", output: "cold").build() }
        try BuildBenchmark.check(cold.result, expectedPhotos: photos, label: "cold")
        print(
            line("one machine, cold", cold.seconds, cold.cpu, cold.result.renditionsMade, cold.result.renditionsReused))

        var walls: [Double] = []
        var cpus: [Double] = []
        var counts: [Int] = []
        for index in 1...shards {
            guard let shard = RenditionShard(index: index, count: shards) else { throw BenchFailure("bad shard") }
            let run = try timed { () throws(BuildError) in
                try builder(cache: "cache-\(index)", output: "unused").buildShard(shard)
            }
            if let error = run.result.diagnostics.first(where: { $0.severity == .error }) {
                throw BenchFailure("shard \(shard): \(error.description.prefix(300))")
            }
            walls.append(run.seconds)
            cpus.append(run.cpu)
            counts.append(run.result.shardPhotoCount)
            print(
                line(
                    "shard \(shard), \(run.result.shardPhotoCount) photos", run.seconds, run.cpu,
                    run.result.renditionsMade, run.result.renditionsReused))
        }
        let slowest = walls.max() ?? 0
        let cpuTotal = cpus.reduce(0, +)
        print(
            "  slowest shard (wall on \(shards) runners): \(Measure.format(slowest, 1)) s = \(Measure.format(slowest / cold.seconds, 3)) of cold; CPU total \(Measure.format(cpuTotal, 1)) s = \(Measure.format(cpuTotal / cold.cpu, 3)) × cold's; photos per shard \(counts.min() ?? 0)–\(counts.max() ?? 0) (mean \(Measure.format(Double(photos) / Double(shards), 1)))"
        )

        let merged = root.appendingPathComponent("cache-merged")
        for index in 1...shards { try Self.link(root.appendingPathComponent("cache-\(index)"), into: merged) }
        let final = try timed { () throws(BuildError) in try builder(cache: "cache-merged", output: "final").build() }
        try BuildBenchmark.check(final.result, expectedPhotos: photos, label: "final")
        print(
            line(
                "final, merged cache", final.seconds, final.cpu, final.result.renditionsMade,
                final.result.renditionsReused))
        print(
            "  wall on \(shards) runners: slowest shard + final = \(Measure.format(slowest + final.seconds, 1)) s (\(Measure.format((slowest + final.seconds) / cold.seconds, 3)) of cold)"
        )
    }

    private func timed<Value>(_ body: () throws(BuildError) -> Value) throws -> (
        result: Value, seconds: Double, cpu: Double
    ) {
        var outcome: Result<Value, BuildError>?
        var seconds = 0.0
        let cpu = CPUTime.ofThisProcess {
            seconds = Measure.seconds {
                do throws(BuildError) { outcome = .success(try body()) } catch { outcome = .failure(error) }
            }
        }
        guard let value = try outcome?.get() else { throw BenchFailure("the build did not run") }
        return (value, seconds, cpu)
    }

    private func line(_ label: String, _ seconds: Double, _ cpu: Double, _ made: Int, _ reused: Int) -> String {
        "  \(label.padding(toLength: 28, withPad: " ", startingAt: 0)) \(Measure.format(seconds, 1)) s wall, \(Measure.format(cpu, 1)) s CPU, \(made) files made, \(reused) reused"
    }

    /// Every file of `cache` linked into `merged` at the same place (one already there is kept).
    static func link(_ cache: URL, into merged: URL) throws {
        let manager = FileManager.default
        let files = manager.enumerator(at: cache, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard !file.hasDirectoryPath else { continue }
            let relative = String(file.standardizedFileURL.path.dropFirst(cache.standardizedFileURL.path.count + 1))
            let target = merged.appendingPathComponent(relative)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !manager.fileExists(atPath: target.path) { try manager.linkItem(at: file, to: target) }
        }
    }
}
