import AshlarTestSupport
import Foundation
import Testing

/// `--base-url` publishes a build at another address than `baseURL` in `ashlar.json` (a deploy
/// preview): every absolute link follows it, it is checked as `baseURL` is, and going back to the
/// configured address rebuilds what it changed.
@Suite struct BaseURLOptionTests {
    static func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-base-url")
        try folder.write(#"{"title": "T", "baseURL": "https://example.com/photos/"}"#, to: "site/ashlar.json")
        try folder.write(TinyPNG.make(width: 4, height: 3), to: "site/a.png")
        try folder.write(#"{"title": "A", "alt": "A square", "date": "2024-06-01"}"#, to: "site/a.png.json")
        return folder
    }

    @Test func overridesTheConfiguredAddressEverywhere() throws {
        let folder = try Self.site()
        let preview = try Ashlar.run(
            ["build", "site", "--base-url", "https://pr-42.example.net/preview"], in: folder.url)
        #expect(preview.status == 0, "\(preview.stderr)")
        let index = try folder.read("site/_site/index.html")
        #expect(index.contains(#"<link rel="canonical" href="https://pr-42.example.net/preview/">"#))
        for file in [
            "site/_site/index.html", "site/_site/a/index.html", "site/_site/sitemap.xml", "site/_site/feed.xml",
        ] {
            #expect(
                !(try folder.read(file)).contains("https://example.com/photos/"), "\(file) keeps the configured URL")
        }

        let back = try Ashlar.run(["build", "site"], in: folder.url)
        #expect(back.status == 0)
        #expect(!back.stdout.contains("(up to date)"), "\(back.stdout)")
        #expect(try folder.read("site/_site/index.html").contains(#"href="https://example.com/photos/""#))
    }

    @Test(arguments: [
        ("ftp://example.com/", "must be an absolute http(s) URL"), ("https://example.com/a b/", "must be an absolute"),
        ("https://user:secret@example.com/", "must not hold a user name or password"),
    ])
    func refusesWhatBaseURLRefuses(url: String, words: String) throws {
        let folder = try Self.site()
        let run = try Ashlar.run(["build", "site", "--base-url", url], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("--base-url: error: the URL \(words)"), "\(run.stderr)")
        #expect(!run.stderr.contains("secret"))
        #expect(!folder.exists("site/_site/index.html"))
    }
}
