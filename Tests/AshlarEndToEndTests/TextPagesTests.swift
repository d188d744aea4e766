import AshlarTestSupport
import Foundation
import Testing

/// Pages of `pages/*.md` and the site menu: where pages are built, what the menu lists and in
/// which order, raw HTML, the errors a page can cause, and rebuilds that add, change and remove
/// pages.
@Suite struct TextPagesTests {
    func site(configuration: String = "") throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-text-pages")
        try folder.write(
            #"{"title": "Pages" \#(configuration.isEmpty ? "" : ", " + configuration)}"#, to: "ashlar.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "travel/a.png")
        try folder.write(#"{"alt": "A", "tags": ["sea"]}"#, to: "travel/a.png.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "b.png")
        try folder.write(
            "---\ntitle: About me\nmenu: 2\n---\n# Hello\n\nI *photograph* <b>cities</b>.\n", to: "pages/about.md")
        try folder.write("# Prints and licensing\n\nAsk.\n", to: "pages/prints.md")
        try folder.write("---\nmenu: 1\n---\nWrite to me.\n", to: "pages/Contact Me.md")
        try folder.write("---\nmenu: false\n---\n# Colophon\n", to: "pages/colophon.md")
        return folder
    }

    @discardableResult func build(_ folder: TemporaryFolder, status: Int32 = 0) throws -> Ashlar.Run {
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == status, "\(run.stderr)")
        return run
    }

