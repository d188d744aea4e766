import AshlarCore
import Foundation

/// A whole build of a synthetic site: N JSON sidecars over about N/500 albums, images hosted
/// elsewhere (referenced by `src`). A build with no previous output, a no-op rebuild, and a
/// rebuild after one sidecar changed. Fails when a build reports an error or fewer photos than
/// were generated; each phase reports its own peak memory.
struct BuildBenchmark {
    var photos: Int
    /// Leave the synthetic source and its output in place (for profiling the `ashlar` binary on it).
    var keep = false

    func run() throws {
        let site = try SyntheticSite(photos: photos, xmpEvery: 0, remoteImages: true)
        defer {
            if keep { print("  kept: \(site.root.path)") } else { site.remove() }
        }
        let output = site.root.appendingPathComponent("_site")
        let paths = SitePaths(source: site.root, output: output, displaySource: site.root.path)
        let builder = SiteBuilder(paths: paths)
        print("build: \(photos) photos (JSON sidecars, remote images) in \(max(1, photos / 500)) albums, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        try measure("no previous output", builder)
        try measure("no-op rebuild", builder)
        try site.touchOneSidecar()
        try measure("one sidecar changed", builder)
    }

    private func measure(_ label: String, _ builder: SiteBuilder) throws {
        var outcome: Result<SiteBuilder.Result, BuildError>?
        var seconds = 0.0
        let peak = PhaseMemory.measure {
            seconds = Measure.seconds {
                do throws(BuildError) {
                    outcome = .success(try builder.build())
                } catch {
                    outcome = .failure(error)
                }
            }
        }.peak
        guard let result = try outcome?.get() else { throw BenchFailure("\(label): the build did not run") }
        try Self.check(result, expectedPhotos: photos, label: label)
        let stages = result.stages.map { "\($0.name) \(Measure.format($0.seconds, 3))" }.joined(separator: ", ")
        print("  \(label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(Measure.format(seconds)) s, \(result.filesWritten) files written, \(result.filesUnchanged) unchanged, \(result.pageCount) pages, peak memory \(peak) [\(stages)]")
    }

    /// A build that reported an error, or that saw fewer photos than were generated, measured
    /// something other than the site it was given.
    static func check(_ result: SiteBuilder.Result, expectedPhotos: Int, label: String) throws {
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw BenchFailure("\(label): the build reported \(result.errorCount) errors, the first: \(error.description.prefix(300))")
        }
        guard result.photoCount >= expectedPhotos else {
            throw BenchFailure("\(label): the build saw \(result.photoCount) photos of the \(expectedPhotos) generated")
        }
    }
}
