import AshlarCore
import Foundation

/// A whole build of a synthetic site: N JSON sidecars over about N/500 albums, images hosted
/// elsewhere (referenced by `src`). A cold build, a no-op rebuild, and a rebuild after one
/// sidecar changed.
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
        try measure("cold build", builder)
        try measure("no-op rebuild", builder)
        try site.touchOneSidecar()
        try measure("one sidecar changed", builder)
    }

    private func measure(_ label: String, _ builder: SiteBuilder) throws {
        var result: SiteBuilder.Result?
        var failure: BuildError?
        let seconds = Measure.seconds {
            do throws(BuildError) {
                result = try builder.build()
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let result else { return }
        let stages = result.stages.map { "\($0.name) \(Measure.format($0.seconds, 3))" }.joined(separator: ", ")
        print("  \(label.padding(toLength: 20, withPad: " ", startingAt: 0)) \(Measure.format(seconds)) s, \(result.filesWritten) files written, \(result.filesUnchanged) unchanged, \(result.pageCount) pages, peak memory \(Measure.format(Measure.peakMemoryMiB, 1)) MiB [\(stages)]")
    }
}
