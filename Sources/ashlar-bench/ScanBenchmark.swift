import AshlarCore
import Foundation

/// Discovery, sidecar and header reading, and merging, for N photos (by default half JSON, half
/// XMP sidecars; half the images JPEGs carrying their own XMP and IPTC-IIM). Fails when reading reports an error or fewer photos than were generated; the peak
/// memory is that of the reading alone.
struct ScanBenchmark {
    var photos: Int
    var runs: Int
    /// One photo in `xmpEvery` has an XMP sidecar, the others JSON (0: no XMP).
    var xmpEvery: Int
    /// One photo in `embeddedEvery` is a JPEG carrying XMP and IPTC-IIM of its own (0: none).
    var embeddedEvery: Int

    func run() throws {
        let site = try SyntheticSite(photos: photos, xmpEvery: xmpEvery, embeddedEvery: embeddedEvery)
        defer { site.remove() }
        let paths = SitePaths(
            source: site.root, output: site.root.appendingPathComponent("_site"), displaySource: site.root.path)
        let builder = SiteBuilder(paths: paths)
        var best = Double.infinity
        var read = 0
        var diagnostics = 0
        let peak = try PhaseMemory.measure {
            for _ in 0..<max(1, runs) {
                var outcome: Result<(root: Album, diagnostics: [Diagnostic]), BuildError>?
                let seconds = Measure.seconds {
                    do throws(BuildError) { outcome = .success(try builder.readCatalog()) } catch {
                        outcome = .failure(error)
                    }
                }
                guard let catalog = try outcome?.get() else { throw BenchFailure("scan: the catalog was not read") }
                if let error = catalog.diagnostics.first(where: { $0.severity == .error }) {
                    throw BenchFailure("scan: reading reported an error: \(error.description.prefix(300))")
                }
                read = catalog.root.totalPhotoCount
                guard read >= photos else { throw BenchFailure("scan: \(read) photos read of the \(photos) generated") }
                diagnostics = catalog.diagnostics.count
                best = min(best, seconds)
            }
        }.peak
        let xmp = xmpEvery > 0 ? (photos + xmpEvery - 1) / xmpEvery : 0
        let embedded = embeddedEvery > 0 ? photos / embeddedEvery : 0
        print(
            "scan: \(photos) photos (\(photos - xmp) JSON + \(xmp) XMP sidecars; \(embedded) JPEGs with embedded XMP and IPTC-IIM) in \(max(1, photos / 500)) albums, \(ProcessInfo.processInfo.activeProcessorCount) cores"
        )
        print(
            "  best of \(max(1, runs)): \(Measure.format(best)) s (\(Measure.format(Double(photos) / best / 1000, 1)) k photos/s), \(read) photos read, \(diagnostics) diagnostics"
        )
        print("  peak memory while reading: \(peak)")
    }
}
