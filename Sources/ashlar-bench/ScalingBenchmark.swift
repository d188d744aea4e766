import AshlarPlatform
import Foundation

/// `ashlar-bench scaling`: cold builds of N byte-distinct copies of real photos by the `ashlar`
/// binary, one per `--jobs` count, alternating, with each build's wall-clock time, CPU time and
/// peak resident memory (the child's, from `wait4`) and the most decodes its memory budget
/// admitted at once (its `--json` report's `"memory"` object). Every build is cold: a fresh
/// output folder, rendition cache and `HOME` (so no build state or cache key carries over).
struct ScalingBenchmark {
    var options: ScalingOptions

    static func main(_ arguments: [String]) -> Int32 {
        do {
            try ScalingBenchmark(options: ScalingOptions(arguments)).run()
            return 0
        } catch let error as BenchUsageError {
            FileHandle.standardError.write(Data("ashlar-bench: error: \(error)\n".utf8))
            return 64
        } catch {
            FileHandle.standardError.write(Data("ashlar-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// One cold build.
    struct Run {
        var wall: Double
        var cpu: Double
        var peakMiB: Double
        var memory: BuildMemory?
    }

    func run() throws {
        let ashlar = try ashlarBinary()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-scaling-\(UUID().uuidString)")
        let source = root.appendingPathComponent("site")
        defer {
            if options.keep { print("  kept: \(root.path)") } else { try? FileManager.default.removeItem(at: root) }
        }
        let (photos, bytes) = try makeCopies(into: source.appendingPathComponent("photos"))
        sync()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let counts = options.jobsList ?? ScalingOptions.defaultJobs(cores: cores)
        print(
            "scaling: \(photos) photos (\(options.copies) byte-distinct copies of each JPEG in "
                + "\(options.photoFolders.joined(separator: ", ")), \(bytes / 1_000_000) MB), \(cores) cores, "
                + "\(ashlar)\(options.memory.map { " --memory \($0)" } ?? "")")
        var runs = [[Run]](repeating: [], count: counts.count)
        for round in 0..<options.runs {
            for (slot, jobs) in counts.enumerated() {
                let run = try build(ashlar, source: source, root: root, jobs: jobs, photos: photos)
                runs[slot].append(run)
                print(
                    "  round \(round + 1), --jobs \(jobs): \(Measure.format(run.wall, 2)) s, CPU "
                        + "\(Measure.format(run.cpu, 2)) s, peak \(Measure.format(run.peakMiB, 0)) MiB, "
                        + "decodes at once \(run.memory.map { String($0.mostDecodesAtOnce) } ?? "–")")
            }
        }
        print("  cold builds by --jobs, median of \(options.runs) alternating rounds:")
        for line in Self.table(counts: counts, runs: runs).lines(indent: "    ") { print(line) }
    }

    /// The table: per job count the median wall (and one job count's over it), CPU and peak,
    /// and the most decodes at once over the rounds ("–" from an `ashlar` without the report).
    static func table(counts: [Int], runs: [[Run]]) -> TextTable {
        let baseWall = Median.of(runs.first?.map(\.wall) ?? [])
        let rows = zip(counts, runs).map { jobs, runs in
            let wall = Median.of(runs.map(\.wall))
            let memories = runs.compactMap(\.memory)
            return [
                String(jobs), Measure.format(wall, 2), wall > 0 ? Measure.format(baseWall / wall, 2) + "×" : "–",
                Measure.format(Median.of(runs.map(\.cpu)), 2), Measure.format(Median.of(runs.map(\.peakMiB)), 0),
                memories.map(\.mostDecodesAtOnce).max().map(String.init) ?? "–",
                memories.map(\.budget).max().map { Measure.format(Double($0) / 1_048_576, 0) } ?? "–",
            ]
        }
        let speedup = "speed-up over --jobs \(counts.first.map(String.init) ?? "")"
        return TextTable(
            header: ["--jobs", "wall s", speedup, "CPU s", "peak MiB", "decodes at once", "budget MiB"], rows: rows)
    }

    /// `--ashlar`, or the `ashlar` beside this executable (`swift build -c release` puts them
    /// side by side).
    func ashlarBinary() throws -> String {
        let path =
            options.ashlar
            ?? Bundle.main.executablePath.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("ashlar").path
            }
        guard let path, FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchUsageError(
                "no ashlar binary at '\(options.ashlar ?? "the folder of ashlar-bench")'; give --ashlar PATH")
        }
        return path
    }

    /// Writes `copies` distinct copies of each JPEG of the folders into `album`; returns how
    /// many photos and bytes.
    func makeCopies(into album: URL) throws -> (photos: Int, bytes: Int) {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        var (photos, bytes) = (0, 0)
        for path in try ImageBenchmark.photoFiles(in: options.photoFolders) {
            let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            for index in 0..<options.copies {
                guard let copy = DistinctCopy.jpeg(original, copy: index) else { break }
                try Data(copy).write(to: album.appendingPathComponent("\(name)-\(index).jpg"))
                photos += 1
                bytes += copy.count
            }
        }
        guard photos > 0 else {
            throw BenchFailure("scaling: no JPEG in \(options.photoFolders.joined(separator: ", "))")
        }
        return (photos, bytes)
    }

    /// One cold build with `jobs` workers, checked: no error, every photo seen, every rendition
    /// made and none reused.
    func build(_ ashlar: String, source: URL, root: URL, jobs: Int, photos: Int) throws -> Run {
        let fresh = ["out", "cache", "home"].map { root.appendingPathComponent($0) }
        for folder in fresh { try? FileManager.default.removeItem(at: folder) }
        let home = fresh[2]
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent(".local/state").path
        environment["ASHLAR_CACHE_KEY"] = nil
        let arguments =
            [
                "build", source.path, "--output", fresh[0].path, "--cache-dir", fresh[1].path, "--jobs", String(jobs),
                "--json",
            ]
            + (options.memory.map { ["--memory", $0] } ?? [])
        let errors = root.appendingPathComponent("stderr.txt").path
        PhaseMemory.reset()
        let start = DispatchTime.now().uptimeNanoseconds
        let child = Platform.runChild(
            ashlar, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" }, errorFile: errors)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard let child else { throw BenchFailure("scaling: could not start \(ashlar)") }
        let label = "scaling: ashlar \(arguments.joined(separator: " "))"
        guard child.status == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw BenchFailure("\(label) exited with \(child.status): \(message.suffix(600))")
        }
        let facts: BuildReportFacts
        do {
            facts = try JSONDecoder().decode(BuildReportFacts.self, from: Data(child.output))
        } catch {
            throw BenchFailure("\(label): its --json report did not read: \(error)")
        }
        guard facts.errors == 0, facts.photos == photos, facts.renditions.reused == 0, facts.renditions.made > 0 else {
            throw BenchFailure(
                "\(label): not a clean cold build: \(facts.errors) errors, \(facts.photos) of \(photos) photos, "
                    + "\(facts.renditions.made) renditions made, \(facts.renditions.reused) reused")
        }
        return Run(
            wall: wall, cpu: child.cpuSeconds, peakMiB: child.peakResidentBytes / 1_048_576, memory: facts.memory)
    }
}
