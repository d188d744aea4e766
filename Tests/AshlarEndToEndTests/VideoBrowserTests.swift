import AshlarTestSupport
import Foundation
import Testing

/// The phone's video on its built page, in headless Chromium: it plays (muted, as a page may
/// start it), and the page does not move while the video's metadata and poster load.
@Suite(
    .tags(.browser),
    .enabled(if: WebDriver.isAvailable, "needs chromium and chromedriver: run .ci/install-browser-tools"),
    .serialized)
struct VideoBrowserTests {
    struct Case: CustomTestStringConvertible, Sendable {
        /// The page of the video, under the built site.
        var page: String
        var testDescription: String { page }
    }

    /// The iPhone's QuickTime video (with its still as the poster), the Android phone's MP4 (no
    /// poster), the video its track turns upright and a VP9 WebM.
    static let cases = [
        Case(page: "trip/img-1/index.html"), Case(page: "trip/android/index.html"),
        Case(page: "trip/rotated/index.html"), Case(page: "trip/tram/index.html"),
    ]

    /// Starts the video and waits until it has played a little: what the page reports.
    static let play = """
        const done = arguments[arguments.length - 1];
        const video = document.querySelector('video');
        if (!video) { done({error: 'no video element'}); return; }
        video.muted = true;
        const report = () => done({
            time: video.currentTime, readyState: video.readyState, width: video.videoWidth,
            height: video.videoHeight, error: video.error ? String(video.error.code) : null,
            source: video.currentSrc});
        video.addEventListener('error', report, true);
        video.play().then(() => {
            const start = performance.now();
            const wait = () => (video.currentTime > 0.2 || performance.now() - start > 5000)
                ? report() : setTimeout(wait, 50);
            wait();
        }).catch(error => done({error: String(error), readyState: video.readyState}));
        """

    @Test(arguments: cases)
    func thePhonesVideoPlaysInChromium(_ testCase: Case) throws {
        let folder = try TemporaryFolder("ashlar-video-browser")
        let site = try VideoTests.makeSite(in: folder)
        let run = try VideoTests.build(site, cache: folder.url.appendingPathComponent("cache"))
        try #require(run.status == 0, "\(run.stderr)")
        let page = site.appendingPathComponent("_site/" + testCase.page)
        let result = try WebDriver.withSuiteSession(width: 1024) { driver in
            try driver.navigate(to: page)
            return try driver.executeAsync(Self.play) as? [String: Any]
        }
        let report = try #require(result, "the script reported nothing")
        #expect(report["error"] is NSNull, "\(report)")
        #expect((report["readyState"] as? Int ?? 0) >= 2, "\(report)")
        #expect((report["width"] as? Int ?? 0) > 0, "\(report)")
        #expect((report["time"] as? Double ?? 0) > 0, "\(report)")
    }

    /// The sum of the page's layout shifts while it loads, the video's metadata comes and it
    /// starts playing: zero, since the element is sized before any of it arrives.
    static let shifts = """
        const done = arguments[arguments.length - 1];
        let total = 0;
        new PerformanceObserver(list => {
            for (const entry of list.getEntries()) total += entry.value;
        }).observe({type: 'layout-shift', buffered: true});
        const video = document.querySelector('video');
        const finish = () => setTimeout(() => done({cls: total, width: video.videoWidth}), 500);
        if (video.readyState >= 1) { finish(); } else {
            video.addEventListener('loadedmetadata', finish);
            setTimeout(finish, 5000);
        }
        """

    @Test(arguments: [375, 1024, 1600])
    func aVideoPageDoesNotShiftAsItLoads(width: Int) throws {
        let folder = try TemporaryFolder("ashlar-video-browser")
        let site = try VideoTests.makeSite(in: folder)
        let run = try VideoTests.build(site, cache: folder.url.appendingPathComponent("cache"))
        try #require(run.status == 0, "\(run.stderr)")
        for testCase in Self.cases {
            let page = site.appendingPathComponent("_site/" + testCase.page)
            let result = try WebDriver.withSuiteSession(width: width) { driver in
                try driver.navigate(to: page)
                return try driver.executeAsync(Self.shifts) as? [String: Any]
            }
            let report = try #require(result, "the script reported nothing")
            #expect(report["cls"] as? Double == 0, "\(testCase) at \(width) px: \(report)")
            #expect(
                (report["width"] as? Int ?? 0) > 0, "\(testCase) at \(width) px: the metadata never came: \(report)")
        }
    }
}
