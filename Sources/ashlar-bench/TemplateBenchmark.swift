import AshlarCore
import Foundation

/// The default theme's templates: one album page of N tiles, and the N photos' own pages.
struct TemplateBenchmark {
    var tiles: Int
    var runs: Int

    func run() {
        let (library, diagnostics) = Theme.builtIn.library()
        guard diagnostics.isEmpty else {
            print(diagnostics.map(\.description).joined(separator: "\n"))
            return
        }
        var configuration = SiteConfiguration()
        configuration.pageSize = 0 // the whole album on one page
        let renderer = SiteRenderer(configuration: configuration, theme: .builtIn, library: library)
        var generator = SplitMix64(seed: 7)
        let photos = (0..<tiles).map { index in
            var metadata = PhotoMetadata()
            metadata.title = "Photo number \(index) & friends"
            metadata.alt = "A <synthetic> photo, number \(index)"
            let width = 400 + Int(generator.next() % 1200)
            let height = 400 + Int(generator.next() % 1200)
            return Photo(
                sourcePath: nil, image: .remote("https://example.com/p/\(index).jpg"), primaryPath: "p\(index).json",
                name: "p\(index)", slug: "p\(index)", metadata: metadata, width: width, height: height)
        }
        let big = Album(sourcePath: "", outputPath: "", title: "Big", photos: photos)
        var bestBig = Double.infinity
        var bestSmall = Double.infinity
        var bytes = 0
        for _ in 0..<max(1, runs) {
            bytes = 0
            bestBig = min(
                bestBig,
                Measure.seconds {
                    bytes += (try? renderer.renderAlbumPage(big, ancestors: []))?.utf8.count ?? 0
                })
            bestSmall = min(
                bestSmall,
                Measure.seconds {
                    let pages = Array(big.photos.indices).parallelMap { index in
                        (try? renderer.renderPhotoPage(big, ancestors: [], index: index))?.utf8.count ?? 0
                    }
                    bytes += pages.reduce(0, +)
                })
        }
        print("template: default theme, best of \(max(1, runs))")
        print("  album page with \(tiles) tiles: \(Measure.format(bestBig)) s")
        print(
            "  \(tiles) photo pages on \(ProcessInfo.processInfo.activeProcessorCount) cores: \(Measure.format(bestSmall)) s (\(Measure.format(Double(tiles) / bestSmall / 1000, 1)) k pages/s)"
        )
        print(
            "  total: \(Measure.format(bestBig + bestSmall)) s, \(bytes / 1024) KiB of HTML, peak memory \(Measure.format(Measure.peakMemoryMiB, 1)) MiB"
        )
    }
}
