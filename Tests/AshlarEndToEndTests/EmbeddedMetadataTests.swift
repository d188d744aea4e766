import AshlarTestSupport
import Foundation
import Testing

/// The fixture site of images whose metadata exiftool wrote into them in the styles of Lightroom,
/// Apple Photos, Windows and an older IIM-only tool, plus PNG, WebP, GIF and AVIF with XMP
/// (`Fixtures/embedded-metadata/make-fixtures.sh`): the built pages show what the files carry.
@Suite struct EmbeddedMetadataTests {
    static let source = Ashlar.packageRoot.appendingPathComponent(
        "Tests/AshlarEndToEndTests/Fixtures/embedded-metadata/site")

    /// Builds a copy of the fixture site with `configuration` as its `ashlar.json`, plus
    /// `"publishAsIs": ["avif"]`: Ashlar cannot rewrite an AVIF's metadata, and these tests read
    /// what it shows of it.
    static func build(configuration: String = "{}", arguments: [String] = []) throws -> (TemporaryFolder, Ashlar.Run) {
        let folder = try TemporaryFolder("ashlar-embedded")
        try folder.copy(source, to: "site")
        let withAVIF = #"{"publishAsIs": ["avif"]"# + (configuration == "{}" ? "}" : ", " + configuration.dropFirst())
        try folder.write(withAVIF, to: "site/ashlar.json")
        let run = try Ashlar.run(
            [
                "build", folder.url.appendingPathComponent("site").path, "--output",
                folder.url.appendingPathComponent("out").path,
            ]
                + arguments)
        return (folder, run)
    }

