import AshlarTestSupport
import Foundation
import Testing

/// A site in the photographer's language (issue 43, item 3): `language` in `ashlar.json` sets
/// `<html lang>`, the theme's words and the date format; counts and positions say whether they
/// count photos or videos; changing the language renders the pages again and makes no rendition.
@Suite struct LanguageTests {
    static let videos = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarImageTests/Fixtures/Video")

    /// An album of two untitled photos taken on 2020-02-01 at 17:52 and a video, in `language`.
    static func site(language: String, width: Int = 60) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-language")
        try folder.write(#"{"title": "Voyage", "language": "\#(language)"}"#, to: "ashlar.json")
        for n in 1...2 {
            try folder.write(TinyPNG.make(width: width, height: width * 2 / 3), to: "trip/IMG_000\(n).png")
            try folder.write(
                #"{"alt": "Test card \#(n)", "date": "2020-02-01T17:52:00", "tags": ["sea"]}"#,
                to: "trip/IMG_000\(n).png.json")
        }
        try folder.copy(videos.appendingPathComponent("android.mp4"), to: "trip/IMG_0003.mp4")
        try folder.write(#"{"alt": "Waves on a beach"}"#, to: "trip/IMG_0003.mp4.json")
        return folder
    }

    struct Expected: Sendable, CustomStringConvertible {
        var language: String
        var date: String
        var count: String
        var firstPosition: String
        var videoPosition: String
        var next: String
        /// The site menu's label and the front page's link to the keyword index.
        var siteMenu: String
        var allTags: String

        var description: String { language }
    }

    static let cases = [
        Expected(
            language: "fr", date: "1 f\u{E9}vr. 2020, 17:52", count: "2 photos, 1 vid\u{E9}o",
            firstPosition: "Photo 1 sur 3 dans", videoPosition: "Vid\u{E9}o 3 sur 3 dans", next: "Suivante",
            siteMenu: "Site", allTags: "Tous les mots-cl\u{E9}s"),
        Expected(
            language: "ja", date: "2020/02/01 17:52",
            count: "\u{5199}\u{771F}2\u{679A}\u{3001}\u{52D5}\u{753B}1\u{672C}",
            firstPosition: "\u{5199}\u{771F} 1/3 \u{30A2}\u{30EB}\u{30D0}\u{30E0}\u{FF1A}",
            videoPosition: "\u{52D5}\u{753B} 3/3 \u{30A2}\u{30EB}\u{30D0}\u{30E0}\u{FF1A}", next: "\u{6B21}\u{3078}",
            siteMenu: "\u{30B5}\u{30A4}\u{30C8}", allTags: "\u{3059}\u{3079}\u{3066}\u{306E}\u{30BF}\u{30B0}"),
        Expected(
            language: "en", date: "Feb 1, 2020, 5:52\u{202F}PM", count: "2 photos, 1 video",
            firstPosition: "Photo 1 of 3 in", videoPosition: "Video 3 of 3 in", next: "Next", siteMenu: "Site",
            allTags: "All tags"),
    ]

    @Test(arguments: cases)
    func pagesSpeakTheSitesLanguage(expected: Expected) throws {
        let folder = try Self.site(language: expected.language)
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let front = try folder.read("_site/index.html")
        #expect(front.contains(#"<html lang="\#(expected.language)">"#))
        #expect(front.contains(#"<span class="tile-count">\#(expected.count)</span>"#), "\(front)")
        #expect(front.contains(#"<nav class="site-menu" aria-label="\#(expected.siteMenu)">"#), "\(front)")
        #expect(front.contains(#"<li><a href="tags/index.html">\#(expected.allTags)</a></li>"#), "\(front)")
        let photo = try folder.read("_site/trip/img-0001/index.html")
        #expect(photo.contains(#"<html lang="\#(expected.language)">"#))
        #expect(photo.contains(#"<time datetime="2020-02-01T17:52:00">\#(expected.date)</time>"#), "\(photo)")
        #expect(photo.contains(#"<p class="position">\#(expected.firstPosition) <a"#), "\(photo)")
        #expect(photo.contains(#"<span class="direction">\#(expected.next)</span>"#))
        let video = try folder.read("_site/trip/img-0003/index.html")
        #expect(video.contains(#"<p class="position">\#(expected.videoPosition) <a"#), "\(video)")
    }

    /// `words` replaces the language's own; the rest stay.
    @Test func wordsOverrideTheLanguage() throws {
        let folder = try Self.site(language: "fr")
        try folder.write(
            #"{"title": "Voyage", "language": "fr", "words": {"next": "Suivant", "photoPosition": "Cliché {position}/{count}"}}"#,
            to: "ashlar.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let photo = try folder.read("_site/trip/img-0001/index.html")
        #expect(photo.contains(#"<span class="direction">Suivant</span>"#))
        #expect(photo.contains("<p class=\"position\">Clich\u{E9} 1/3 dans <a"), "\(photo)")
        #expect(photo.contains("<h1>Clich\u{E9} 1/3</h1>"))
        #expect(photo.contains("<p>Cr\u{E9}\u{E9} avec Ashlar</p>"))
    }

    /// `dateFormat` brings back the unambiguous dates Ashlar wrote before it spoke languages.
    @Test func dateFormatReplacesTheLanguagesPatterns() throws {
        let folder = try Self.site(language: "en")
        try folder.write(
            #"{"language": "en", "dateFormat": {"date": "y-MM-dd", "time": "HH:mm", "dateTime": "{1} {0}"}}"#,
            to: "ashlar.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let photo = try folder.read("_site/trip/img-0001/index.html")
        #expect(photo.contains(#"<time datetime="2020-02-01T17:52:00">2020-02-01 17:52</time>"#), "\(photo)")
    }

    @Test func anUnknownWordStopsTheBuild() throws {
        let folder = try Self.site(language: "fr")
        try folder.write(#"{"language": "fr", "words": {"nxt": "Suivant"}}"#, to: "ashlar.json")
        let run = try Ashlar.run(["build", folder.url.path])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "ashlar.json:1:30: error: 'words.nxt' is not one of the theme's words; did you mean 'words.next'?"),
            "\(run.stderr)")
    }

    /// Another language renders every page again, in it, and makes no rendition again.
    @Test func changingTheLanguageRendersPagesAndReusesRenditions() throws {
        let folder = try Self.site(language: "en", width: 1200)
        let first = try Ashlar.run(["build", folder.url.path])
        #expect(first.status == 0, "\(first.stderr)")
        let match = try #require(first.stdout.firstMatch(of: /; (\d+) renditions made/), "\(first.stdout)")
        let made = try #require(Int(match.1))
        #expect(made > 0)
        #expect(try folder.read("_site/trip/img-0001/index.html").contains("Photo 1 of 3 in"))

        try folder.write(#"{"title": "Voyage", "language": "de"}"#, to: "ashlar.json")
        let second = try Ashlar.run(["build", folder.url.path])
        #expect(second.stdout.contains("; 0 renditions made, \(made) reused)"), "\(second.stdout)")
        #expect(try folder.read("_site/trip/img-0001/index.html").contains("Foto 1 von 3 in"))
        #expect(try folder.read("_site/index.html").contains(#"<html lang="de">"#))

        try folder.write(#"{"title": "Voyage", "language": "de", "words": {"inAlbum": "im Album"}}"#, to: "ashlar.json")
        let third = try Ashlar.run(["build", folder.url.path])
        #expect(third.stdout.contains("; 0 renditions made, \(made) reused)"), "\(third.stdout)")
        #expect(try folder.read("_site/trip/img-0001/index.html").contains("Foto 1 von 3 im Album <a"))
    }
}
