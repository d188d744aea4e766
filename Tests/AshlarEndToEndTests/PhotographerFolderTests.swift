import AshlarTestSupport
import Foundation
import Testing

/// A folder straight off cameras and phones, with no configuration and one sidecar
/// (`Fixtures/photographer-folder/make-fixtures.sh`, its `camera` part): the built pages show the
/// camera details the files carry as photographers write them, and titles made from the names
/// people gave the files, never from the names cameras invent.
@Suite(.tags(.slow, .referenceTools)) struct PhotographerFolderTests {
    static let source = Ashlar.packageRoot.appendingPathComponent(
        "Tests/AshlarEndToEndTests/Fixtures/photographer-folder/site/camera")

    /// Builds a copy of the camera photos, plus an album of one of them.
    static func build() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("ashlar-photographer")
        try folder.copy(source, to: "site/camera")
        try folder.copy(source.appendingPathComponent("Moody_Skies.jpeg"), to: "site/single/Moody_Skies.jpeg")
        let run = try Ashlar.run([
            "build", folder.url.appendingPathComponent("site").path, "--output",
            folder.url.appendingPathComponent("out").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        return folder
    }

    @Test(arguments: [
        // EXIF, and the file's XMP aux:Lens over its EXIF lens.
        PageCase(
            page: "camera/moody-skies",
            expected: ["SONY ILCE-7RM3", "Sony FE 35mm F1.8", "35 mm", "f/1.8", "1/4000 s", "ISO 1250"]),
        // The model says the make again; the sidecar's ISO outranks the EXIF's 100.
        PageCase(
            page: "camera/ete-a-l-ile",
            expected: ["Canon EOS R5", "RF24-105mm F4 L IS USM", "24 mm", "f/8", "1/250 s", "ISO 200"]),
        PageCase(
            page: "camera/img-1234",
            expected: [
                "Apple iPhone 13 Pro", "Back triple camera 5.7mm f/1.5", "5.7 mm (26 mm equiv.)", "f/1.5", "1/120 s",
                "\u{2212}2/3 EV", "ISO 50",
            ]),
        // XMP only: tiff:, exif: (ISO in an rdf:Seq) and exifEX: properties.
        PageCase(
            page: "camera/dsc01234",
            expected: ["NIKON Z 6", "NIKKOR Z 50mm f/1.8 S", "50 mm", "f/2.8", "1/60 s", "ISO 800"]),
    ])
    func cameraDetailsAsPhotographersWriteThem(_ check: PageCase) throws {
        let folder = try Self.build()
        let html = try folder.read("out/\(check.page)/index.html")
        let values = html.components(separatedBy: "<dd>").dropFirst().compactMap {
            $0.components(separatedBy: "</dd>").first
        }
        #expect(values == check.expected)
    }

    @Test(arguments: [
        PageCase(
            page: "camera/moody-skies",
            expected: [
                "<h1>Moody Skies</h1>", "<title>Moody Skies · Camera · ", #"aria-current="page">Moody Skies</a>"#,
                #"alt="Moody Skies""#, #"<span class="neighbour">Photo 2 of 4</span>"#,
                #"<span class="neighbour">Été à l&#39;île</span>"#,
            ]),
        PageCase(
            page: "camera/ete-a-l-ile",
            expected: [
                "<h1>Été à l&#39;île</h1>", "<title>Été à l&#39;île · Camera · ",
                #"aria-current="page">Été à l&#39;île</a>"#, #"alt="Été à l&#39;île""#,
                #"<span class="neighbour">Moody Skies</span>"#,
            ]),
        PageCase(
            page: "camera/img-1234",
            expected: [
                "<h1>Photo 2 of 4</h1>", "<title>Photo 2 of 4 · Camera · ", #"aria-current="page">Photo 2 of 4</a>"#,
                #"alt="Photo 2 of 4""#, #"<span class="neighbour">Photo 1 of 4</span>"#,
                #"<span class="neighbour">Moody Skies</span>"#,
            ]),
        PageCase(
            page: "camera/dsc01234",
            expected: [
                "<h1>Photo 1 of 4</h1>", #"alt="Photo 1 of 4""#, #"<span class="neighbour">Photo 2 of 4</span>"#,
            ]),
        PageCase(
            page: "camera",
            expected: [
                #"alt="Moody Skies""#, #"alt="Été à l&#39;île""#, #"alt="Photo 1 of 4""#, #"alt="Photo 2 of 4""#,
                #"<span class="tile-title">Moody Skies</span>"#, #"<span class="tile-title">Été à l&#39;île</span>"#,
            ]),
    ])
    func titlesComeFromTheNamesPeopleGave(_ check: PageCase) throws {
        let folder = try Self.build()
        let html = try folder.read("out/\(check.page)/index.html")
        for text in check.expected { #expect(html.contains(text), "\(text)") }
    }

    @Test func albumTilesCountInTheSingular() throws {
        let folder = try Self.build()
        let html = try folder.read("out/index.html")
        #expect(html.contains(#"<span class="tile-count">1 photo</span>"#))
        #expect(html.contains(#"<span class="tile-count">4 photos</span>"#))
        #expect(!html.contains("1 photos"))
    }

    /// A title made from a file name is not alt text a person wrote: check still asks for it, and
    /// names the title the pages show instead.
    @Test(arguments: [
        ("Moody_Skies.jpeg", "one made from its file name, \"Moody Skies\""),
        ("IMG_1234.jpg", "a numbered one such as \"Photo 3 of 40\""),
        ("DSC01234.jpg", "a numbered one such as \"Photo 3 of 40\""),
        ("été-à-l'île.jpg.json", "one made from its file name, \"Été à l'île\""),
    ])
    func checkStillReportsMissingAltText(_ name: String, _ shown: String) throws {
        let folder = try TemporaryFolder("ashlar-photographer")
        try folder.copy(Self.source, to: "site/camera")
        let run = try Ashlar.run(["check", folder.url.appendingPathComponent("site").path])
        let warning =
            "warning: missing title and alt text (its pages show \(shown)); add 'title' and an 'alt' describing what the "
            + "photo shows"
        #expect(run.stderr.contains("camera/\(name): \(warning)"), "\(name): \(run.stderr)")
    }

    /// The whole folder, as the photographer hands it over: the portrait RAW (its preview has
    /// renditions) gets a photo page with its camera details, whose `sizes` follows the viewing
    /// mode's height (the viewport less 144 px of bars), and its tile and page carry its colours
    /// for the time the image loads.
    @Test func theWholeFolderLoadsWhatItShows() throws {
        let folder = try TemporaryFolder("ashlar-photographer")
        try folder.copy(Self.source.deletingLastPathComponent(), to: "site")
        let run = try Ashlar.run([
            "build", folder.url.appendingPathComponent("site").path, "--output",
            folder.url.appendingPathComponent("out").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try folder.read("out/raw/dsc-0001/index.html")
        // The camera details of a RAW come from the RAW's own EXIF.
        #expect(page.contains("SONY ILCE-7M3") && page.contains("1/250 s"), "\(page)")
        let sizes = try #require(
            page.firstMatch(of: /<figure class="photo" data-ashlar-photo>\n<img [^>]* sizes="([^"]*)"/)
        ).1
        // A portrait 1067 × 1600 fitted to 100vh less 144 px is 0.666875 × that wide.
        #expect(sizes == "min(100vw, calc(66.6875vh - 96.03px))", "\(sizes)")
        #expect(page.contains(#";--p:linear-gradient(#"#) || page.contains(#";--p:#"#), "no colours")
        let album = try folder.read("out/raw/index.html")
        #expect(album.contains(";--p:"), "no tile carries its photo's colours")
    }

    /// Renditions of a photo tagged with the standard sRGB profile carry none (a browser assumes
    /// sRGB); those of a Display P3 photo carry its profile byte for byte.
    @Test func renditionsKeepOnlyProfilesThatChangeColours() throws {
        let folder = try TemporaryFolder("ashlar-photographer")
        let colour = Self.source.deletingLastPathComponent().appendingPathComponent("colour")
        try folder.copy(colour, to: "site/colour")
        let run = try Ashlar.run([
            "build", folder.url.appendingPathComponent("site").path, "--output",
            folder.url.appendingPathComponent("out").path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent("out/colour").path)
        let p3 = try Data(
            contentsOf: Ashlar.packageRoot.appendingPathComponent(
                "Tests/AshlarImageTests/Fixtures/icc/display-p3-v4.icc"))
        let signature = Data("ICC_PROFILE\u{0}".utf8)
        for (stem, keeps) in [("Harbour_Dusk@", false), ("Neon_Sign@", true)] {
            let renditions = names.filter { $0.hasPrefix(stem) && $0.hasSuffix(".jpg") }
            #expect(renditions.count >= 2, "\(names)")
            for name in renditions {
                let bytes = try Data(contentsOf: folder.url.appendingPathComponent("out/colour/" + name))
                #expect((bytes.range(of: signature) != nil) == keeps, "\(name)")
                if keeps { #expect(bytes.range(of: p3) != nil, "\(name) does not carry the P3 profile whole") }
            }
        }
    }
}
