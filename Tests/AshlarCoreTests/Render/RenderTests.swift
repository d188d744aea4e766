import AshlarTemplate
import Testing

@testable import AshlarCore

@Suite struct CSSNumberTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (1.5, "1.5"), (0.333333333, "0.3333"), (2.00004, "2"),
        (2.00005, "2.0001"), (-12.25, "-12.25"), (123456.78901, "123456.789"), (1e-9, "0"), (.nan, "0"),
        (.infinity, "0"),
        (9.3e18, "9300000000000000000"), (-1e19, "-10000000000000000000"),
        (0x1p80, "1208925819614629174706176"),
    ])
    func formatsWithoutExponentOrNegativeZero(value: Double, text: String) {
        #expect(CSSNumber.format(value) == text)
    }

    /// A sidecar's `"focalLength": 1e308` once trapped converting to `Int64`.
    @Test func formatsTheLargestNumbersExactly() {
        let largest =
            "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368"
        #expect(CSSNumber.format(.greatestFiniteMagnitude, digits: 1) == largest)
        #expect(CSSNumber.format(-.greatestFiniteMagnitude) == "-" + largest)
    }
}

@Suite struct URLPathTests {
    @Test(arguments: [
        ("nature/IMG_1.jpg", "nature/IMG_1.jpg"),
        ("my photo #1?.jpg", "my%20photo%20%231%3F.jpg"),
        ("100% real/it's.jpg", "100%25%20real/it%27s.jpg"),
        ("café/ü.png", "caf%C3%A9/%C3%BC.png"),
        ("a&b=c+d.jpg", "a%26b%3Dc%2Bd.jpg"),
        ("IMG@800w.jpg", "IMG@800w.jpg"),
    ])
    func encodesEverySegment(path: String, encoded: String) {
        #expect(URLPath.encodePath(path) == encoded)
    }

    @Test func linksNameIndexFilesSoTheSiteWorksFromDisk() {
        #expect(URLPath.index(of: "") == "index.html")
        #expect(URLPath.index(of: "travel/coast") == "travel/coast/index.html")
        #expect(URLPath.rootPrefix(depth: 2) == "../../")
    }
}

@Suite struct SiteRendererTests {
    func renderer() throws -> SiteRenderer {
        let (library, diagnostics) = Theme.builtIn.library()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return SiteRenderer(configuration: SiteConfiguration(), theme: .builtIn, library: library)
    }

    func photo(_ name: String, title: String?, alt: String?, width: Int = 300, height: Int = 200) -> Photo {
        var metadata = PhotoMetadata()
        metadata.title = title
        metadata.alt = alt
        return Photo(
            sourcePath: name, image: .output(name), primaryPath: name, name: name, slug: Slug.make(from: name),
            metadata: metadata, width: width, height: height)
    }

    @Test func sidecarTextIsEscapedNeverInterpreted() throws {
        let hostile = photo("a.jpg", title: "<script>alert(1)</script>", alt: "\" onerror=\"alert(1) {{site.title}}")
        let album = Album(sourcePath: "", outputPath: "", title: "T & <b>", photos: [hostile])
        let html = try renderer().renderAlbumPage(album, ancestors: [])
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("alt=\"&quot; onerror=&quot;alert(1) {{site.title}}\""))
        #expect(html.contains("<h1>T &amp; &lt;b&gt;</h1>"))
    }

    @Test func tilesCarryTheirPlaceAtEveryBreakpoint() throws {
        let album = Album(
            sourcePath: "", outputPath: "", title: "A",
            photos: [
                photo("a.jpg", title: nil, alt: "A"), photo("b.jpg", title: nil, alt: "B", width: 200, height: 300),
            ])
        let html = try renderer().renderAlbumPage(album, ancestors: [])
        #expect(
            html.contains(
                #"id="a-jpg" aria-posinset="1" aria-setsize="2" style="--a:300/200;--c1:0;--y1:0;--c2:0;--y2:0;--c3:0;--y3:0;--c4:0;--y4:0""#
            ))
        #expect(
            html.contains(
                #"id="b-jpg" aria-posinset="2" aria-setsize="2" style="--a:200/300;--c1:1;--y1:0;--c2:1;--y2:0"#))
        #expect(html.contains(#"<ol class="gallery-list" role="list" aria-label="Photos in A" style="--h1:"#))
    }

    @Test func stylesheetHasOneContainerRulePerBreakpoint() throws {
        let (files, diagnostics) = try renderer().renderAssets()
        #expect(diagnostics.isEmpty)
        let css = try #require(files.first { $0.path == "assets/ashlar.css" })
        guard case .bytes(let bytes) = css.contents else {
            Issue.record("stylesheet is not generated")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for (minWidth, number) in [("0", 1), ("600", 2), ("900", 3), ("1300", 4)] {
            #expect(text.contains("@container gallery (min-width: \(minWidth)px)"))
            #expect(text.contains("top: calc(var(--y\(number)) * 1cqw)"))
        }
        // Two columns at a 320 px reference width with an 8 px gap: 48.75% wide, 51.25% apart.
        #expect(text.contains("width: 48.75%; left: calc(var(--c1) * 51.25%)"))
    }

    @Test func emptyAlbumHasNoGalleryList() throws {
        let html = try renderer().renderAlbumPage(Album(sourcePath: "", outputPath: "", title: "Empty"), ancestors: [])
        #expect(!html.contains("gallery-list"))
        #expect(html.contains("<h1>Empty</h1>"))
    }

    @Test func breadcrumbsMarkTheCurrentPage() throws {
        let root = Album(sourcePath: "", outputPath: "", title: "Home")
        let travel = Album(sourcePath: "travel", outputPath: "travel", title: "Travel")
        let coast = Album(sourcePath: "travel/coast", outputPath: "travel/coast", title: "Coast")
        let html = try renderer().renderAlbumPage(coast, ancestors: [root, travel])
        #expect(html.contains(#"<li><a href="../../index.html">Home</a></li>"#))
        #expect(html.contains(#"<li><a href="../../travel/index.html">Travel</a></li>"#))
        #expect(html.contains(#"<li><a href="../../travel/coast/index.html" aria-current="page">Coast</a></li>"#))
    }
}

