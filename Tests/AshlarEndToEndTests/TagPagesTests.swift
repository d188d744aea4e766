import AshlarTestSupport
import Foundation
import Testing

/// Keyword and place pages of a built site: where they are, what they list, the links that lead
/// to them, and what becomes of them when the site changes.
@Suite struct TagPagesTests {
    /// Tags spelled three ways, a hidden photo and a hidden album with a keyword of their own,
    /// two photos taken in one place, and pages of two photos.
    func site(configuration: String = #""showPlace": true"#) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-tags")
        try folder.write(
            #"{"title": "Tags", "pageSize": 2, "baseURL": "https://example.com/", \#(configuration)}"#,
            to: "ashlar.json")
        func photo(_ path: String, _ sidecar: String, width: Int = 30) throws {
            try folder.write(TinyPNG.make(width: width, height: 20), to: path)
            try folder.write(sidecar, to: path + ".json")
        }
        try photo("a.png", #"{"alt": "A", "tags": ["Sea", "harbour"], "city": "Brest", "country": "France"}"#)
        try photo("trip/b.png", #"{"alt": "B", "tags": ["sea"], "city": "Brest", "country": "France"}"#, width: 40)
        try photo("trip/c.png", #"{"alt": "C", "tags": ["SEA ", "boats"]}"#, width: 50)
        try photo("trip/d.png", #"{"alt": "D", "tags": ["secret", "sea"], "hidden": true}"#)
        try folder.write(#"{"hidden": true}"#, to: "vault/album.json")
        try photo("vault/e.png", #"{"alt": "E", "tags": ["secret"], "city": "Nowhere"}"#)
        return folder
    }

    @discardableResult func build(_ folder: TemporaryFolder) throws -> Ashlar.Run {
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    /// The `href`s of a page's tiles, in reading order.
    func tileLinks(_ html: String) -> [String] {
        html.matches(of: /<li class="tile"[^>]*><a href="([^"]+)"/).map { String($0.1) }
    }

    @Test func everyPublishedKeywordHasPaginatedPages() throws {
        let folder = try site()
        try build(folder)
        let index = try folder.read("_site/tags/index.html")
        let listed = index.matches(of: /<li><a href="([^"]+)">([^<]+)<\/a> <span class="term-count">([^<]+)<\/span>/)
            .map { "\($0.2) \($0.1) \($0.3)" }
        #expect(
            listed == [
                "boats ../tags/boats/index.html 1 photo", "harbour ../tags/harbour/index.html 1 photo",
                "Sea ../tags/sea/index.html 3 photos",
            ])
        #expect(!folder.exists("_site/tags/secret/index.html"))
        // Catalog order across albums, two a page, each tile leading to the photo's own page.
        #expect(
            tileLinks(try folder.read("_site/tags/sea/index.html")) == [
                "../../a/index.html", "../../trip/b/index.html",
            ])
        let second = try folder.read("_site/tags/sea/page/2/index.html")
        #expect(tileLinks(second) == ["../../../../trip/c/index.html"])
        #expect(second.contains(#"aria-posinset="3" aria-setsize="3""#))
        #expect(second.contains(#"aria-label="Photos tagged Sea, page 2 of 2""#))
        #expect(
            second.contains(
                #"<a href="../../../../tags/sea/index.html"><span class="visually-hidden">Page </span>1</a>"#))
        #expect(!folder.exists("_site/tags/sea/page/3/index.html"))
    }

    @Test func photoPagesLinkTheirTagsAndPlace() throws {
        let folder = try site()
        try build(folder)
        let page = try folder.read("_site/trip/b/index.html")
        #expect(page.contains(#"<li><a href="../../tags/sea/index.html">sea</a></li>"#))
        #expect(
            page.contains(#"<p class="place"><a href="../../places/brest-france/index.html">Brest, France</a></p>"#))
        let places = try folder.read("_site/places/index.html")
        #expect(places.contains(#"<a href="../places/brest-france/index.html">Brest, France</a>"#))
        #expect(!places.contains("Nowhere"))
        #expect(
            tileLinks(try folder.read("_site/places/brest-france/index.html")) == [
                "../../a/index.html", "../../trip/b/index.html",
            ])
    }

    @Test func theSitemapListsKeywordAndPlacePages() throws {
        let folder = try site()
        try build(folder)
        let sitemap = try folder.read("_site/sitemap.xml")
        for url in [
            "https://example.com/tags/", "https://example.com/tags/sea/", "https://example.com/tags/sea/page/2/",
            "https://example.com/places/", "https://example.com/places/brest-france/",
        ] {
            #expect(sitemap.contains("<loc>\(url)</loc>"), "\(url)")
        }
        #expect(!sitemap.contains("secret"))
    }

    @Test func tagsFalseShowsPlainTags() throws {
        let folder = try site(configuration: #""showPlace": true, "tags": false"#)
        try build(folder)
        #expect(!folder.exists("_site/tags"))
        #expect(!folder.exists("_site/places"))
        let page = try folder.read("_site/trip/b/index.html")
        #expect(page.contains("<li>sea</li>"))
        #expect(page.contains(#"<p class="place">Brest, France</p>"#))
        #expect(!(try folder.read("_site/sitemap.xml")).contains("/tags/"))
    }

    /// An album folder called `tags` keeps its pages; the keyword pages give way, with a warning.
    @Test func aRootAlbumCalledTagsKeepsItsPages() throws {
        let folder = try site()
        try folder.write(TinyPNG.make(width: 20, height: 20), to: "Tags/label.png")
        try folder.write(#"{"alt": "A label", "tags": ["sea"]}"#, to: "Tags/label.png.json")
        let run = try build(folder)
        #expect(run.stderr.contains("Tags: warning: the album folder 'tags'"), "\(run.stderr)")
        let page = try folder.read("_site/tags/index.html")
        #expect(page.contains("<h1>Tags</h1>"))
        #expect(tileLinks(page) == ["../tags/label/index.html"])
        #expect(!folder.exists("_site/tags/sea/index.html"))
        // The photo pages' tags lead nowhere, and the place pages are unaffected.
        #expect(try folder.read("_site/trip/b/index.html").contains("<li>sea</li>"))
        #expect(folder.exists("_site/places/brest-france/index.html"))
    }

    /// A rebuild reuses unchanged albums' pages; keyword pages follow every change.
    @Test func aRebuildFollowsKeywordChanges() throws {
        let folder = try site()
        try build(folder)
        #expect(folder.exists("_site/tags/boats/index.html"))
        try folder.write(#"{"alt": "C", "tags": ["SEA", "Harbour", "C++"]}"#, to: "trip/c.png.json")
        try folder.write(
            #"{"alt": "A", "tags": ["Sea", "harbour", "c"], "city": "Brest", "country": "France"}"#, to: "a.png.json")
        try build(folder)
        #expect(!folder.exists("_site/tags/boats/index.html"))
        let index = try folder.read("_site/tags/index.html")
        #expect(!index.contains("boats"))
        #expect(
            index.contains(
                #"<a href="../tags/harbour/index.html">harbour</a> <span class="term-count">2 photos</span>"#))
        #expect(
            tileLinks(try folder.read("_site/tags/harbour/index.html")) == [
                "../../a/index.html", "../../trip/c/index.html",
            ])
        // `c` and `C++` share a slug: `c` (first in key order) keeps it.
        #expect(try folder.read("_site/trip/c/index.html").contains(#"<a href="../../tags/c-2/index.html">C++</a>"#))
        // Only the root album changes next: trip's pages are reused, yet their link follows `C++`'s new slug.
        try folder.write(
            #"{"alt": "A", "tags": ["Sea", "harbour"], "city": "Brest", "country": "France"}"#, to: "a.png.json")
        try build(folder)
        #expect(!folder.exists("_site/tags/c-2/index.html"))
        #expect(try folder.read("_site/trip/c/index.html").contains(#"<a href="../../tags/c/index.html">C++</a>"#))
    }
}
