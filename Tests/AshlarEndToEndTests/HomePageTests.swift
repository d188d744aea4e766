import AshlarTestSupport
import Foundation
import Testing

/// The front page: each album's tile with its cover, description and counts (photos and videos
/// apart), and links to the keyword and place indexes.
@Suite struct HomePageTests {
    func site(configuration: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-home")
        try folder.write(#"{"title": "Home", \#(configuration)}"#, to: "ashlar.json")
        try folder.write(#"{"description": "Boats & <harbours>"}"#, to: "coast/album.json")
        for name in ["a", "b", "c"] {
            try folder.write(TinyPNG.make(width: 30, height: 20), to: "coast/\(name).png")
            try folder.write(#"{"alt": "\#(name)", "tags": ["sea"], "city": "Brest"}"#, to: "coast/\(name).png.json")
        }
        try folder.write(Data(try VideoFixture.bytes("android.mp4")), to: "coast/clip.mp4")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "one/a.png")
        try folder.write(#"{"alt": "A"}"#, to: "one/a.png.json")
        try folder.write(Data(try VideoFixture.bytes("android.mp4")), to: "films/x.mp4")
        try folder.write(Data(try VideoFixture.bytes("android.mp4")), to: "films/y.mp4")
        return folder
    }

    func build(_ folder: TemporaryFolder) throws -> String {
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try folder.read("_site/index.html")
    }

    @Test func albumTilesShowCoverDescriptionAndCounts() throws {
        let home = try build(try site(configuration: #""showPlace": true"#))
        #expect(
            home.contains(
                #"<span class="tile-title">Coast</span> <span class="tile-count">3 photos, 1 video</span> "#
                    + #"<span class="tile-description">Boats &amp; &lt;harbours&gt;</span>"#))
        #expect(home.contains(#"<span class="tile-title">One</span> <span class="tile-count">1 photo</span></span>"#))
        #expect(home.contains(#"<span class="tile-title">Films</span> <span class="tile-count">2 videos</span>"#))
        let coastTile = try #require(
            home.firstMatch(of: /<li class="tile album-tile"[^>]*id="album-coast"[^>]*>.*?<\/li>/))
        #expect(coastTile.output.contains(#"<img src="coast/a.png""#))
    }

    @Test func theFrontPageLinksTheIndexes() throws {
        let home = try build(try site(configuration: #""showPlace": true, "menu": []"#))
        #expect(
            home.contains(
                "<nav class=\"index-links\" aria-label=\"Browse\">\n<ul>\n<li><a href=\"tags/index.html\">All tags</a></li>\n"
                    + "<li><a href=\"places/index.html\">All places</a></li>\n</ul>\n</nav>"))
        let withoutPlaces = try build(try site(configuration: #""showPlace": false"#))
        #expect(withoutPlaces.contains(#"<li><a href="tags/index.html">All tags</a></li>"#))
        #expect(!withoutPlaces.contains("All places"))
        let withoutTags = try build(try site(configuration: #""tags": false"#))
        #expect(!withoutTags.contains("index-links"))
    }
}
