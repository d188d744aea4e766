import AshlarTestSupport
import Foundation
import Testing

/// A fixture site with every sidecar format and image format, all eight EXIF orientations, a
/// stale sidecar and a photo hosted elsewhere.
@Suite struct MixedFormatsTests {
    static let source = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarEndToEndTests/Fixtures/mixed-formats")

    func build() throws -> (TemporaryFolder, Ashlar.Run) {
        let output = try TemporaryFolder("ashlar-mixed")
        let run = try Ashlar.run([
            "build", Self.source.path, "--output", output.url.appendingPathComponent("site").path,
        ])
        return (output, run)
    }

    @Test func buildsEveryFormatWithTheExpectedWarnings() throws {
        let (output, run) = try build()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Built 25 photos in 6 albums -> 40 pages in "), "\(run.stdout)")
        let prefix = Self.source.path + "/"
        #expect(
            run.stderr.contains(
                prefix
                    + "ashlar/stale.jpg.json: warning: stale sidecar: it says 100×100, the image is 48×32; using the image's"
            ))
        #expect(
            run.stderr.contains(
                prefix
                    + "xmp/lightroom.xmp: warning: stale sidecar: it says 6240×4160, the image is 48×32 and says orientation 6, the image has 1; using the image's"
            ))
        #expect(
            run.stderr.contains(
                prefix
                    + "orientations/orientation-6.jpg: warning: missing title and alt text (its pages show one made from its "
                    + "file name, \"Orientation 6\"); add 'title' and an 'alt' describing what the photo shows"
            ))
        #expect(
            run.stderr.contains(
                prefix + "formats/plain.gif: warning: photo URL 'plain' is taken; this photo is published as 'plain-2'")
        )
        // Orientations 5 to 8 turn the stored 48×32 into a 32×48 portrait. With no metadata, the
        // file name gives the alt text.
        let page = try output.read("site/orientations/index.html")
        for n in 1...8 {
            let size = n >= 5 ? #"width="32" height="48""# : #"width="48" height="32""#
            #expect(
                page.contains(#"src="../orientations/orientation-\#(n).jpg" alt="Orientation \#(n)" \#(size)"#),
                "orientation \(n)")
        }
        let remote = try output.read("site/ashlar/index.html")
        #expect(
            remote.contains(
                #"src="https://photos.example.com/harbour.jpg" alt="A harbour at dawn" width="1600" height="900""#))
        // Metadata from the sidecar formats reached the page.
        let exiftool = try output.read("site/exiftool/index.html")
        #expect(
            exiftool.contains(#"alt="A market square with closed stalls under a violet sky" width="40" height="60""#),
            "photo.jpg is stored 60×40 with Rotate 90 CW")
    }

    /// Each tile's box has the aspect ratio of the picture the browser actually displays, which
    /// applies EXIF orientation itself.
    @Test(
        .tags(.browser), .enabled(if: Chromium.isAvailable, "needs chromium"),
        arguments: ["orientations", "formats", "ashlar", "exiftool", "xmp"])
    func tilesMatchTheDisplayedPicture(album: String) throws {
        let (output, run) = try build()
        #expect(run.status == 0)
        let page = output.url.appendingPathComponent("site/\(album)/index.html")
        let script = """
            const imgs = [...document.querySelectorAll('.gallery-list img')].filter(i => !i.src.startsWith('http'));
            imgs.forEach(i => i.loading = 'eager');
            await Promise.all(imgs.map(i => i.complete ? Promise.resolve() : new Promise(r => { i.onload = r; i.onerror = r; })));
            return imgs.map(i => { const r = i.closest('li').getBoundingClientRect();
              return [i.getAttribute('src'), i.naturalWidth, i.naturalHeight, r.width, r.height]; });
            """
        let json = try Chromium.measure(page: page, width: 1200, script: script)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]])
        #expect(!rows.isEmpty)
        for row in rows {
            let name = row[0] as? String ?? "?"
            let natural = (row[1] as? Double ?? 0, row[2] as? Double ?? 0)
            let box = (row[3] as? Double ?? 0, row[4] as? Double ?? 0)
            #expect(natural.0 > 0 && natural.1 > 0, "\(name) did not load in the browser")
            guard natural.0 > 0, natural.1 > 0, box.1 > 0 else { continue }
            #expect(
                abs(box.0 / box.1 - natural.0 / natural.1) < 0.02,
                "\(name): tile \(box.0)×\(box.1), picture \(natural.0)×\(natural.1)")
        }
    }
}
