import AshlarTestSupport
import Foundation
import Testing

/// Runs axe-core in headless Chromium on built pages of the default theme, at a phone, a laptop
/// and a wide-screen width, in the light and the dark colour scheme, and expects no violation.
@Suite(
    .tags(.browser, .referenceTools),
    .enabled(if: Axe.isAvailable, "needs chromium, chromedriver and axe.min.js: run .ci/install-browser-tools"),
    .serialized)
struct AccessibilityTests {
    static let viewportWidths = [375, 1024, 1600]
    static let colorSchemes = ["light", "dark"]

    struct Case: CustomTestStringConvertible, Sendable {
        var site: String
        var page: String
        var testDescription: String { "\(site)/\(page)" }
    }

    static var cases: [Case] {
        var cases = [
            Case(site: ThemeSite.generatedName, page: "index.html"),
            Case(site: ThemeSite.generatedName, page: "coast/harbour-boats/index.html"),
            // A video's page, with no poster (its tile is on the album page above).
            Case(site: ThemeSite.generatedName, page: "coast/harbour-boats/quay/index.html"),
            Case(site: ThemeSite.mixedFormatsName, page: "formats/index.html"),
        ]
        cases += taggedPages.map { Case(site: ThemeSite.taggedName, page: $0) }
        // A failed build still gets a case, which then fails with the build's error.
        cases += siteExamplePages.map { Case(site: ThemeSite.siteExampleName, page: $0) }
        return cases
    }

    /// One page of each kind: the front page (sub-album covers), an album, a paginated album page,
    /// a nested album, a photo page, the keyword index, a keyword's page and a Markdown page.
    static let siteExamplePages = [
        "index.html", "nature/index.html", "nature/page/2/index.html", "travel/coast/index.html",
        "nature/moonrise/index.html", "tags/index.html", "tags/night/index.html", "about/index.html",
    ]

    /// Keyword and place pages: the indexes, a keyword's first and second page, a place, and a
    /// photo page whose tags and place are links.
    static let taggedPages = [
        "tags/index.html", "tags/sea/index.html", "tags/sea/page/2/index.html", "places/index.html",
        "places/etretat-france/index.html", "coast/wave/index.html",
    ]

    @Test(arguments: cases)
    func pageHasNoAxeViolations(_ testCase: Case) throws {
        let site = try ThemeSite.build(testCase.site)
        let page = site.output.appendingPathComponent(testCase.page)
        try #require(
            FileManager.default.fileExists(atPath: page.path), "\(testCase.page) was not built; pages: \(site.pages)")
        // One browser for every width and scheme: resize, reload, run axe again.
        try WebDriver.withSuiteSession(width: Self.viewportWidths[0]) { driver in
            for width in Self.viewportWidths {
                try driver.setWindowSize(width: width, height: 900)
                for scheme in Self.colorSchemes {
                    try driver.emulateColorScheme(scheme)
                    try driver.navigate(to: page)
                    let viewport = try driver.execute("return window.innerWidth;") as? Int
                    #expect(
                        viewport == width, "the viewport is \(viewport.map(String.init) ?? "?") px wide, not \(width)")
                    let violations = try Axe.violations(in: driver)
                    #expect(
                        violations.isEmpty,
                        "\(testCase) at \(width) px, \(scheme) scheme: \(violations.count) axe violation(s):\n\(violations.map(\.description).joined(separator: "\n"))"
                    )
                }
            }
        }
    }
}

/// The sites the theme checks look at: one generated here (nested albums, descriptions, titled
/// and alt-texted PNGs, one photo without alt text, and a video without a poster), the mixed-formats fixture, and
/// site-example once it holds photos. A temporary build is deleted with its value.
struct ThemeSite: Sendable {
    static let generatedName = "generated"
    static let mixedFormatsName = "mixed-formats"
    static let siteExampleName = "site-example"
    /// The generated site with keywords and places, 4 photos a page.
    static let taggedName = "tagged"

    var name: String
    var output: URL
    /// Every `index.html`, relative to `output`.
    var pages: [String]
    private var folder: TemporaryFolder?

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The names of the sites there are to check.
    static var available: [String] {
        [generatedName, mixedFormatsName, taggedName] + (siteExampleHasPhotos ? [siteExampleName] : [])
    }

    static var siteExampleHasPhotos: Bool {
        let images: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif"]
        guard let enumerator = FileManager.default.enumerator(at: SiteExample.source, includingPropertiesForKeys: nil)
        else { return false }
        for case let file as URL in enumerator where images.contains(file.pathExtension.lowercased()) { return true }
        return false
    }

