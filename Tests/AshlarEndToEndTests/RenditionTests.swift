import AshlarTestSupport
import Foundation
import Testing

/// Renditions made by the build, checked by reading the files it writes, with exiftool and
/// Pillow as the references: the fixture site (`Fixtures/renditions/make-fixtures.py`) is a
/// folder of JPEGs and PNGs with no sidecars, in orientations 3, 6 and 8, CMYK, progressive,
/// truncated, with GPS and a Display P3 profile, with alpha, and too small for renditions.
@Suite(.tags(.slow), .serialized) struct RenditionTests {
    static let fixtures = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarEndToEndTests/Fixtures/renditions")
    static let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")
    static let python = URL(fileURLWithPath: "/usr/bin/env")
    static var toolsInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: exiftool.path)
            && ((try? Ashlar.run(python, ["python3", "-c", "import PIL"]).status) == 0)
    }

    /// A copy of the fixture site in `folder/name`, built into `folder/name/_site` with its cache
    /// in `folder/cache`, and what the build printed.
    @discardableResult
    static func build(_ folder: TemporaryFolder, _ name: String = "site", arguments: [String] = []) throws -> Ashlar.Run
    {
        let site = folder.url.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: site.path) {
            try folder.copy(fixtures.appendingPathComponent("site"), to: name)
        }
        return try Ashlar.run(
            ["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path] + arguments)
    }

    static func files(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Pillow's view of an image: width, height, mode, and the RGB of two points near the top
    /// corners.
    static func look(_ file: URL) throws -> String {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            rgb = im.convert("RGB")
            print(im.size[0], im.size[1], im.mode, rgb.getpixel((4, 4)), rgb.getpixel((im.size[0] - 5, 4)))
            """
        let run = try Ashlar.run(python, ["python3", "-c", script, file.path])
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func metadata(_ file: URL, _ tags: [String]) throws -> String {
        let run = try Ashlar.run(exiftool, ["-s", "-s", "-n"] + tags + [file.path])
        return run.stdout
    }

    @Test(.enabled(if: RenditionTests.toolsInstalled || RequiredTool.inCI, "needs exiftool and Pillow"))
    func everyLocalJPEGAndPNGGetsRenditionsThatAreUprightPrivateAndFaithful() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-renditions")
        let run = try Self.build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("renditions made, 0 reused)"), "\(run.stdout)")
        let output = folder.url.appendingPathComponent("site/_site")
        let names = try Self.files(output)
        // The originals are not published, except the one too small for renditions and the
        // truncated one, which cannot be decoded whole.
        for original in ["cmyk.jpg", "gps-p3.jpg", "opaque.png", "orientation-6.jpg", "transparent.png"] {
            #expect(!names.contains(original), "\(original) was published")
        }
        #expect(names.contains("small.jpg"))
        #expect(names.contains("truncated.jpg"))
        #expect(run.stderr.contains("truncated.jpg: warning: cannot make renditions (JPEG data ends early"))
        #expect(!names.contains { $0.hasPrefix("truncated@") })

        // Upright: red at the top left, green at the top right, at the upright size.
        for orientation in [3, 6, 8] {
            let widest = try #require(names.first { $0.hasPrefix("orientation-\(orientation)@800w.") })
            let look = try Self.look(output.appendingPathComponent(widest))
            #expect(look.hasPrefix("800 600 RGB (2"), "\(widest): \(look)")
            #expect(look.contains("(230, 2") && look.hasSuffix("(20, 200, 39)"), "\(widest): \(look)")
            let tags = try Self.metadata(output.appendingPathComponent(widest), ["-Orientation", "-EXIF:all"])
            #expect(tags.isEmpty, "\(widest) carries \(tags)")
        }
        // CMYK becomes RGB; alpha stays, in a PNG; an opaque PNG becomes a JPEG.
        let cmyk = try #require(names.first { $0.hasPrefix("cmyk@700w.") && $0.hasSuffix(".jpg") })
        #expect(try Self.look(output.appendingPathComponent(cmyk)).hasPrefix("700 500 RGB"))
        #expect(names.contains { $0.hasPrefix("transparent@640w.") && $0.hasSuffix(".png") })
        let transparent = try #require(names.first { $0.hasPrefix("transparent@640w.") })
        #expect(try Self.look(output.appendingPathComponent(transparent)).hasPrefix("640 400 RGBA"))
        #expect(names.contains { $0.hasPrefix("opaque@640w.") && $0.hasSuffix(".jpg") })
        #expect(names.contains { $0.hasPrefix("progressive@900w.") })

        // No location anywhere; the P3 profile byte for byte in every rendition of that photo.
        let located = try Ashlar.run(Self.exiftool, ["-r", "-s", "-gps:all", "-xmp-exif:all", output.path])
        #expect(!located.stdout.contains("GPS"), "\(located.stdout)")
        let profile = try Data(contentsOf: Self.fixtures.appendingPathComponent("display-p3.icc"))
        let p3 = names.filter { $0.hasPrefix("gps-p3@") }
        #expect(p3.count == 4)
        for name in p3 {
            let icc = try Ashlar.run(Self.exiftool, ["-b", "-ICC_Profile", output.appendingPathComponent(name).path])
            #expect(icc.stdoutBytes == profile, "\(name) lost its profile")
            #expect(try Self.metadata(output.appendingPathComponent(name), ["-EXIF:all", "-XMP:all"]).isEmpty)
        }
        // The source had a location, but nothing publishes it: no warning.
        #expect(!run.stderr.contains("gps-p3.jpg: warning: it records where it was taken"), "\(run.stderr)")
    }

    /// Every `srcset` candidate is a published file exactly as wide as its descriptor says; tiles
    /// keep the photo's own width and height (no layout shift) and sharing uses a real size.
    @Test(.enabled(if: RenditionTests.toolsInstalled || RequiredTool.inCI, "needs exiftool and Pillow"))
    func srcsetWidthsMatchTheFiles() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        try folder.write(#"{"baseURL": "https://example.com/"}"#, to: "site/ashlar.json")
        #expect(try Self.build(folder).status == 0)
        let output = folder.url.appendingPathComponent("site/_site")
        var checked = 0
        for page in ["index.html", "gps-p3/index.html", "orientation-6/index.html", "transparent/index.html"] {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let pageFolder = output.appendingPathComponent(page).deletingLastPathComponent()
            for match in html.matches(of: /srcset="([^"]+)"/) {
                for candidate in match.1.split(separator: ",") {
                    let parts = candidate.split(separator: " ")
                    let file = pageFolder.appendingPathComponent(String(parts[0])).standardizedFileURL
                    let width = try #require(Int(parts[1].dropLast()))
                    let look = try Self.look(file)
                    #expect(look.hasPrefix("\(width) "), "\(parts[0]) is \(look), said \(width)w")
                    checked += 1
                }
            }
        }
        #expect(checked >= 20)
        let album = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(album.contains(#"width="1000" height="700""#))
        #expect(album.contains(#"width="800" height="600""#))
        // The tile's fallback src is a middling rendition, not the largest.
        #expect(album.contains(#"<img src="gps-p3@634w."#), "\(album)")
        let page = try String(contentsOf: output.appendingPathComponent("gps-p3/index.html"), encoding: .utf8)
        #expect(page.contains(#"<meta property="og:image:width" content="1000">"#))
        #expect(page.contains(#"<meta property="og:image:height" content="700">"#))
        #expect(page.contains(#"<img src="../gps-p3@1000w."#))
    }

    /// A no-op rebuild does nothing; a rebuild after a sidecar change reuses every rendition; a
    /// fresh copy of the source (new times) with the cache encodes nothing; a changed photo
    /// re-makes only its own; two cold builds are byte-identical.
    @Test(.enabled(if: RenditionTests.toolsInstalled || RequiredTool.inCI, "needs exiftool and Pillow"))
    func renditionsAreCachedByContent() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-renditions")
        let cold = try Self.build(folder)
        let match = try #require(cold.stdout.firstMatch(of: /; (\d+) renditions made/))
        let made = try #require(Int(match.1))
        #expect(made > 20)
        #expect(try Self.build(folder).stdout.contains("(up to date)"))

        try folder.write(#"{"title": "Upright", "alt": "Red and green squares"}"#, to: "site/orientation-6.jpg.json")
        let sidecar = try Self.build(folder)
        #expect(sidecar.stdout.contains("; 0 renditions made, \(made) reused)"), "\(sidecar.stdout)")

        // A fresh checkout: the same bytes, new modification times, the cache restored.
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "checkout")
        let fresh = try Self.build(folder, "checkout")
        #expect(fresh.stdout.contains("; 0 renditions made, \(made) reused)"), "\(fresh.stdout)")

        // One photo changes: only its renditions are made.
        let changed = folder.url.appendingPathComponent("site/progressive.jpg")
        var bytes = try Data(contentsOf: changed)
        bytes.append(contentsOf: [0xFF, 0xD9]) // after EOI: the same picture, other bytes
        try bytes.write(to: changed)
        let one = try Self.build(folder)
        #expect(one.stdout.contains("; 4 renditions made, \(made - 4) reused)"), "\(one.stdout)")

        // Two cold builds, each with its own cache, write the same bytes.
        let other = try TemporaryFolder("ashlar-renditions")
        #expect(try Self.build(other).status == 0)
        let again = try TemporaryFolder("ashlar-renditions")
        #expect(try Self.build(again).status == 0)
        let diff = try Ashlar.run(
            URL(fileURLWithPath: "/usr/bin/diff"),
            [
                "-r", other.url.appendingPathComponent("site/_site").path,
                again.url.appendingPathComponent("site/_site").path,
            ])
        #expect(diff.status == 0, "\(diff.stdout)")
        // What the output says of the build names no source path, time or diagnostic.
        let marker = try other.read("site/_site/.ashlar-manifest.json")
        #expect(!marker.contains(other.url.path) && !marker.contains("warning") && !marker.contains("c:"), "\(marker)")
    }

    /// Cache entries no build uses any more go, once they are old enough not to be another
    /// build's new work.
    @Test(.enabled(if: RenditionTests.toolsInstalled || RequiredTool.inCI, "needs exiftool and Pillow"))
    func unusedCacheEntriesArePruned() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-renditions")
        #expect(try Self.build(folder).status == 0)
        let cache = folder.url.appendingPathComponent("cache/renditions")
        func entries() throws -> [String] {
            try Self.files(cache).flatMap { sub in try Self.files(cache.appendingPathComponent(sub)) }
        }
        let before = try entries()
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/cmyk.jpg"))
        // Age every entry past the hour of grace.
        let old = Date(timeIntervalSinceNow: -7200)
        for sub in try Self.files(cache) {
            for name in try Self.files(cache.appendingPathComponent(sub)) {
                try FileManager.default.setAttributes(
                    [.modificationDate: old], ofItemAtPath: cache.appendingPathComponent(sub + "/" + name).path)
            }
        }
        #expect(try Self.build(folder).status == 0)
        let after = try entries()
        // cmyk.jpg's three renditions and their list.
        #expect(after.count == before.count - 4, "\(before.count) -> \(after.count)")
        #expect(Set(after).isSubset(of: Set(before)))
    }

    /// `"originals": "publish"` publishes the original without its location, and the photo page
    /// offers it for download.
    @Test(.enabled(if: RenditionTests.toolsInstalled || RequiredTool.inCI, "needs exiftool and Pillow"))
    func originalsArePublishedWithoutTheirLocationWhenAskedFor() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        try folder.write(#"{"originals": "publish"}"#, to: "site/ashlar.json")
        // A PNG with a place too, in its EXIF (eXIf) and its XMP, and a title that stays.
        let png = folder.url.appendingPathComponent("site/opaque.png")
        // In two runs: exiftool 12.57 writes neither GPSLatitude when one run sets both.
        for tags in [
            [
                "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
                "-Make=Ashlar",
            ],
            ["-XMP-exif:GPSLatitude=48.8584 N", "-XMP-exif:GPSLongitude=2.2945 E", "-XMP-dc:Title=A PNG with a place"],
        ] {
            let tagged = try Ashlar.run(Self.exiftool, ["-q", "-overwrite_original"] + tags + [png.path])
            try #require(tagged.status == 0, "\(tagged.stderr)")
        }
        let written = try Self.metadata(png, ["-a", "-G1", "-gps:all", "-xmp:all"])
        try #require(written.contains("[GPS] GPSLatitude") && written.contains("[XMP-exif] GPSLatitude"), "\(written)")
        let run = try Self.build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("records where it was taken"), "\(run.stderr)")
        let output = folder.url.appendingPathComponent("site/_site")
        let original = output.appendingPathComponent("gps-p3.jpg")
        #expect(FileManager.default.fileExists(atPath: original.path))
        let tags = try Self.metadata(original, ["-gps:all", "-Make", "-Model"])
        #expect(!tags.contains("GPS"), "\(tags)")
        #expect(tags.contains("Make: Ashlar"), "camera details stay: \(tags)")
        let page = try String(contentsOf: output.appendingPathComponent("gps-p3/index.html"), encoding: .utf8)
        #expect(page.contains(#"<a href="../gps-p3.jpg" download>Download original</a>"#))

        let publishedPNG = output.appendingPathComponent("opaque.png")
        let pngTags = try Self.metadata(publishedPNG, ["-a", "-gps:all", "-xmp:all", "-Make", "-Warning"])
        #expect(!pngTags.contains("GPS"), "\(pngTags)")
        #expect(!pngTags.contains("Warning"), "\(pngTags)")
        #expect(!pngTags.contains("Title: A PNG with a place"), "XMP is not on the allowlist: \(pngTags)")
        #expect(pngTags.contains("Make: Ashlar"), "the EXIF stays: \(pngTags)")
        // Losslessly: the same pixels.
        let script = """
            import sys
            from PIL import Image
            a, b = (Image.open(name) for name in sys.argv[1:3])
            print("same" if a.size == b.size and a.mode == b.mode and a.tobytes() == b.tobytes() else "different")
            """
        let compared = try Ashlar.run(Self.python, ["python3", "-c", script, png.path, publishedPNG.path])
        #expect(compared.stdout.hasPrefix("same"), "\(compared.stdout)\(compared.stderr)")
    }

    /// `serve` shows the first page at once, with the photos as they are, then makes the
    /// renditions in the background and the pages reload with them.
    @Test func serveShowsTheFirstPageAtOnceThenTheRenditions() throws {
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        let server = try ServeProcess(
            ["site", "--cache-dir", folder.url.appendingPathComponent("cache").path], in: folder)
        let first = try RawHTTP.get("/", port: server.port)
        #expect(first.status == 200)
        let made = try ServeProcess.wait(upTo: 60) {
            String(decoding: try RawHTTP.get("/", port: server.port).body, as: UTF8.self).contains("gps-p3@317w.")
        }
        #expect(made != nil, "the renditions never came")
        // The build that brings them removes the original after the pages are in place.
        let removed = ServeProcess.wait(upTo: 10) { !folder.exists("site/_site/gps-p3.jpg") }
        #expect(removed != nil, "the original stayed published")
    }

    /// A photo changed on disk while `serve` runs gets renditions of its own, under a new name.
    @Test func serveMakesNewRenditionsForAPhotoChangedOnDisk() throws {
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        let server = try ServeProcess(
            ["site", "--cache-dir", folder.url.appendingPathComponent("cache").path], in: folder)
        func tag() throws -> String? {
            let page = String(decoding: try RawHTTP.get("/", port: server.port).body, as: UTF8.self)
            guard let range = page.range(of: #"gps-p3@317w\.[0-9a-f]{10}\."#, options: .regularExpression) else {
                return nil
            }
            return String(page[range])
        }
        var first: String?
        _ = try ServeProcess.wait(upTo: 60) {
            first = try tag()
            return first != nil
        }
        let before = try #require(first, "the renditions never came")
        // The same picture with a comment: other bytes, so other renditions.
        let photo = folder.url.appendingPathComponent("site/gps-p3.jpg")
        var bytes = [UInt8](try Data(contentsOf: photo))
        bytes.insert(contentsOf: [0xFF, 0xFE, 0x00, 0x09] + Array("changed".utf8), at: 2)
        try Data(bytes).write(to: photo)
        var after: String?
        _ = try ServeProcess.wait(upTo: 60) {
            after = try tag()
            return after != nil && after != before
        }
        #expect(after != nil && after != before, "still \(before)")
        if let after {
            let image = try RawHTTP.get("/" + after + "jpg", port: server.port)
            #expect(image.status == 200 && image.header("content-type") == "image/jpeg")
        }
    }

    /// `ashlar check` refuses an AVIF, whose metadata Ashlar cannot remove, naming the setting
    /// that publishes it as it is, and with that setting says how many images it publishes so.
    @Test func checkNotesImagesPublishedAsTheyAre() throws {
        let site = try TemporaryFolder("ashlar-as-is")
        try site.copy(
            Ashlar.packageRoot.appendingPathComponent("Tests/AshlarEndToEndTests/Fixtures/embedded-metadata/site"),
            to: "site")
        let refused = try Ashlar.run(["check", site.url.appendingPathComponent("site").path])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                #"styles/xmp-in-avif.avif: error: Ashlar cannot remove the metadata (such as where it was taken) of an AVIF file; add "avif" to "publishAsIs" in ashlar.json"#
            ), "\(refused.stderr)")
        try site.write(#"{"publishAsIs": ["avif"]}"#, to: "site/ashlar.json")
        let run = try Ashlar.run(["check", site.url.appendingPathComponent("site").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"note: 1 image will be published as it is, metadata and all: "publishAsIs" lists its format"#),
            "\(run.stderr)")
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        #expect(!(try Ashlar.run(["check", folder.url.appendingPathComponent("site").path]).stderr.contains("note:")))
    }

    /// `"metadata": "camera"` keeps the camera's EXIF in JPEG renditions, still without location
    /// and without orientation.
    @Test(.enabled(if: RenditionTests.toolsInstalled || RequiredTool.inCI, "needs exiftool and Pillow"))
    func cameraEXIFCanBeKeptWithoutLocationOrOrientation() throws {
        try RequiredTool.require(Self.toolsInstalled, "exiftool and python3 with Pillow")
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        try folder.write(#"{"metadata": "camera"}"#, to: "site/ashlar.json")
        #expect(try Self.build(folder).status == 0)
        let output = folder.url.appendingPathComponent("site/_site")
        let names = try Self.files(output)
        let p3 = try #require(names.first { $0.hasPrefix("gps-p3@317w.") })
        let tags = try Self.metadata(
            output.appendingPathComponent(p3), ["-gps:all", "-Make", "-Model", "-Orientation"])
        #expect(tags.contains("Make: Ashlar") && tags.contains("Model: Test Camera"), "\(tags)")
        #expect(!tags.contains("GPS") && !tags.contains("Orientation"), "\(tags)")
        let upright = try #require(names.first { $0.hasPrefix("orientation-6@800w.") })
        #expect(try Self.metadata(output.appendingPathComponent(upright), ["-Orientation"]).isEmpty)
        #expect(try Self.look(output.appendingPathComponent(upright)).hasPrefix("800 600 RGB (2"))
        // The setting shapes the renditions, so their names change with it.
        #expect(!names.contains { $0.hasPrefix("gps-p3@317w.8c7c29545b") })
    }

    /// `"renditions": false` publishes every image as it is, as before renditions.
    @Test func renditionsCanBeTurnedOff() throws {
        let folder = try TemporaryFolder("ashlar-renditions")
        try folder.copy(Self.fixtures.appendingPathComponent("site"), to: "site")
        try folder.write(#"{"renditions": false}"#, to: "site/ashlar.json")
        let run = try Self.build(folder)
        #expect(run.status == 0, "\(run.stderr)")
        let names = try Self.files(folder.url.appendingPathComponent("site/_site"))
        #expect(names.contains("gps-p3.jpg"))
        #expect(!names.contains { $0.contains("@") })
        #expect(!run.stdout.contains("renditions made"))
        #expect(run.stderr.contains("gps-p3.jpg: warning: it records where it was taken (GPS)"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("cache").path))
    }
}
