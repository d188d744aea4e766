import AshlarTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// With a `baseURL`: canonical links, OpenGraph and Twitter tags, JSON-LD, a sitemap and an Atom
/// feed — all with absolute URLs under the site's sub-path, and dates from the photos only.
@Suite struct SharingTests {
    func site(baseURL: String? = "https://example.com/photos", dated: Bool = true) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-sharing")
        var configuration = #"{"title": "Ada's <Photos>", "author": "Ada", "description": "Light & shade""#
        if let baseURL { configuration += #", "baseURL": "\#(baseURL)""# }
        try folder.write(configuration + "}", to: "ashlar.json")
        for (index, day) in ["03", "01", "02"].enumerated() {
            try folder.write(TinyPNG.make(width: 30, height: 20), to: "rome/r\(index).png")
            let date = dated ? #", "date": "2024-06-\#(day)T10:00:00+02:00""# : ""
            try folder.write(
                #"{"title": "Rome \#(index)", "alt": "Street \#(index)", "caption": "A <quiet> street"\#(date)}"#,
                to: "rome/r\(index).png.json")
        }
        _ = try Ashlar.run(["build", folder.url.path])
        return folder
    }

    @Test func pagesCarryCanonicalAndSharingTags() throws {
        let folder = try site()
        let html = try folder.read("_site/rome/r0/index.html")
        #expect(html.contains(#"<link rel="canonical" href="https://example.com/photos/rome/r0/">"#))
        #expect(html.contains(#"<meta property="og:image" content="https://example.com/photos/rome/r0.png">"#))
        #expect(html.contains(#"<meta property="og:image:width" content="30">"#))
        #expect(html.contains(#"<meta property="og:image:height" content="20">"#))
        #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(html.contains(#"<meta property="og:description" content="A &lt;quiet&gt; street">"#))
        let album = try folder.read("_site/rome/index.html")
        #expect(album.contains(#"<link rel="canonical" href="https://example.com/photos/rome/">"#))
        #expect(
            album.contains(
                #"<link rel="alternate" type="application/atom+xml" title="Ada&#39;s &lt;Photos&gt;" href="../feed.xml">"#
            ))
    }

    @Test func jsonLDIsValidAndCannotCloseItsScript() throws {
        let folder = try site()
        let html = try folder.read("_site/rome/index.html")
        let match = try #require(html.firstMatch(of: /<script type="application\/ld\+json">(.*?)<\/script>/))
        let json = String(match.output.1)
        #expect(!json.contains("<"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["@type"] as? String == "ImageGallery")
        let images = try #require(object["image"] as? [[String: Any]])
        #expect(images.count == 3)
        #expect(images.first?["caption"] as? String == "A <quiet> street")
        #expect(images.first?["contentUrl"] as? String == "https://example.com/photos/rome/r0.png")
    }

    @Test func sitemapListsEveryPageWithItsImages() throws {
        let folder = try site()
        let xml = try folder.read("_site/sitemap.xml")
        #expect(try parses(xml))
        for page in [
            "https://example.com/photos/", "https://example.com/photos/rome/", "https://example.com/photos/rome/r1/",
        ] {
            #expect(xml.contains("<loc>\(page)</loc>"))
        }
        #expect(xml.contains("<image:loc>https://example.com/photos/rome/r2.png</image:loc>"))
    }

    @Test func feedListsTheNewestPhotosFirstWithTheirOwnDates() throws {
        let folder = try site()
        let xml = try folder.read("_site/feed.xml")
        #expect(try parses(xml))
        let titles = xml.matches(of: /<entry>\n<title>([^<]+)<\/title>/).map { String($0.output.1) }
        #expect(titles == ["Rome 0", "Rome 2", "Rome 1"])
        #expect(xml.contains("<updated>2024-06-03T10:00:00+02:00</updated>"))
        #expect(xml.contains("<title>Ada&apos;s &lt;Photos&gt;</title>"))
    }

    @Test func noFeedWithoutDatedPhotosAndNoSharingWithoutBaseURL() throws {
        let undated = try site(dated: false)
        #expect(!undated.exists("_site/feed.xml"))
        #expect(undated.exists("_site/sitemap.xml"))
        let local = try site(baseURL: nil)
        #expect(!local.exists("_site/sitemap.xml"))
        let html = try local.read("_site/rome/index.html")
        #expect(!html.contains("canonical"))
        #expect(!html.contains("<script"))
    }

    @Test func baseURLMustBeAbsoluteHTTP() throws {
        let folder = try TemporaryFolder("ashlar-sharing")
        try folder.write(#"{"baseURL": "example.com/photos"}"#, to: "ashlar.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "ashlar.json:1:13: error: 'baseURL' must be an absolute http(s) URL such as \"https://example.com/photos/\", with spaces and other characters percent-encoded, found \"example.com/photos\""
            ), "\(run.stderr)")
    }

    private func parses(_ xml: String) throws -> Bool {
        let parser = XMLParser(data: Data(xml.utf8))
        return parser.parse()
    }
}
