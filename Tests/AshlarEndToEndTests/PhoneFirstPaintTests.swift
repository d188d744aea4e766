import AshlarTestSupport
import Foundation
import Testing

/// A five-photo album page on a phone over a slow link (issue 43): at 390 × 844, 3 device pixels
/// per CSS pixel, 1.6 Mbit/s down and 150 ms of latency (Chromium's network emulation), its
/// largest contentful paint comes within 1.5 s, with no layout shift. The album holds the four
/// camera photos of `../shared/photos` and the most detailed of `../shared/photos-mixed`, all
/// portraits, the heaviest five of the twelve at a phone's tile widths. The site is served over
/// HTTP by `ashlar serve`: Chromium does not throttle `file://` pages (a page opened from its
/// file had its largest paint at 0.28 s under the same emulation, and no resource timings).
@Suite(.tags(.browser, .slow)) struct PhoneFirstPaintTests {
    static var runs: Bool {
        Chromium.isAvailable && SharedMaterial.isAvailable("photos") && SharedMaterial.isAvailable("photos-mixed")
    }

    static let photos = [
        SharedMaterial.folder("photos").appendingPathComponent("camera-1.jpg"),
        SharedMaterial.folder("photos").appendingPathComponent("camera-2.jpg"),
        SharedMaterial.folder("photos").appendingPathComponent("camera-3.jpg"),
        SharedMaterial.folder("photos").appendingPathComponent("camera-4.jpg"),
        SharedMaterial.folder("photos-mixed").appendingPathComponent("Skewed_Seven_Eleven.jpg"),
    ]

    /// 1.6 Mbit/s is 200,000 bytes a second down; 750 kbit/s up (as Lighthouse's slow 4G);
    /// 150 ms added to every request.
    static var network: [String: Any] {
        [
            "offline": false, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 93_750,
        ]
    }
    static let target = 1500.0
    static let loads = 3

    /// Read back after the load event, once every image in the first screen has loaded: the
    /// largest-contentful-paint and layout-shift entries the page buffered, the document's
    /// timing, and for each tile its width, the rendition it shows and its priority.
    static let script = """
        const lcp = [], shifts = [];
        new PerformanceObserver(l => lcp.push(...l.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver(l => shifts.push(...l.getEntries())).observe({ type: 'layout-shift', buffered: true });
        const inSight = [...document.querySelectorAll('.tile img')].filter(i => i.getBoundingClientRect().top < innerHeight);
        await Promise.all(inSight.map(i => i.complete ? null : new Promise(r => { i.onload = r; i.onerror = r; })));
        await new Promise(r => setTimeout(r, 500));
        const navigation = performance.getEntriesByType('navigation')[0];
        const last = lcp[lcp.length - 1];
        const images = performance.getEntriesByType('resource').filter(r => /\\.(jpg|png)$/.test(new URL(r.name).pathname));
        return {
          lcp: last ? last.startTime : -1, lcpURL: last ? last.url : '',
          shift: shifts.filter(s => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0),
          documentResponseEnd: navigation.responseEnd,
          imageBytes: images.reduce((sum, r) => sum + r.encodedBodySize, 0),
          imagesStart: Math.min(...images.map(r => r.startTime)), imagesEnd: Math.max(...images.map(r => r.responseEnd)),
          scale: devicePixelRatio, viewportWidth: innerWidth,
          tiles: [...document.querySelectorAll('.tile img')].map(i => ({
            width: i.getBoundingClientRect().width, source: i.currentSrc, inSight: i.getBoundingClientRect().top < innerHeight,
            priority: i.getAttribute('fetchpriority') })) };
        """

    struct Measurement: Decodable {
        var lcp: Double
        var lcpURL: String
        var shift: Double
        var documentResponseEnd: Double
        var imageBytes: Int
        var imagesStart: Double
        var imagesEnd: Double
        var scale: Double
        var viewportWidth: Double
        var tiles: [Tile]

        struct Tile: Decodable {
            var width: Double
            var source: String
            var inSight: Bool
            var priority: String?
        }
    }

    /// The width in a rendition's file name (`camera-1@484w.ee6a60c855.jpg`), or nil.
    static func renditionWidth(_ url: String) -> Int? {
        guard let at = url.lastIndex(of: "@") else { return nil }
        return Int(url[url.index(after: at)...].prefix { $0.isNumber })
    }

    @Test(.enabled(if: runs, "needs chromium, ../shared/photos and ../shared/photos-mixed"))
    func largestPaintWithinOneAndAHalfSecondsOnAThrottledPhone() throws {
        let folder = try TemporaryFolder("ashlar-phone-first-paint")
        for photo in Self.photos { try folder.copy(photo, to: "site/five/\(photo.lastPathComponent)") }
        let build = try Ashlar.run(["build", folder.url.appendingPathComponent("site").path])
        try #require(build.status == 0, "\(build.stderr)")
        // The renditions are in the cache now: the server's first build reuses them all.
        let server = try ServeProcess(["site"], in: folder)
        let page = "http://127.0.0.1:\(server.port)/five/"

        var measurements: [Measurement] = []
        try WebDriver.withSuiteSession(width: 390, height: 844) { driver in
            try driver.devTools("Network.enable")
            try driver.devTools("Network.setCacheDisabled", ["cacheDisabled": true])
            try driver.devTools("Network.emulateNetworkConditions", Self.network)
            try driver.devTools(
                "Emulation.setDeviceMetricsOverride",
                ["width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true])
            defer {
                _ = try? driver.devTools(
                    "Network.emulateNetworkConditions",
                    ["offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
                _ = try? driver.devTools("Network.setCacheDisabled", ["cacheDisabled": false])
            }
            for load in 1...Self.loads {
                try driver.navigate(to: try #require(URL(string: page + "?load=\(load)")))
                let answer = try driver.executeAsync(
                    """
                    const done = arguments[arguments.length - 1];
                    (async function(){\(Self.script)})().then(
                      result => done({ json: JSON.stringify(result) }), error => done({ error: String(error) }));
                    """)
                let json = try #require((answer as? [String: Any])?["json"] as? String, "\(String(describing: answer))")
                measurements.append(try JSONDecoder().decode(Measurement.self, from: Data(json.utf8)))
            }
        }

        for measurement in measurements {
            // The emulation applied: the page came at a phone's size and ratio, after at least
            // the added latency, and its images no faster than 200,000 bytes a second.
            #expect(measurement.scale == 3 && measurement.viewportWidth == 390)
            #expect(measurement.documentResponseEnd >= 150, "\(measurement.documentResponseEnd) ms")
            let imageTime = measurement.imagesEnd - measurement.imagesStart
            #expect(
                imageTime >= Double(measurement.imageBytes) / 200,
                "\(measurement.imageBytes) bytes of images in \(imageTime) ms")
            #expect(measurement.shift == 0)
            #expect(measurement.tiles.count == 5 && measurement.tiles.allSatisfy(\.inSight))
            #expect(measurement.lcpURL.contains("/five/"), "the largest paint was not a tile: \(measurement.lcpURL)")
            #expect(measurement.tiles.map { $0.priority == "high" } == [true, false, false, false, false])
            for tile in measurement.tiles {
                // Sharp enough for 2×, not the rendition made for 3×.
                let width = Double(Self.renditionWidth(tile.source) ?? 0)
                #expect(width >= 2 * tile.width && width < 3 * tile.width, "\(tile.source) for \(tile.width) px")
            }
        }
        let sorted = measurements.map(\.lcp).sorted()
        let median = sorted[sorted.count / 2]
        let bytes = measurements.map { String($0.imageBytes) }.joined(separator: ", ")
        #expect(
            median > 0 && median <= Self.target,
            "largest contentful paint \(sorted.map { Int($0) }) ms, median \(Int(median)); images \(bytes) bytes")
        #expect(server.stop() == 0)
    }
}
