import AshlarTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Characters XML 1.0 forbids (U+FFFE, U+FFFF, C0 controls but tab, LF and CR) may sit in any
/// sidecar or in `ashlar.json`; `feed.xml` and `sitemap.xml` must still parse.
@Suite struct XMLCharacterTests {
    @Test func forbiddenCharactersInTitlesLeaveTheFeedAndSitemapWellFormed() throws {
        let folder = try TemporaryFolder("ashlar-xml-characters")
        try folder.write(
            #"{"title": "Site \uFFFE\u0001 \uFFFF", "author": "A\u0002da", "baseURL": "https://example.com/"}"#,
            to: "ashlar.json")
        try folder.write(TinyPNG.make(width: 30, height: 20), to: "trip/a\u{FFFF}.png")
        try folder.write(
            #"{"title": "Odd \uFFFE and \u0001", "alt": "A card", "caption": "x\uFFFF\u001F", "date": "2024-06-01T10:00:00Z"}"#,
            to: "trip/a\u{FFFF}.png.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        for file in ["feed.xml", "sitemap.xml"] {
            let data = try Data(contentsOf: folder.url.appendingPathComponent("_site/" + file))
            let parser = XMLParser(data: data)
            #expect(parser.parse(), "\(file): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        let feed = try folder.read("_site/feed.xml")
        #expect(feed.contains("<title>Odd \u{FFFD} and \u{FFFD}</title>"))
        #expect(feed.contains("<title>Site \u{FFFD}\u{FFFD} \u{FFFD}</title>"))
        #expect(!feed.unicodeScalars.contains { $0 == "\u{FFFE}" || $0 == "\u{FFFF}" || $0 == "\u{01}" })
    }
}