    static func build(_ name: String) throws -> ThemeSite {
        switch name {
        case generatedName:
            let source = try TemporaryFolder("ashlar-theme-source")
            try writeGeneratedSource(into: source)
            return try build(name, source: source.url)
        case taggedName:
            let source = try TemporaryFolder("ashlar-theme-source")
            try writeGeneratedSource(into: source, tagged: true)
            return try build(name, source: source.url)
        case mixedFormatsName:
            return try build(
                name,
                source: Ashlar.packageRoot.appendingPathComponent("Tests/AshlarEndToEndTests/Fixtures/mixed-formats"))
        case siteExampleName:
            let built = try SiteExample.built.get()
            return ThemeSite(name: name, output: built.output, pages: SiteExample.pages(in: built.output), folder: nil)
        default:
            throw BuildFailure(description: "no site called '\(name)'")
        }
    }

    private static func build(_ name: String, source: URL) throws -> ThemeSite {
        let folder = try TemporaryFolder("ashlar-theme-\(name)")
        let output = folder.url.appendingPathComponent(name)
        let run = try Ashlar.run(["build", source.path, "--output", output.path])
        guard run.status == 0 else {
            throw BuildFailure(description: "ashlar build \(name) exited \(run.status): \(run.stderr)")
        }
        return ThemeSite(name: name, output: output, pages: SiteExample.pages(in: output), folder: folder)
    }

    /// The generated site; `tagged` adds keywords and places to its photos, shows places and
    /// makes pages of 4 photos.
    private static func writeGeneratedSource(into source: TemporaryFolder, tagged: Bool = false) throws {
        try source.write(
            tagged
                ? #"{ "title": "Field notes", "language": "en", "pageSize": 4, "showPlace": true }"#
                : #"{ "title": "Field notes", "description": "Photographs for the theme's checks.", "language": "en" }"#,
            to: "ashlar.json")
        let keywords: [String: String] = [
            "lighthouse.png": #""tags": ["Sea", "light"], "city": "Étretat", "country": "France""#,
            "dunes.png": #""tags": ["sand"], "city": "Étretat", "country": "France""#,
            "Coast/wave.png": #""tags": ["sea", "water"], "city": "Brest", "country": "France""#,
            "Coast/cliff.png": #""tags": ["SEA"], "city": "Étretat", "country": "France""#,
            "Coast/gull.png": #""tags": ["sea", "birds"]"#,
            "Coast/Harbour boats/red-boat.png": #""tags": ["sea", "boats"]"#,
            "Coast/Harbour boats/nets.png": #""tags": ["Sea", "boats"]"#,
            "Coast/Harbour boats/buoys.png": #""tags": ["boats"]"#,
        ]
        func photo(_ path: String, _ width: Int, _ height: Int, title: String?, alt: String?, shade: UInt8) throws {
            try source.write(
                TinyPNG.make(width: width, height: height, red: shade, green: 255 - shade, blue: 128), to: path)
            var fields: [String] = []
            if let title { fields.append(#""title": "\#(title)""#) }
            if let alt { fields.append(#""alt": "\#(alt)""#) }
            if tagged, let more = keywords[path] { fields.append(more) }
            if !fields.isEmpty { try source.write("{ \(fields.joined(separator: ", ")) }", to: path + ".json") }
        }
        try photo("lighthouse.png", 32, 48, title: "Lighthouse", alt: "A white lighthouse under a grey sky", shade: 40)
        try photo("dunes.png", 64, 24, title: "Dunes", alt: "Sand dunes with long evening shadows", shade: 90)
        try source.write(#"{ "title": "Coast", "description": "Two weeks on the Atlantic." }"#, to: "Coast/album.json")
        try photo("Coast/wave.png", 48, 32, title: "Wave", alt: "A wave breaking on a rock", shade: 120)
        try photo("Coast/cliff.png", 30, 45, title: "Cliff", alt: "A chalk cliff seen from the beach", shade: 150)
        try photo("Coast/gull.png", 36, 36, title: "Gull", alt: "A gull standing on a post", shade: 180)
        try source.write(
            #"{ "description": "Fishing boats at the quay, early morning." }"#, to: "Coast/Harbour boats/album.json")
        try photo(
            "Coast/Harbour boats/red-boat.png", 48, 30, title: "Red boat", alt: "A red fishing boat moored at the quay",
            shade: 200)
        try photo(
            "Coast/Harbour boats/nets.png", 30, 40, title: "Nets", alt: "Green nets piled on the quay", shade: 220)
        try photo("Coast/Harbour boats/buoys.png", 40, 40, title: nil, alt: nil, shade: 240)
        try source.copy(VideoTests.fixtures.appendingPathComponent("android.mp4"), to: "Coast/Harbour boats/quay.mp4")
        try source.write(
            #"{ "title": "Quay", "alt": "Waves against the quay wall" }"#, to: "Coast/Harbour boats/quay.mp4.json")
        try photo("City/tram.png", 48, 27, title: "Tram", alt: "A yellow tram crossing a bridge", shade: 10)
    }
}
