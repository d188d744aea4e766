import AshlarCore
import Foundation

/// Discovery, sidecar and header reading, and merging, for N photos (by default half JSON, half XMP).
struct ScanBenchmark {
    var photos: Int
    var runs: Int
    /// One photo in `xmpEvery` has an XMP sidecar, the others JSON (0: no XMP).
    var xmpEvery: Int

    func run() throws {
        let site = try SyntheticSite(photos: photos, xmpEvery: xmpEvery)
        defer { site.remove() }
        let paths = SitePaths(source: site.root, output: site.root.appendingPathComponent("_site"), displaySource: site.root.path)
        let builder = SiteBuilder(paths: paths)
        var best = Double.infinity
        var read = 0
        var diagnostics = 0
        for _ in 0..<max(1, runs) {
            let seconds = Measure.seconds {
                if let catalog = try? builder.readCatalog() {
                    read = catalog.root.totalPhotoCount
                    diagnostics = catalog.diagnostics.count
                }
            }
            best = min(best, seconds)
        }
        let xmp = xmpEvery > 0 ? (photos + xmpEvery - 1) / xmpEvery : 0
        print("scan: \(photos) photos (\(photos - xmp) JSON + \(xmp) XMP sidecars) in \(max(1, photos / 500)) albums, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("  best of \(max(1, runs)): \(Measure.format(best)) s (\(Measure.format(Double(photos) / best / 1000, 1)) k photos/s), \(read) photos read, \(diagnostics) diagnostics")
        print("  peak memory: \(Measure.format(Measure.peakMemoryMiB, 1)) MiB")
    }
}
