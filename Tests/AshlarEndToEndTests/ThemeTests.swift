import AshlarTestSupport
import Foundation
import Testing

/// The default theme travels inside the binary, and a site's `templates/` overrides it file by file.
@Suite struct ThemeTests {
    func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-theme")
        try folder.write(#"{"width": 30, "height": 20, "title": "Red", "alt": "A red square"}"#, to: "red.png.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "red.png")
        return folder
    }

    @Test func overridingOnePartialKeepsTheDefaultsForTheRest() throws {
        let folder = try site()
        try folder.write(
            #"<li class="my-tile" id="{{id}}"><img src="{{src}}" alt="{{alt}}"></li>"#, to: "templates/tile.mustache")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("_site/index.html")
        #expect(page.contains(#"<li class="my-tile" id="red"><img src="red.png" alt="A red square"></li>"#))
        // The rest is the default theme: base layout, gallery list, stylesheet.
        #expect(page.contains(##"<a class="skip-link" href="#main">"##))
        #expect(page.contains(#"<ol class="gallery-list" role="list""#))
        #expect(folder.exists("_site/assets/ashlar.css"))
        // The override is not published as a page or asset.
        #expect(!folder.exists("_site/templates"))
    }

    @Test func aMissingPartialWarnsWithTemplateAndLine() throws {
        let folder = try site()
        try folder.write("<div class=\"gallery\">\n  {{> missing-piece}}\n</div>\n", to: "templates/gallery.mustache")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "templates/gallery.mustache:2:3: warning: partial 'missing-piece' not found; it renders as nothing"),
            "\(run.stderr)")
    }

    @Test func aBrokenOverrideIsALocatedError() throws {
        let folder = try site()
        try folder.write("<li>\n{{#title}}{{title}}\n</li>\n", to: "templates/tile.mustache")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("templates/tile.mustache:2:1: error: unclosed section 'title'"), "\(run.stderr)")
    }

    @Test func theBinaryCopiedAloneBuildsSiteExample() throws {
        let folder = try TemporaryFolder("ashlar-alone")
        let copy = folder.url.appendingPathComponent("ashlar")
        try FileManager.default.copyItem(at: Ashlar.binary, to: copy)
        let output = folder.url.appendingPathComponent("out")
        let run = try Ashlar.run(copy, ["build", SiteExample.source.path, "--output", output.path], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let css = try String(contentsOf: output.appendingPathComponent("assets/ashlar.css"), encoding: .utf8)
        #expect(css.contains("@container gallery (min-width: 0px)"))
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(#"role="list""#))
    }
}