    /// The menu's links as `text href current`, in order.
    func menu(_ html: String) -> [String] {
        html.matches(of: /<li><a href="([^"]+)"( aria-current="page")?>([^<]*)<\/a><\/li>/)
            .map { "\($0.3) \($0.1)\($0.2 == nil ? "" : " current")" }
    }

    func menuBlock(_ html: String) -> String {
        guard let start = html.range(of: "<nav class=\"site-menu\""), let end = html.range(of: "</nav>") else {
            return ""
        }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func pagesAreBuiltInTheThemeLayout() throws {
        let folder = try site()
        try build(folder)
        let about = try folder.read("_site/about/index.html")
        #expect(about.contains("<title>About me · Pages</title>"))
        #expect(about.contains("<h1>Hello</h1>\n<p>I <em>photograph</em> &lt;b&gt;cities&lt;/b&gt;.</p>"))
        #expect(about.contains(#"<link rel="stylesheet" href="../assets/ashlar.css">"#))
        // Titles: front matter, else the first heading, else the file name.
        #expect(try folder.read("_site/prints/index.html").contains("<title>Prints and licensing · Pages</title>"))
        let contact = try folder.read("_site/contact-me/index.html")
        #expect(contact.contains("<title>Contact Me · Pages</title>"))
        #expect(contact.contains("<h1>Contact Me</h1>"))
        #expect(folder.exists("_site/colophon/index.html"))
        #expect(!folder.exists("_site/pages"))
    }

    @Test func everyPageShowsTheMenuWithTheCurrentPageMarked() throws {
        let folder = try site()
        try build(folder)
        let expected = [
            "Travel ../travel/index.html", "Contact Me ../contact-me/index.html",
            "About me ../about/index.html current",
            "Prints and licensing ../prints/index.html", "Tags ../tags/index.html",
        ]
        let aboutMenu = menuBlock(try folder.read("_site/about/index.html"))
        #expect(aboutMenu.hasPrefix(#"<nav class="site-menu" aria-label="Site">"#))
        #expect(menu(aboutMenu) == expected)
        let home = menu(menuBlock(try folder.read("_site/index.html")))
        #expect(home.first == "Travel travel/index.html")
        #expect(!home.contains { $0.hasSuffix("current") })
        #expect(
            menu(menuBlock(try folder.read("_site/travel/index.html"))).first == "Travel ../travel/index.html current")
        #expect(menu(menuBlock(try folder.read("_site/tags/index.html"))).last == "Tags ../tags/index.html current")
        #expect(menu(menuBlock(try folder.read("_site/travel/a/index.html"))).count == expected.count)
    }

    @Test func theMenuFollowsTheConfiguredOrder() throws {
        let folder = try site(configuration: #""menu": ["keywords", "pages"], "showPlace": true"#)
        try build(folder)
        #expect(
            menu(menuBlock(try folder.read("_site/index.html"))) == [
                "Tags tags/index.html", "Contact Me contact-me/index.html", "About me about/index.html",
                "Prints and licensing prints/index.html",
            ])
        let none = try site(configuration: #""menu": []"#)
        try build(none)
        #expect(!(try none.read("_site/index.html")).contains("site-menu"))
        let bad = try site(configuration: #""menu": ["albums", "photos"]"#)
        let run = try build(bad, status: 1)
        #expect(
            run.stderr.contains(
                "ashlar.json:1:40: error: 'menu[1]' must be one of 'albums', 'pages', 'keywords', 'places'"))
    }

    @Test func theSitemapListsThePages() throws {
        let folder = try site(configuration: #""baseURL": "https://example.com/""#)
        try build(folder)
        let sitemap = try folder.read("_site/sitemap.xml")
        #expect(sitemap.contains("<url><loc>https://example.com/about/</loc></url>"))
        #expect(sitemap.contains("<url><loc>https://example.com/colophon/</loc></url>"))
    }

    @Test func rawHTMLIsEscapedUnlessTheSiteOptsIn() throws {
        let folder = try site(configuration: #""markdown": {"html": true}"#)
        try build(folder)
        #expect(try folder.read("_site/about/index.html").contains("<p>I <em>photograph</em> <b>cities</b>.</p>"))
    }

    @Test(arguments: [
        (
            "bad.md", "---\ntitle: X\nmenu: maybe\n---\n",
            "pages/bad.md:3:7: error: 'menu' must be true, false or a whole number"
        ),
        ("open.md", "---\ntitle: X\n", "pages/open.md:1:1: error: the front matter has no closing '---' line"),
        (
            "key.md", "---\ntitel: X\n---\n",
            "pages/key.md:2:1: error: unknown front matter key \"titel\"; did you mean 'title'?"
        ),
        (
            "travel.md", "# T\n",
            "pages/travel.md: error: the page would be published at 'travel/', where the site has the album 'Travel'"
        ),
        ("ABOUT.md", "# T\n", "error: the page would be published at 'about/', as"),
        (
            "b.md", "# B\n",
            "pages/b.md: error: the page would be published at 'b/', where the site has the page of the photo 'b.png'"
        ),
        (
            "tags.md", "# T\n",
            "pages/tags.md: error: the page would be published at 'tags/', where the site has the keyword index"
        ),
        ("latin1.md", "caf\u{E9}", "pages/latin1.md: error: the page is not UTF-8 text"),
    ])
    func pageErrorsNameTheFile(_ name: String, _ text: String, _ message: String) throws {
        let folder = try site()
        if name == "latin1.md" {
            try folder.write(Data([0x63, 0x61, 0x66, 0xE9]), to: "pages/" + name)
        } else {
            try folder.write(text, to: "pages/" + name)
        }
        let run = try build(folder, status: 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        // The other pages are built all the same.
        #expect(folder.exists("_site/prints/index.html"))
    }

    /// A page shows an image of `pages/` by its name: the image is published beside the page as
    /// a photo's copy is (no location), and a rebuild notices a new one. What leads nowhere, what
    /// is not an image and what no page names are warnings naming the file.
    @Test func pagesShowTheImagesBesideThem() throws {
        let folder = try site()
        try folder.write(
            "# About\n\n![Me](me.png) [CV](cv.pdf) [Gone](gone.jpg) [Travel](../travel/index.html)\n",
            to: "pages/about.md")
        try folder.write(TinyPNG.make(width: 40, height: 40), to: "pages/me.png")
        try folder.write("%PDF-1.4\n", to: "pages/cv.pdf")
        try folder.write("notes\n", to: "pages/notes.txt")
        let run = try build(folder)
        #expect(run.stderr.contains("pages/about.md: warning: 'gone.jpg' leads nowhere"), "\(run.stderr)")
        #expect(run.stderr.contains("pages/cv.pdf: warning: not published: only images"), "\(run.stderr)")
        #expect(run.stderr.contains("pages/notes.txt: warning: not published: no page"), "\(run.stderr)")
        #expect(!run.stderr.contains("'../travel"), "\(run.stderr)")
        let page = try folder.read("_site/about/index.html")
        #expect(page.contains(#"<img src="me.png" alt="Me" />"#), "\(page)")
        let published = try Data(contentsOf: folder.url.appendingPathComponent("_site/about/me.png"))
        #expect(published.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(!folder.exists("_site/about/cv.pdf") && !folder.exists("_site/about/notes.txt"))
        // A new image under the same name: published again, though no page changed.
        try folder.write(TinyPNG.make(width: 50, height: 50), to: "pages/me.png")
        let rebuilt = try build(folder)
        #expect(!rebuilt.stdout.contains("up to date"), "\(rebuilt.stdout)")
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("_site/about/me.png")) != published)
    }

    @Test func rebuildsNoticeAddedChangedAndRemovedPages() throws {
        let folder = try site()
        try build(folder)
        let upToDate = try build(folder)
        #expect(upToDate.stdout.contains("up to date") || upToDate.stderr.contains("up to date"))
        try folder.write("# Prints\n\nSold out.\n", to: "pages/prints.md")
        try folder.write("# News\n", to: "pages/news.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("pages/about.md"))
        try build(folder)
        #expect(try folder.read("_site/prints/index.html").contains("<p>Sold out.</p>"))
        #expect(folder.exists("_site/news/index.html"))
        #expect(!folder.exists("_site/about/index.html"))
        #expect(!folder.exists("_site/about"))
        // Album pages' menus follow.
        let travel = menu(menuBlock(try folder.read("_site/travel/index.html")))
        #expect(travel.contains("News ../news/index.html"))
        #expect(!travel.contains { $0.hasPrefix("About me") })
    }
}
