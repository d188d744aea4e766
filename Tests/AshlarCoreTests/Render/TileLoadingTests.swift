import AshlarTemplate
import Testing

@testable import AshlarCore

/// Which tiles load eagerly and which one first: the tiles a phone shows without scrolling (two
/// columns, less than two gallery widths down) are eager, the rest lazy, and only the first tile
/// has `fetchpriority="high"`.
@Suite struct TileLoadingTests {
    func html(photos count: Int, width: Int, height: Int) throws -> String {
        let (library, diagnostics) = Theme.builtIn.library()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let renderer = SiteRenderer(configuration: SiteConfiguration(), theme: .builtIn, library: library)
        let photos = (0..<count).map { index in
            var metadata = PhotoMetadata()
            metadata.alt = "Photo \(index)"
            let name = "p\(index).jpg"
            return Photo(
                sourcePath: name, image: .output(name), primaryPath: name, name: name, slug: Slug.make(from: name),
                metadata: metadata, width: width, height: height)
        }
        return try renderer.renderAlbumPage(
            Album(sourcePath: "", outputPath: "", title: "A", photos: photos), ancestors: [])
    }

    /// Each tile's `loading` and whether it has `fetchpriority="high"`, in reading order.
    func tiles(_ html: String) -> [(loading: String, high: Bool)] {
        html.split(separator: "<img ").dropFirst().map { tag in
            let tag = tag.prefix { $0 != ">" }
            let loading = tag.split(separator: "loading=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            return (loading ?? "", tag.contains("fetchpriority=\"high\""))
        }
    }

    /// Portrait 2:3 tiles at the narrowest breakpoint's reference width, 320 px with an 8 px gap:
    /// 156 px wide, 234 px tall, rows 242 px apart, so rows start at 0, 242, 484 and 726 px;
    /// two gallery widths are 640 px. The first three rows (six tiles) are eager.
    @Test func portraitsOnAPhone() throws {
        let tiles = tiles(try html(photos: 10, width: 200, height: 300))
        #expect(tiles.map(\.loading) == Array(repeating: "eager", count: 6) + Array(repeating: "lazy", count: 4))
        #expect(tiles.map(\.high) == [true] + Array(repeating: false, count: 9))
    }

    /// Landscape 3:2 tiles: 104 px tall, rows 112 px apart, so the first six rows (twelve tiles)
    /// start above 640 px, the seventh at 672.
    @Test func landscapesOnAPhone() throws {
        let tiles = tiles(try html(photos: 16, width: 300, height: 200))
        #expect(tiles.map(\.loading) == Array(repeating: "eager", count: 12) + Array(repeating: "lazy", count: 4))
        #expect(tiles.filter(\.high).count == 1 && tiles.first?.high == true)
    }
}
