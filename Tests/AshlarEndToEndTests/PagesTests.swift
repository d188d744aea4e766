import AshlarTestSupport
import Foundation
import Testing

/// Album pages, pagination and photo pages of a built site, as a visitor (or a crawler) follows them.
@Suite struct PagesTests {
    /// A site whose `trip` album has 7 photos over pages of 3, and a sub-album.
    func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-pages")
        try folder.write(#"{"title": "Pages", "pageSize": 3}"#, to: "ashlar.json")
        for n in 1...7 {
            try folder.write(TinyPNG.make(width: 30 + n, height: 20), to: "trip/p\(n).png")
            try folder.write(
                #"{"title": "Photo \#(n)", "alt": "Test card number \#(n)", "date": "2024-06-0\#(n)T10:00:00"}"#,
                to: "trip/p\(n).png.json")
        }
        try folder.write(TinyPNG.make(width: 20, height: 30), to: "trip/day-two/q.png")
        try folder.write(#"{"title": "Q", "alt": "A tall test card"}"#, to: "trip/day-two/q.png.json")
        try folder.write(#"{"cover": "day-two/q.png"}"#, to: "trip/album.json")
        return folder
    }

    func built() throws -> TemporaryFolder {
        let folder = try site()
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        return folder
    }

    /// A photo page's title names the photo, its album and the site; the front page's album is
    /// the site itself, and is named once.
    @Test func photoPageTitlesNameEachPlaceOnce() throws {
        let folder = try site()
        try folder.write(TinyPNG.make(width: 20, height: 20), to: "top.png")
        try folder.write(#"{"title": "Top", "alt": "A square test card"}"#, to: "top.png.json")
        #expect(try Ashlar.run(["build", folder.url.path]).status == 0)
        #expect(try folder.read("_site/top/index.html").contains("<title>Top · Pages</title>"))
        #expect(try folder.read("_site/trip/p1/index.html").contains("<title>Photo 1 · Trip · Pages</title>"))
    }

    @Test func albumPagesLiveAtPageN() throws {
        let folder = try built()
        #expect(folder.exists("_site/trip/index.html"))
        #expect(folder.exists("_site/trip/page/2/index.html"))
        #expect(folder.exists("_site/trip/page/3/index.html"))
        #expect(!folder.exists("_site/trip/page/4/index.html"))
        #expect(!folder.exists("_site/trip/page/1/index.html"))
        // Photo pages at ALBUM/SLUG/.
        for n in 1...7 { #expect(folder.exists("_site/trip/p\(n)/index.html")) }
        #expect(folder.exists("_site/trip/day-two/q/index.html"))
    }

    @Test(arguments: [
        ("_site/trip/index.html", [1, 2, 3]),
        ("_site/trip/page/2/index.html", [4, 5, 6]),
        ("_site/trip/page/3/index.html", [7]),
    ])
    func positionsCountAcrossPages(page: String, positions: [Int]) throws {
        let folder = try built()
        let html = try folder.read(page)
        let found = html.matches(of: /aria-posinset="(\d+)" aria-setsize="(\d+)"/).compactMap { match -> Int? in
            match.output.2 == "7" ? Int(match.output.1) : nil
        }
        #expect(found == positions)
    }

    @Test func paginationLinksPrevAndNext() throws {
        let folder = try built()
        let first = try folder.read("_site/trip/index.html")
        #expect(!first.contains(#"rel="prev""#))
        #expect(first.contains(#"<link rel="next" href="../trip/page/2/index.html">"#))
        #expect(
            first.contains(
                #"<a href="../trip/index.html" aria-current="page"><span class="visually-hidden">Page </span>1</a>"#))
        let second = try folder.read("_site/trip/page/2/index.html")
        #expect(second.contains(#"<a href="../../../trip/index.html" rel="prev">"#))
        #expect(second.contains(#"<a href="../../../trip/page/3/index.html" rel="next">"#))
        #expect(second.contains(#"aria-current="page"><span class="visually-hidden">Page </span>2</a>"#))
        #expect(second.contains(#"href="../../../assets/ashlar.css""#))
        let last = try folder.read("_site/trip/page/3/index.html")
        #expect(!last.contains(#"rel="next""#))
        // Sub-albums are shown on the first page only.
        #expect(first.contains("Day two"))
        #expect(!second.contains("Day two"))
    }

    @Test func photoPagesChainThroughTheWholeAlbum() throws {
        let folder = try built()
        var visited: [String] = []
        var current: String? = "trip/p1"
        while let slug = current, visited.count < 20 {
            visited.append(slug)
            let html = try folder.read("_site/\(slug)/index.html")
            if let next = html.firstMatch(of: /<link rel="next" href="\.\.\/\.\.\/([^"]+)\/index\.html">/) {
                current = String(next.output.1)
            } else {
                current = nil
            }
        }
        #expect(visited == (1...7).map { "trip/p\($0)" })
        let fifth = try folder.read("_site/trip/p5/index.html")
        #expect(
            fifth.contains(
                #"<a href="../../trip/p4/index.html" rel="prev"><span class="direction">Previous</span> <span class="neighbour">Photo 4</span></a>"#
            ))
        #expect(
            fifth.contains(
                #"<a href="../../trip/p6/index.html" rel="next" data-image="../../trip/p6.png"><span class="direction">Next</span> <span class="neighbour">Photo 6</span></a>"#
            ))
        // Back to the album page that holds it, landing on its tile.
        #expect(
            fifth.contains(#"Photo 5 of 7 in <a href="../../trip/page/2/index.html#p5" data-ashlar-album>Trip</a>"#))
        #expect(fifth.contains("<h1>Photo 5</h1>"))
        #expect(fifth.contains("<time datetime=\"2024-06-05T10:00:00\">Jun 5, 2024, 10:00\u{202F}AM</time>"))
    }

    @Test func tilesLinkToPhotoPages() throws {
        let folder = try built()
        let html = try folder.read("_site/trip/page/2/index.html")
        #expect(html.contains(#"<li class="tile" id="p4" aria-posinset="4" aria-setsize="7""#))
        #expect(html.contains(#"<a href="../../../trip/p4/index.html"><img src="../../../trip/p4.png""#))
    }

    @Test func subAlbumsShowTheirCover() throws {
        let folder = try built()
        let html = try folder.read("_site/index.html")
        #expect(
            html.contains(#"<a href="trip/index.html"><img src="trip/day-two/q.png" alt="" width="20" height="30""#))
        #expect(html.contains(#"<span class="tile-title">Trip</span> <span class="tile-count">8 photos</span>"#))
    }

    @Test func aMissingCoverWarnsAndFallsBackToTheFirstPhoto() throws {
        let folder = try site()
        try folder.write(#"{"cover": "nope.png"}"#, to: "trip/album.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "trip/album.json: warning: 'cover' names no photo in this album or below it: \"nope.png\""))
        #expect(try folder.read("_site/index.html").contains(#"<img src="trip/p1.png""#))
    }

    @Test func emptyAndHiddenOnlyAlbumsStillGetAPage() throws {
        let folder = try site()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try folder.write(TinyPNG.make(width: 3, height: 2), to: "secret/s.png")
        try folder.write(#"{"alt": "Hidden card", "hidden": true}"#, to: "secret/s.png.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("_site/empty/index.html").contains("This album has no photos yet."))
        #expect(try folder.read("_site/secret/index.html").contains("This album has no photos yet."))
        #expect(!folder.exists("_site/secret/s.png"))
        #expect(!folder.exists("_site/secret/s/index.html"))
    }

    @Test func outputHasNoBuildTimestamp() throws {
        let first = try built()
        let second = try site()
        Thread.sleep(forTimeInterval: 1.1)
        _ = try Ashlar.run(["build", second.url.path])
        let pages = try FileManager.default.subpathsOfDirectory(atPath: first.url.appendingPathComponent("_site").path)
            .filter { $0.hasSuffix(".html") || $0.hasSuffix(".css") }
        #expect(pages.count > 10)
        for page in pages {
            #expect(
                try first.read("_site/" + page) == second.read("_site/" + page), "\(page) differs between two builds")
        }
        let year = String(Calendar(identifier: .gregorian).component(.year, from: Date()))
        for page in pages { #expect(!(try first.read("_site/" + page)).contains(year), "\(page) mentions \(year)") }
    }
}
