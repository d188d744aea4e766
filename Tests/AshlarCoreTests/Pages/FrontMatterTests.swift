import Testing

@testable import AshlarCore

/// A page's front matter: what it sets, and each error with its line and column.
@Suite struct FrontMatterTests {
    @Test(
        arguments: [
            ("# Just Markdown\n", nil, true, nil, 1),
            ("---\ntitle: About me\n---\nbody\n", "About me", true, nil, 4),
            ("---\r\ntitle: \"Quoted: yes\"\r\nmenu: false\r\n---\r\n", "Quoted: yes", false, nil, 5),
            ("---\n# a comment\n\nmenu: -3\n---\n", nil, true, -3, 6),
            ("---\nmenu: true\n---", nil, true, nil, 4),
        ] as [(String, String?, Bool, Int?, Int)])
    func reads(_ text: String, _ title: String?, _ inMenu: Bool, _ order: Int?, _ bodyLine: Int) throws {
        let (matter, _) = try FrontMatter.read(text, path: "pages/a.md").get()
        #expect(matter.title == title)
        #expect(matter.inMenu == inMenu)
        #expect(matter.menuOrder == order)
        #expect(matter.bodyLine == bodyLine)
    }

    @Test func theBodyFollowsTheClosingLine() throws {
        let (_, body) = try FrontMatter.read("---\ntitle: A\n---\n# Heading\n", path: "a.md").get()
        #expect(body == "# Heading\n")
    }

    @Test(arguments: [
        ("---\ntitle: A\n", 1, 1, "the front matter has no closing '---' line"),
        ("---\ntitle A\n---\n", 2, 1, "expected 'key: value' or '---' in the front matter"),
        (
            "---\nmenu:  soon\n---\n", 2, 8,
            "'menu' must be true, false or a whole number (its place in the menu), found \"soon\""
        ),
        (
            "---\nmenu: 1.5\n---\n", 2, 7,
            "'menu' must be true, false or a whole number (its place in the menu), found \"1.5\""
        ),
        ("---\ntitle:\n---\n", 2, 7, "'title' must not be empty"),
        (
            "---\ntitle: A\nmneu: 2\n---\n", 3, 1,
            "unknown front matter key \"mneu\"; did you mean 'menu'? (pages know 'title' and 'menu')"
        ),
    ])
    func errorsNameTheirPlace(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        guard case .failure(let error) = FrontMatter.read(text, path: "pages/a.md") else {
            Issue.record("no error")
            return
        }
        #expect(error == FrontMatterError(line: line, column: column, message: message))
    }

    @Test func pagesSharingAFolderOrTakingAnotherAreErrors() {
        let sources = [
            PageSource(fileName: "About.md", displayPath: "pages/About.md", bytes: Array("# A\n".utf8)),
            PageSource(fileName: "about.md", displayPath: "pages/about.md", bytes: Array("# B\n".utf8)),
            PageSource(fileName: "travel.md", displayPath: "pages/travel.md", bytes: Array("# T\n".utf8)),
            PageSource(fileName: "zed.md", displayPath: "pages/zed.md", bytes: Array("---\nmenu: 1\n---\nz\n".utf8)),
        ]
        let (pages, diagnostics) = SitePage.readAll(sources, allowsRawHTML: false, taken: ["travel": "the album 'T'"])
        #expect(pages.map(\.folder) == ["zed", "about"])
        #expect(pages.map(\.title) == ["zed", "A"])
        #expect(
            diagnostics.map(\.description) == [
                "pages/about.md: error: the page would be published at 'about/', as 'pages/About.md' is; rename one",
                "pages/travel.md: error: the page would be published at 'travel/', where the site has the album 'T'; "
                    + "rename the page",
            ])
    }
}