@Suite struct ThemeLibraryTests {
    func library(_ tile: [UInt8]) -> (TemplateLibrary, [String]) {
        let theme = Theme.builtIn.overriding(with: ["tile.mustache": (tile, "templates/tile.mustache")])
        let (library, diagnostics) = theme.library()
        return (library, diagnostics.map(\.description))
    }

    /// The broken template is reported once, not also as "not found" where it is used.
    @Test func aBrokenOverrideIsReportedOnlyForItself() {
        let (_, diagnostics) = library(Array("<li>{{#title}}\n".utf8))
        #expect(diagnostics == ["templates/tile.mustache:1:5: error: unclosed section 'title'"])
    }

    @Test func aByteOrderMarkIsNeitherOutputNorAColumn() throws {
        let (library, diagnostics) = library([0xEF, 0xBB, 0xBF] + Array("<li>{{title}}</li>".utf8))
        #expect(diagnostics.isEmpty)
        #expect(try library.render("tile", with: ["title": "T"]) == "<li>T</li>")
        let (_, broken) = self.library([0xEF, 0xBB, 0xBF] + Array("<li>{{#title}}".utf8))
        #expect(broken == ["templates/tile.mustache:1:5: error: unclosed section 'title'"])
    }

    /// The parse error is the one diagnostic: rendering does not add "photo:0:0: error: no template named 'photo'".
    /// Its pages are not rendered, and keep whatever the previous build wrote.
    @Test func aBrokenPageTemplateLeavesOutItsPagesQuietly() throws {
        let theme = Theme.builtIn.overriding(with: [
            "photo.mustache": (Array("{{#x}}".utf8), "templates/photo.mustache")
        ])
        let (library, diagnostics) = theme.library()
        #expect(diagnostics.map(\.description) == ["templates/photo.mustache:1:1: error: unclosed section 'x'"])
        var metadata = PhotoMetadata()
        metadata.title = "A"
        let photo = Photo(
            sourcePath: "a.png", image: .output("a.png"), primaryPath: "a.png", name: "a.png", slug: "a",
            metadata: metadata, width: 3, height: 2)
        let rendered = SiteRenderer(configuration: SiteConfiguration(), theme: theme, library: library)
            .render(root: Album(sourcePath: "", outputPath: "", title: "T", photos: [photo]))
        #expect(rendered.diagnostics.isEmpty, "\(rendered.diagnostics)")
        #expect(
            rendered.files.map(\.path).sorted() == [
                "a.png", "a/index.html", "assets/ashlar.css", "assets/ashlar.js", "index.html", "robots.txt",
            ])
        #expect(rendered.files.first { $0.path == "a/index.html" }?.contents == .keepPrevious)
        #expect(
            Diagnostic(TemplateError(path: "photo", line: 0, column: 0, reason: "no template named 'photo'"))
                .description == "photo: error: no template named 'photo'")
    }

    @Test func invalidUTF8IsAnErrorAtTheByte() {
        let (_, diagnostics) = library(Array("<li>\n  {{title}}".utf8) + [0xC3, 0x28] + Array("</li>".utf8))
        #expect(diagnostics == ["templates/tile.mustache:2:12: error: invalid UTF-8 byte 0xC3"])
    }
}
