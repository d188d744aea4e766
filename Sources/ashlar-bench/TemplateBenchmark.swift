import AshlarCore
import Foundation

/// The default theme's templates: one album page of N tiles, and N small pages (one-photo albums).
struct TemplateBenchmark {
    var tiles: Int
    var runs: Int

    func run() {
        let (library, diagnostics) = Theme.builtIn.library()
        guard diagnostics.isEmpty else {
            print(diagnostics.map(\.description).joined(separator: "\n"))
            return
        }
        let renderer = SiteRenderer(configuration: SiteConfiguration(), theme: .builtIn, library: library)
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
        let small = photos.map { photo in
            Album(sourcePath: photo.name, outputPath: photo.slug, title: photo.metadata.title ?? "", photos: [photo])
        }
        let smallRoot = Album(sourcePath: "", outputPath: "", title: "Root", albums: small)
        var bestBig = Double.infinity
        var bestSmall = Double.infinity
        var bytes = 0
        for _ in 0..<max(1, runs) {
            bytes = 0
            bestBig = min(bestBig, Measure.seconds {
                bytes += (try? renderer.renderAlbumPage(big, ancestors: []))?.utf8.count ?? 0
            })
            bestSmall = min(bestSmall, Measure.seconds {
                let pages = small.parallelMap { album in (try? renderer.renderAlbumPage(album, ancestors: [smallRoot]))?.utf8.count ?? 0 }
                bytes += pages.reduce(0, +)
            })
        }
        print("template: default theme, best of \(max(1, runs))")
        print("  album page with \(tiles) tiles: \(Measure.format(bestBig)) s")
        print("  \(tiles) small pages on \(ProcessInfo.processInfo.activeProcessorCount) cores: \(Measure.format(bestSmall)) s (\(Measure.format(Double(tiles) / bestSmall / 1000, 1)) k pages/s)")
        print("  total: \(Measure.format(bestBig + bestSmall)) s, \(bytes / 1024) KiB of HTML, peak memory \(Measure.format(Measure.peakMemoryMiB, 1)) MiB")
    }
}
