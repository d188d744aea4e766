import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// The icons made of `icon` in `ashlar.json`, and `robots.txt`.
@Suite struct SiteIconTests {
    func site(configuration: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-icon")
        try folder.write(#"{"title": "Icons", \#(configuration)}"#, to: "ashlar.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "a.png")
        try folder.write(#"{"alt": "A"}"#, to: "a.png.json")
        return folder
    }

    @discardableResult func build(_ folder: TemporaryFolder, status: Int32 = 0) throws -> Ashlar.Run {
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == status, "\(run.stderr)")
        return run
    }

    @Test func theIconIsMadeIntoPNGsOfTheSizesBrowsersAskFor() throws {
        let folder = try site(configuration: #""icon": "icon.png""#)
        try folder.write(TinyPNG.make(width: 300, height: 300, red: 20, green: 90, blue: 200), to: "icon.png")
        try build(folder)
        for (name, size) in [("favicon-32", 32), ("apple-touch-icon", 180), ("icon-192", 192), ("icon-512", 512)] {
            let bytes = Array(try Data(contentsOf: folder.url.appendingPathComponent("_site/assets/\(name).png")))
            let decoded = try PNGDecoder.decode(bytes)
            #expect(decoded.image.width == size && decoded.image.height == size, "\(name)")
            #expect(Array(decoded.image.pixels.prefix(4)) == [20, 90, 200, 255], "\(name)")
        }
        let home = try folder.read("_site/index.html")
        #expect(home.contains(#"<link rel="icon" type="image/png" sizes="32x32" href="assets/favicon-32.png">"#))
        #expect(home.contains(#"<link rel="apple-touch-icon" href="assets/apple-touch-icon.png">"#))
        let photoPage = try folder.read("_site/a/index.html")
        #expect(photoPage.contains(#"href="../assets/favicon-32.png""#))
        // The icon is no photo of the site.
        #expect(!folder.exists("_site/icon"))
        #expect(folder.exists("_site/a/index.html"))
        // A changed icon is noticed.
        try folder.write(TinyPNG.make(width: 300, height: 300, red: 250, green: 10, blue: 10), to: "icon.png")
        try build(folder)
        let bytes = Array(try Data(contentsOf: folder.url.appendingPathComponent("_site/assets/favicon-32.png")))
        #expect(Array(try PNGDecoder.decode(bytes).image.pixels.prefix(3)) == [250, 10, 10])
    }

    @Test(arguments: [
        ("wide.png", "the icon must be square, found 40 × 20 pixels"),
        ("notes.txt", "the icon must be a PNG or JPEG image"),
        ("missing.png", "the icon named by 'icon' in ashlar.json is not a file in the site folder"),
    ])
    func aBadIconIsAnErrorNamingTheFile(_ name: String, _ message: String) throws {
        let folder = try site(configuration: #""icon": "\#(name)""#)
        try folder.write(TinyPNG.make(width: 40, height: 20), to: "wide.png")
        try folder.write("not an image", to: "notes.txt")
        let run = try build(folder, status: 1)
        #expect(run.stderr.contains("\(name): error: \(message)"), "\(run.stderr)")
        #expect(!folder.exists("_site/assets/favicon-32.png"))
        #expect(!(try folder.read("_site/index.html")).contains("favicon"))
    }

    @Test func anIconOutsideTheSiteFolderIsRefused() throws {
        let folder = try site(configuration: #""icon": "../icon.png""#)
        let run = try build(folder, status: 1)
        #expect(
            run.stderr.contains(
                "ashlar.json:1:28: error: 'icon' must be the path of a PNG or JPEG file inside the site folder"),
            "\(run.stderr)")
    }

    @Test func robotsAllowsEverythingAndNamesTheSitemap() throws {
        let plain = try site(configuration: #""tags": true"#)
        try build(plain)
        #expect(try plain.read("_site/robots.txt") == "User-agent: *\nAllow: /\n")
        let published = try site(configuration: #""baseURL": "https://example.com/photos/""#)
        try build(published)
        #expect(
            try published.read("_site/robots.txt")
                == "User-agent: *\nAllow: /\n\nSitemap: https://example.com/photos/sitemap.xml\n")
    }

    @Test func theUsersOwnRobotsWins() throws {
        let folder = try site(configuration: #""baseURL": "https://example.com/""#)
        try folder.write("User-agent: *\nDisallow: /private/\n", to: "robots.txt")
        let run = try build(folder)
        #expect(try folder.read("_site/robots.txt") == "User-agent: *\nDisallow: /private/\n")
        #expect(!run.stderr.contains("robots.txt"), "\(run.stderr)")
    }
}
