import Testing

@testable import AshlarCore

/// Which link and image destinations of a page name a file in the page's own folder, where the
/// files of `pages/` it shows are published.
@Suite struct PageAttachmentTests {
    @Test(
        arguments: [
            ("me.jpg", "me.jpg"),
            ("./me.jpg", "me.jpg"),
            ("me%20and%20you.jpg", "me and you.jpg"),
            ("cv.pdf#page=2", "cv.pdf"),
            ("me.jpg?v=2", "me.jpg"),
            ("img/me.jpg", "img/me.jpg"),
            ("../travel/index.html", nil),
            ("/about/me.jpg", nil),
            ("https://example.com/me.jpg", nil),
            ("mailto:me@example.com", nil),
            ("#top", nil),
            ("", nil),
            ("a/../b.jpg", nil),
            ("a//b.jpg", nil),
            ("%ZZ", nil),
        ] as [(String, String?)])
    func localFile(_ destination: String, _ expected: String?) {
        #expect(PageAttachment.localFile(destination) == expected)
    }

    @Test func aPageListsTheFilesItNamesOnce() throws {
        let source = PageSource(
            fileName: "about.md", displayPath: "pages/about.md",
            bytes: Array(
                "![Me](me.jpg) [CV](cv.pdf) ![Me again](me.jpg) [Travel](../travel/) [Web](https://a.b/c.jpg)\n".utf8))
        let page = try SitePage.read(source, allowsRawHTML: false).get()
        #expect(page.localFiles == ["me.jpg", "cv.pdf"])
    }
}
