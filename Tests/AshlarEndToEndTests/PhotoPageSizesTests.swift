import AshlarTestSupport
import Foundation
import Testing

/// A photo page's `sizes` states the width its photo is shown at, the viewport's width or the
/// height the viewing mode leaves it (the viewport's less 144 px of bars), whichever binds: Chromium then loads the rendition the screen needs, not one
/// made for a photo as wide as the page.
@Suite(.tags(.browser)) struct PhotoPageSizesTests {
    /// A portrait and a landscape photo, built once with the renditions Ashlar makes of them
    /// (their real widths: the browser sizes an image by its pixels and its `w` descriptor).
    static let built: Result<TemporaryFolder, SiteExample.BuildFailure> = {
        do {
            let folder = try TemporaryFolder("ashlar-photo-sizes")
            try folder.write(TinyPNG.make(width: 1800, height: 2400), to: "portrait.png")
            try folder.write(TinyPNG.make(width: 2400, height: 1800, red: 60, blue: 200), to: "landscape.png")
            let run = try Ashlar.run(["build", folder.url.path])
            guard run.status == 0 else { return .failure(.init(message: "ashlar build: \(run.stderr)")) }
            return .success(folder)
        } catch {
            return .failure(.init(message: "\(error)"))
        }
    }()

    struct Case: Sendable, CustomTestStringConvertible {
        var photo: String
        var width: Int
        var height: Int
        var scale: Int
        var testDescription: String { "\(photo) in a \(width)×\(height) window, \(scale)×" }
    }

    /// Window sizes: headless Chromium's viewport is 143 px shorter than its window, so the first
    /// two are 1280 × 800 and 1920 × 1080 viewports (the test holds at any viewport).
    static let cases: [Case] = ["portrait", "landscape"].flatMap { photo in
        [(1280, 943), (1920, 1223), (900, 1000)].flatMap { size in
            [1, 2, 3].map { Case(photo: photo, width: size.0, height: size.1, scale: $0) }
        }
    }

    struct Measurement: Decodable {
        /// The width `sizes` gives at this viewport, the photo's box, the rendition loaded.
        var sizes: Double
        var shown: Double
        var shownHeight: Double
        var source: String
        var scale: Double
        var viewportHeight: Double
    }

    static let script = """
        const img = document.querySelector('.photo img');
        if (!img.complete) await new Promise(done => { img.onload = done; img.onerror = done; });
        \(Chromium.resolveSizes)
        const box = img.getBoundingClientRect();
        return { sizes: probe.getBoundingClientRect().width, shown: box.width, shownHeight: box.height,
          source: img.currentSrc, scale: devicePixelRatio, viewportHeight: innerHeight };
        """

    @Test(.enabled(if: Chromium.isAvailable, "needs chromium"), arguments: cases)
    func photoPageLoadsTheRenditionItShows(_ testCase: Case) throws {
        let folder = try Self.built.get()
        let json = try Chromium.measure(
            page: folder.url.appendingPathComponent("_site/\(testCase.photo)/index.html"), width: testCase.width,
            height: testCase.height, scale: testCase.scale, script: Self.script)
        let measured = try JSONDecoder().decode(Measurement.self, from: Data(json.utf8))
        #expect(measured.scale == Double(testCase.scale), "device pixel ratio \(measured.scale)")
        #expect(
            abs(measured.sizes - measured.shown) < 1,
            "sizes says \(measured.sizes) px, the photo is shown \(measured.shown) px wide")
        if testCase.photo == "portrait" {
            // At these viewports the height cap is what binds a portrait photo.
            #expect(abs(measured.shownHeight - (measured.viewportHeight - 144)) < 1, "\(measured.shownHeight) px tall")
        }
        let html = try folder.read("_site/\(testCase.photo)/index.html")
        let srcset = try #require(html.firstMatch(of: /srcset="([^"]*)"/)).1
        var candidates: [(url: String, width: Int)] = []
        for candidate in srcset.split(separator: ", ") {
            let parts = candidate.split(separator: " ")
            if parts.count == 2, let width = Int(parts[1].dropLast()) { candidates.append((String(parts[0]), width)) }
        }
        let chosen = candidates.first {
            measured.source.hasSuffix("/" + $0.url.replacingOccurrences(of: "../", with: ""))
        }
        let loaded = try #require(chosen, "\(measured.source) is not in \(srcset)").width
        let needed = measured.shown * measured.scale
        let enough = candidates.first { Double($0.width) >= needed }?.width ?? loaded
        #expect(
            loaded <= enough,
            "shown \(measured.shown) px at \(testCase.scale)× (viewport height \(measured.viewportHeight)), needs \(needed) px: loaded \(loaded)w, \(enough)w would do"
        )
    }
}
