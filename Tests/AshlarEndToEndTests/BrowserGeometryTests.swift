import AshlarTestSupport
import Foundation
import Testing

/// Opens the built site-example in headless Chromium and checks the layout the browser really
/// draws: the configured columns at each breakpoint, no overlaps, tops that never decrease in
/// reading order, a gallery as tall as its tallest column, no horizontal scroll.
@Suite(.tags(.browser)) struct BrowserGeometryTests {
    struct Measurement: Decodable {
        var galleries: [Gallery]
        var scrollWidth: Double
        var clientWidth: Double
    }

    struct Gallery: Decodable {
        var width: Double
        var height: Double
        /// left, top, width, height relative to the gallery list; then the tile's aspect ratio as
        /// its img's width/height attributes give it (0 for a tile without an image).
        var tiles: [[Double]]
    }

    /// Headless Chromium will not make a window narrower than about 500 px, so the script sets the
    /// galleries' own width (what the container queries answer to) to the width under test.
    static func script(galleryWidth: Double) -> String {
        """
        document.querySelectorAll('.gallery').forEach(g => { g.style.width = '\(galleryWidth)px'; });
        """ + measurement
    }

    static let measurement = """
        const galleries = [...document.querySelectorAll('.gallery-list')].map(list => {
          const box = list.getBoundingClientRect();
          return { width: box.width, height: box.height,
            tiles: [...list.children].map(t => { const r = t.getBoundingClientRect(); const img = t.querySelector('img');
              return [r.left - box.left, r.top - box.top, r.width, r.height,
                img ? +img.getAttribute('width') / +img.getAttribute('height') : 0]; }) };
        });
        return { galleries, scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
        """

    /// Gallery widths inside each default breakpoint's range (0, 600, 900, 1300 px).
    static let galleryWidths: [Double] = [330, 560, 750, 1100, 1600, 2400]

    struct Case: CustomTestStringConvertible, Sendable {
        var page: String
        var galleryWidth: Double
        /// Nil for site-example; else a `ThemeSite`.
        var site: String? = nil
        var testDescription: String { "\(site.map { $0 + "/" } ?? "")\(page) at \(Int(galleryWidth)) px" }
    }

    /// Keyword pages show the album pages' gallery: one of site-example's, and a keyword's first
    /// and second page of the generated site with keywords.
    static let keywordPages = [
        (nil, "tags/night/index.html"), (ThemeSite.taggedName, "tags/sea/index.html"),
        (ThemeSite.taggedName, "tags/sea/page/2/index.html"),
    ]

    static var cases: [Case] {
        let keywordCases = keywordPages.flatMap { site, page in
            galleryWidths.map { Case(page: page, galleryWidth: $0, site: site) }
        }
        guard case .success(let built) = SiteExample.built else {
            return [Case(page: "index.html", galleryWidth: 750)] + keywordCases
        }
        // Every album page; site-example's 80 keyword pages are alike, so one stands for them.
        let albumPages = SiteExample.pages(in: built.output).filter { page in
            !page.hasPrefix("tags/")
                && (try? String(contentsOf: built.output.appendingPathComponent(page), encoding: .utf8))?.contains(
                    "gallery-list") == true
        }
        return albumPages.flatMap { page in galleryWidths.map { Case(page: page, galleryWidth: $0) } } + keywordCases
    }

    /// The tagged site, built once for all of its cases.
    static let tagged = Result { try ThemeSite.build(ThemeSite.taggedName) }

    static let breakpoints: [(minWidth: Double, columns: Int)] = [(0, 2), (600, 3), (900, 4), (1300, 5)]

    /// The cases come from the built pages; none would make the browser test pass unseen.
    @Test func everyAlbumPageIsACase() throws {
        let built = try SiteExample.built.get()
        let albums = Set(Self.cases.filter { $0.site == nil && !$0.page.hasPrefix("tags/") }.map(\.page))
        #expect(albums.count >= 5, "album pages found by 'gallery-list': \(albums.sorted())")
        #expect(albums.contains("index.html") && albums.contains("nature/index.html"), "\(albums.sorted())")
        #expect(SiteExample.pages(in: built.output).count > albums.count)
    }

    @Test(.enabled(if: Chromium.isAvailable, "needs chromium"), arguments: cases)
    func galleryGeometryHoldsInARealBrowser(_ testCase: Case) throws {
        let output = try testCase.site == nil ? SiteExample.built.get().output : Self.tagged.get().output
        let page = output.appendingPathComponent(testCase.page)
        try #require(FileManager.default.fileExists(atPath: page.path), "\(testCase.page) was not built")
        let viewport = max(600, Int(testCase.galleryWidth) + 100)
        let json = try Chromium.measure(
            page: page, width: viewport, script: Self.script(galleryWidth: testCase.galleryWidth))
        let measurement = try JSONDecoder().decode(Measurement.self, from: Data(json.utf8))
        #expect(!measurement.galleries.isEmpty, "no gallery on \(testCase.page)")
        #expect(
            measurement.scrollWidth <= measurement.clientWidth,
            "horizontal scroll: \(measurement.scrollWidth) > \(measurement.clientWidth)")
        for gallery in measurement.galleries {
            check(gallery, expectedWidth: testCase.galleryWidth, viewport: viewport)
        }
    }

    private func check(_ gallery: Gallery, expectedWidth: Double, viewport: Int) {
        let width = gallery.width
        #expect(abs(width - expectedWidth) < 4, "gallery is \(width) px wide at a \(viewport) px viewport")
        let expectedColumns = Self.breakpoints.last { $0.minWidth <= width }?.columns ?? 1
        let tolerance = 0.6
        let tiles = gallery.tiles
        var lefts: [Double] = []
        for tile in tiles where !lefts.contains(where: { abs($0 - tile[0]) < tolerance }) { lefts.append(tile[0]) }
        #expect(
            lefts.count == min(expectedColumns, tiles.count),
            "\(lefts.count) columns at \(width) px, expected \(expectedColumns)")

        for index in tiles.indices.dropFirst() {
            #expect(tiles[index][1] >= tiles[index - 1][1] - tolerance, "tile \(index + 1) is above tile \(index)")
        }
        for a in tiles.indices {
            // Each tile shows its photo's aspect ratio, and stays inside the gallery.
            let ratio = tiles[a][4]
            if ratio > 0 {
                #expect(
                    abs(tiles[a][2] / tiles[a][3] - ratio) < 0.01 * ratio,
                    "tile \(a + 1) is \(tiles[a][2])x\(tiles[a][3]), photo ratio \(ratio)")
            }
            #expect(tiles[a][0] >= -tolerance && tiles[a][0] + tiles[a][2] <= width + tolerance)
            for b in tiles.indices where b > a {
                let x =
                    tiles[a][0] + tiles[a][2] <= tiles[b][0] + tolerance
                    || tiles[b][0] + tiles[b][2] <= tiles[a][0] + tolerance
                let y =
                    tiles[a][1] + tiles[a][3] <= tiles[b][1] + tolerance
                    || tiles[b][1] + tiles[b][3] <= tiles[a][1] + tolerance
                #expect(x || y, "tiles \(a + 1) and \(b + 1) overlap")
            }
        }
        let tallest = tiles.map { $0[1] + $0[3] }.max() ?? 0
        #expect(abs(gallery.height - tallest) < 1.5, "gallery is \(gallery.height) px tall, tallest column \(tallest)")
    }

    /// JSON-LD (`application/ld+json`) and speculation rules are data; no page has inline code
    /// (so a strict Content-Security-Policy works), and the one script that runs is the theme's
    /// own file, deferred, on photo pages only.
    @Test func pagesHaveNoInlineScript() throws {
        let built = try SiteExample.built.get()
        let pages = SiteExample.pages(in: built.output)
        #expect(!pages.isEmpty)
        for page in pages {
            let html = try String(contentsOf: built.output.appendingPathComponent(page), encoding: .utf8)
            let isPhotoPage = html.contains("data-ashlar-photo")
            let scripts = html.lowercased().components(separatedBy: "<script").dropFirst()
            for script in scripts {
                let external = script.hasPrefix(#" src=""#) && script.contains(#"assets/ashlar.js" defer></script>"#)
                #expect(
                    script.hasPrefix(#" type="application/ld+json">"#)
                        || script.hasPrefix(#" type="speculationrules">"#)
                        || (external && isPhotoPage),
                    "\(page) has a script: <script\(script.prefix(80))")
            }
        }
    }
}
