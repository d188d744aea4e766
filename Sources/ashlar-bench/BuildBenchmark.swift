import AshlarCore
import Foundation

/// A whole build of a synthetic site: N JSON sidecars over about N/500 albums, images hosted
/// elsewhere (referenced by `src`). A build with no previous output, a no-op rebuild, and a
/// rebuild after one sidecar changed, each with its wall-clock and CPU time (user + system, all
/// threads). Fails when a build reports an error or fewer photos than were generated; each phase
/// reports its own peak memory. `scaling` then builds the site cold with 1, 2, 4 … workers up to
/// the number of cores, alternating, and reports each count's median wall and CPU time against
/// one worker's: more workers should cost about the same CPU and take less time.
struct BuildBenchmark {
    var photos: Int
    /// Leave the synthetic source and its output in place (for profiling the `ashlar` binary on it).
    var keep = false
    /// `--jobs` of the three phases; nil: every core.
    var jobs: Int?
    /// Cold builds per worker count in the scaling table (0: no table).
    var scalingRuns = 0

    func run() throws {
        let site = try SyntheticSite(photos: photos, xmpEvery: 0, remoteImages: true)
        defer {
            if keep { print("  kept: \(site.root.path)") } else { site.remove() }
        }
        let output = site.root.appendingPathComponent("_site")
        let paths = SitePaths(source: site.root, output: output, displaySource: site.root.path)
        let builder = SiteBuilder(paths: paths, options: SiteBuilder.Options(jobs: jobs))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "build: \(photos) photos (JSON sidecars, remote images) in \(max(1, photos / 500)) albums, \(cores) cores, jobs \(jobs.map(String.init) ?? "default")"
        )
        try measure("no previous output", builder)
        try measure("no-op rebuild", builder)
        try site.touchOneSidecar()
        try measure("one sidecar changed", builder)
        if scalingRuns > 0 { try scaling(paths: paths, cores: cores) }
    }

    /// One build: wall and CPU seconds, and the result.
    private func timed(_ builder: SiteBuilder, label: String) throws -> (wall: Double, cpu: Double, SiteBuilder.Result)
    {
        var outcome: Result<SiteBuilder.Result, BuildError>?
        var wall = 0.0
        let cpu = CPUTime.ofThisProcess {
            wall = Measure.seconds {
                do throws(BuildError) {
                    outcome = .success(try builder.build())
                } catch {
                    outcome = .failure(error)
                }
            }
        }
        guard let result = try outcome?.get() else { throw BenchFailure("\(label): the build did not run") }
        try Self.check(result, expectedPhotos: photos, label: label)
        return (wall, cpu, result)
    }

    private func measure(_ label: String, _ builder: SiteBuilder) throws {
        let ((wall, cpu, result), peak) = try PhaseMemory.measure { try timed(builder, label: label) }
        let stages = result.stages.map { "\($0.name) \(Measure.format($0.seconds, 3))" }.joined(separator: ", ")
        print(
            "  \(label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(Measure.format(wall)) s, CPU \(Measure.format(cpu)) s, \(result.filesWritten) files written, \(result.filesUnchanged) unchanged, \(result.pageCount) pages, peak memory \(peak) [\(stages)]"
        )
    }

    /// Cold builds with 1, 2, 4 … workers (and every core), `scalingRuns` rounds, each round
    /// building once with every count in turn so that a busy moment of the machine does not
    /// land on one count only.
    private func scaling(paths: SitePaths, cores: Int) throws {
        let counts = Array(sequence(first: 1) { $0 * 2 < cores ? $0 * 2 : nil }) + (cores > 1 ? [cores] : [])
        var walls = [[Double]](repeating: [], count: counts.count)
        var cpus = [[Double]](repeating: [], count: counts.count)
        for _ in 0..<scalingRuns {
            for (slot, count) in counts.enumerated() {
                try? FileManager.default.removeItem(at: paths.output)
                let builder = SiteBuilder(paths: paths, options: SiteBuilder.Options(jobs: count))
                let (wall, cpu, _) = try timed(builder, label: "cold build, --jobs \(count)")
                walls[slot].append(wall)
                cpus[slot].append(cpu)
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("  cold build by --jobs, median of \(scalingRuns) alternating runs:")
        let baseWall = median(walls[0])
        let baseCPU = median(cpus[0])
        for (slot, count) in counts.enumerated() {
            let wall = median(walls[slot])
            let cpu = median(cpus[slot])
            print(
                "    -j \(String(count).padding(toLength: 3, withPad: " ", startingAt: 0)) wall \(Measure.format(wall)) s (\(Measure.format(wall / baseWall, 2))×), CPU \(Measure.format(cpu)) s (\(Measure.format(cpu / baseCPU, 2))×)"
            )
        }
    }

    /// A build that reported an error, or that saw fewer photos than were generated, measured
    /// something other than the site it was given.
    static func check(_ result: SiteBuilder.Result, expectedPhotos: Int, label: String) throws {
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw BenchFailure(
                "\(label): the build reported \(result.errorCount) errors, the first: \(error.description.prefix(300))")
        }
        guard result.photoCount >= expectedPhotos else {
            throw BenchFailure("\(label): the build saw \(result.photoCount) photos of the \(expectedPhotos) generated")
        }
    }
}