    /// Each keyword links to its page (`TagPagesTests`), so the pages show `>NAME</a></li>`.
    @Test(arguments: [
        PageCase(
            page: "styles/lightroom/index.html",
            expected: [
                "<h1>Harbour at dawn</h1>", #"alt="Three small fishing boats on calm water under a pink sky""#,
                #"<p class="caption">Fishing boats leave the harbour before sunrise.</p>"#,
                #"<p id="long-description">The boats are in a line from left to right; the sky fades from pink to blue.</p>"#,
                ">harbour</a></li>", ">boats</a></li>", ">Porto</a></li>",
                #"<p class="credit">Photo: Ada Lovelace</p>"#,
                #"<p class="credit">© 2024 Ada Lovelace</p>"#,
                #"<a href="https://creativecommons.org/licenses/by/4.0/" rel="license">"#,
            ]),
        PageCase(
            page: "styles/apple-photos/index.html",
            expected: [
                "<h1>Café à Montmartre</h1>", #"<p class="caption">Un café à Montmartre.</p>"#, ">café</a></li>",
            ]),
        PageCase(
            page: "styles/windows/index.html",
            expected: [
                "<h1>Dunes at noon</h1>", #"<p class="caption">Wind ripples on the dunes.</p>"#, ">sand</a></li>",
                ">desert</a></li>", #"<p class="credit">Photo: Grace Hopper</p>"#,
                #"<p class="credit">© Grace Hopper</p>"#,
            ]),
        PageCase(
            page: "styles/iim-latin1/index.html",
            expected: [
                "<h1>Fête de la musique</h1>", #"<p class="caption">Musiciens dans la rue, à Lyon.</p>"#,
                ">fête</a></li>",
                #"<p class="credit">Photo: Zoë Martin</p>"#,
            ]),
        PageCase(
            page: "styles/xmp-in-png/index.html",
            expected: ["<h1>Title from the png XMP</h1>", #"alt="Alt text from the png XMP""#, ">png</a></li>"]),
        PageCase(
            page: "styles/xmp-in-webp/index.html",
            expected: ["<h1>Title from the webp XMP</h1>", #"alt="Alt text from the webp XMP""#, ">webp</a></li>"]),
        PageCase(
            page: "styles/xmp-in-gif/index.html",
            expected: ["<h1>Title from the gif XMP</h1>", #"alt="Alt text from the gif XMP""#, ">gif</a></li>"]),
        PageCase(
            page: "styles/xmp-in-avif/index.html",
            expected: ["<h1>Title from the avif XMP</h1>", #"alt="Alt text from the avif XMP""#, ">avif</a></li>"]),
        PageCase(page: "styles/sidecar-wins/index.html", expected: ["<h1>Sidecar title</h1>", "Embedded caption"]),
        PageCase(
            page: "styles/extended/index.html", expected: ["<h1>Extended</h1>", "word0 word1 word2", "word1000 "]),
    ])
    func pagesShowWhatTheFilesCarry(pageCase: PageCase) throws {
        let (folder, run) = try Self.build()
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("out/" + pageCase.page)
        for text in pageCase.expected {
            #expect(page.contains(text), "\(pageCase.page) lacks \(text)")
        }
        #expect(!page.contains("Embedded title"))
    }

    @Test func embeddedTitlesAndAltTextSilenceTheMissingTextWarnings() throws {
        let (_, run) = try Self.build()
        for name in [
            "lightroom.jpg", "xmp-in-png.png", "xmp-in-webp.webp", "xmp-in-gif.gif", "xmp-in-avif.avif", "extended.jpg",
        ] {
            #expect(!run.stderr.contains("styles/\(name): warning: missing"), "\(run.stderr)")
        }
        #expect(run.stderr.contains("styles/windows.jpg: warning: missing alt text"))
    }

    @Test func locationIsNeverPublishedAndPlaceNamesOnlyWhenAskedFor() throws {
        let (folder, run) = try Self.build(configuration: #"{"baseURL": "https://example.com/"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("out/styles/lightroom/index.html")
        for text in ["Porto, Norte", "Ribeira", "Portugal", "41.14", "8.61", "GPS"] {
            #expect(!page.contains(text), "\(text) is published")
        }
        #expect(!(try folder.read("out/feed.xml")).contains("41.14"))
        // Too small for renditions, the image is published as a copy without its location: the
        // build has no place to warn about (PrivacyTests reads such copies with exiftool).
        #expect(!run.stderr.contains("styles/lightroom.jpg: warning: it records"), "\(run.stderr)")
        #expect(!run.stderr.contains("xmp-in-png.png: warning: it records"))

        let (shown, shownRun) = try Self.build(configuration: #"{"showPlace": true}"#)
        #expect(shownRun.status == 0, "\(shownRun.stderr)")
        let shownPage = try shown.read("out/styles/lightroom/index.html")
        #expect(
            shownPage.contains(
                #"<p class="place"><a href="../../places/ribeira-porto-norte-portugal/index.html">Ribeira, Porto, Norte, Portugal</a></p>"#
            ))
        #expect(try shown.read("out/styles/iim-latin1/index.html").contains(#">Lyon, France</a></p>"#))
        #expect(!shownPage.contains("41.14"))
    }

    @Test func photoCreditsOverrideTheSiteInJSONLDAndTheFeed() throws {
        let (folder, run) = try Self.build(
            configuration: #"{"baseURL": "https://example.com/", "author": "Site Author", "copyright": "Site rights"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("out/styles/lightroom/index.html")
        #expect(page.contains(#""creator":{"@type":"Person","name":"Ada Lovelace"}"#))
        #expect(page.contains(#""copyrightNotice":"© 2024 Ada Lovelace""#))
        #expect(page.contains(#""license":"https://creativecommons.org/licenses/by/4.0/""#))
        let other = try folder.read("out/styles/xmp-in-png/index.html")
        #expect(other.contains(#""creator":{"@type":"Person","name":"Site Author"}"#))
        let feed = try folder.read("out/feed.xml")
        #expect(feed.contains("<author><name>Ada Lovelace</name></author>"))
        #expect(feed.contains("<rights>© 2024 Ada Lovelace</rights>"))
    }

    @Test func minRatingPublishesOnlyPicksAndSaysWhatItLeftOut() throws {
        let (folder, run) = try Self.build(configuration: #"{"minRating": 3}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exists("out/ratings/rated-5/index.html"))
        #expect(folder.exists("out/ratings/rated-3/index.html"))
        for name in ["rated-1", "rejected", "unrated"] {
            #expect(!folder.exists("out/ratings/\(name)/index.html"), "\(name) is published")
        }
        // A photo left out gives nothing away: no location warning for the rejected one, which
        // records one; nor for the published Lightroom photo, published as a copy without it.
        #expect(!run.stderr.contains("rejected.jpg: warning: it records where"), "\(run.stderr)")
        #expect(!run.stderr.contains("lightroom.jpg: warning: it records where"), "\(run.stderr)")
        // Only the Lightroom photo outside the ratings album is rated (4).
        #expect(run.stdout.contains("; 12 photos left out by minRating 3: 1 rejected, 1 rated below 3, 10 unrated"))

        let check = try Ashlar.run(["check", folder.url.appendingPathComponent("site").path])
        #expect(check.stdout.contains("12 photos left out by minRating 3"), "\(check.stdout)")
        let json = try Ashlar.run([
            "build", folder.url.appendingPathComponent("site").path, "--json", "--output",
            folder.url.appendingPathComponent("out").path,
        ])
        #expect(json.stdout.contains(#""leftOut" : "12 photos left out by minRating 3"#), "\(json.stdout)")
    }

    @Test func strictReportsWhereIIMAndXMPDisagree() throws {
        let (_, quiet) = try Self.build()
        #expect(!quiet.stderr.contains("disagree"))
        let (_, strict) = try Self.build(arguments: ["--strict"])
        #expect(strict.status == 1)
        #expect(
            strict.stderr.contains(
                #"styles/apple-photos.jpg: warning: its IPTC-IIM and XMP disagree on the title ("Café (old title)" and "Café à Montmartre"); the XMP is used"#
            ), "\(strict.stderr)")
        #expect(!strict.stderr.contains("lightroom.jpg: warning: its IPTC-IIM"), "\(strict.stderr)")
    }
}
