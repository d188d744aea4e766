import AshlarTestSupport
import Foundation
import Testing

/// The photo page's viewing mode on a touch screen, in headless Chromium with touch emulation
/// (DevTools `Emulation.setTouchEmulationEnabled`, fingers through `Input.dispatchTouchEvent`):
/// the photo follows a swipe and opens the neighbour or snaps back, a pinch scales it up to 1:1
/// and no further, a double tap toggles fit and 1:1, a finger pans a zoomed photo; axe finds
/// nothing in any of these states and nothing shifts. Without the script the photo is fitted all
/// the same.
@Suite(
    .tags(.browser, .referenceTools),
    .enabled(if: Axe.isAvailable, "needs chromium, chromedriver and axe.min.js: run .ci/install-browser-tools"),
    .serialized)
struct PhotoViewerTouchTests {
    typealias Page = PhotoViewerBrowserTests.PhotoPage

    /// The photo page of site-example with both neighbours and the widest full rendition, a
    /// landscape one: the one that zooms furthest on a phone (site-example's photos are small:
    /// 640 px at most, 1.64× a 390 px phone's width).
    static func widestPage() throws -> (page: Page, fullWidth: Int) {
        let built = try SiteExample.built.get()
        var best: (page: Page, fullWidth: Int)?
        for path in SiteExample.pages(in: built.output) {
            let url = built.output.appendingPathComponent(path)
            let html = try String(contentsOf: url, encoding: .utf8)
            guard let previous = PhotoViewerBrowserTests.link(in: html, rel: "prev", relativeTo: url),
                let next = PhotoViewerBrowserTests.link(in: html, rel: "next", relativeTo: url),
                let album = PhotoViewerBrowserTests.attribute(
                    "href", ofTagWith: "data-ashlar-album", in: html, relativeTo: url),
                let full = PhotoViewerBrowserTests.attribute(
                    "href", ofTagWith: "data-ashlar-full", in: html, relativeTo: url),
                let width = html.firstMatch(of: /data-ashlar-full data-width="(\d+)"/).flatMap({ Int($0.1) }),
                let size = html.firstMatch(of: /<img [^>]*width="(\d+)" height="(\d+)"/),
                let w = Int(size.1), let h = Int(size.2), w >= h, width > best?.fullWidth ?? 0
            else { continue }
            best = (Page(url: url, previous: previous, next: next, album: album, full: full), width)
        }
        return try #require(best, "site-example has no landscape photo page with two neighbours")
    }

    /// A phone's screen: 390 × 844 CSS px at 3×, touch, `mobile` (the viewport meta applies).
    static func phone(_ driver: WebDriver, width: Int = 390, height: Int = 844) throws {
        try driver.devTools(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 3, "mobile": true])
        try driver.devTools("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5])
    }

    /// Opens `page` on the phone and waits for the script (it shows the Zoom button) and the photo.
    static func open(_ page: URL, _ driver: WebDriver) throws {
        try PhotoViewerBrowserTests.open(page, in: driver)
        try PhotoViewerBrowserTests.waitFor(driver, "the photo to load") {
            try driver.execute("const i = document.querySelector('[data-ashlar-photo] img'); return i.complete;")
                as? Bool == true
        }
    }

    /// One touch event: `touchStart`, `touchMove` or `touchEnd`, with a finger at each point.
    static func touch(_ driver: WebDriver, _ type: String, _ points: [(Double, Double)] = []) throws {
        let touchPoints = points.enumerated().map { index, point in
            ["x": point.0, "y": point.1, "id": index, "radiusX": 1, "radiusY": 1] as [String: Any]
        }
        try driver.devTools("Input.dispatchTouchEvent", ["type": type, "touchPoints": touchPoints])
    }

    /// One finger from `start` to `end` in `steps` moves `pause` apart; lifted unless `lift` is false.
    static func drag(
        _ driver: WebDriver, from start: (Double, Double), to end: (Double, Double), steps: Int = 6,
        pause: useconds_t = 16_000, lift: Bool = true
    ) throws {
        try touch(driver, "touchStart", [start])
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            usleep(pause)
            try touch(driver, "touchMove", [(start.0 + (end.0 - start.0) * t, start.1 + (end.1 - start.1) * t)])
        }
        if lift { try touch(driver, "touchEnd") }
    }

    /// Two fingers on a horizontal line through `centre`, `from` px apart, moved to `to` px apart.
    static func pinch(_ driver: WebDriver, centre: (Double, Double), from: Double, to: Double, lift: Bool = true)
        throws
    {
        let fingers = { (gap: Double) in [(centre.0 - gap / 2, centre.1), (centre.0 + gap / 2, centre.1)] }
        try touch(driver, "touchStart", fingers(from))
        for step in 1...8 {
            usleep(16_000)
            try touch(driver, "touchMove", fingers(from + (to - from) * Double(step) / 8))
        }
        if lift { try touch(driver, "touchEnd") }
    }

    static func tap(_ driver: WebDriver, _ point: (Double, Double)) throws {
        try touch(driver, "touchStart", [point])
        usleep(30_000)
        try touch(driver, "touchEnd")
    }

    static func doubleTap(_ driver: WebDriver, _ point: (Double, Double)) throws {
        try tap(driver, point)
        usleep(120_000)
        try tap(driver, point)
    }

    /// The photo as drawn: its box with the transform, its laid-out width, its transform's
    /// translation and scale, the full rendition's width, the Zoom button's state.
    struct Photo: Decodable {
        var left: Double
        var top: Double
        var width: Double
        var height: Double
        var layoutWidth: Double
        var translateX: Double
        var translateY: Double
        var scale: Double
        var transform: String
        var fullWidth: Double
        var pressed: String
        var sizes: String
        /// The stage's (the figure's) top and height.
        var stageTop: Double
        var stageHeight: Double

        var centre: (Double, Double) { (left + width / 2, top + height / 2) }
    }

    /// Reads the photo after two animation frames: pointer moves reach the page once a frame.
    static func photo(_ driver: WebDriver) throws -> Photo {
        let json =
            try driver.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                requestAnimationFrame(() => requestAnimationFrame(() => {
                const i = document.querySelector('[data-ashlar-photo] img'); const r = i.getBoundingClientRect();
                const t = getComputedStyle(i).transform; const m = new DOMMatrix(t === 'none' ? undefined : t);
                done(JSON.stringify({ left: r.left, top: r.top, width: r.width, height: r.height, layoutWidth: i.offsetWidth,
                  translateX: m.m41, translateY: m.m42, scale: m.a, transform: t,
                  fullWidth: +document.querySelector('[data-ashlar-full]').dataset.width,
                  pressed: document.querySelector('[data-ashlar-zoom]').getAttribute('aria-pressed'), sizes: i.sizes,
                  stageTop: i.parentElement.getBoundingClientRect().top, stageHeight: i.parentElement.clientHeight }));
                }));
                """) as? String ?? ""
        return try JSONDecoder().decode(Photo.self, from: Data(json.utf8))
    }

    /// Waits until a settling animation (0.2 s) is over.
    static func settle() { usleep(450_000) }

    static func expectNoAxeViolations(_ driver: WebDriver, _ state: String) throws {
        let violations = try Axe.violations(in: driver)
        #expect(
            violations.isEmpty,
            "\(state): \(violations.count) axe violation(s):\n\(violations.map(\.description).joined(separator: "\n"))")
    }

    /// Counts layout shifts not caused by input from the page's start (`window.ashlarShift`).
    static let shiftObserver = """
        window.ashlarShift = { total: 0, moved: [] };
        new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
          window.ashlarShift.total += e.value;
          for (const s of e.sources) window.ashlarShift.moved.push(s.node ? s.node.nodeName + '.' + s.node.className : '?');
        } }).observe({ type: 'layout-shift', buffered: true });
        """

    @Test func aSwipeFollowsTheFingerAndOpensTheNeighbour() throws {
        let page = try PhotoViewerBrowserTests.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.phone(driver)
            for (distance, target, name) in [(-160.0, page.next, "a swipe to the left"), (160, page.previous, "right")]
            {
                try Self.open(page.url, driver)
                let before = try Self.photo(driver)
                let (x, y) = before.centre
                try Self.drag(driver, from: (x - distance / 2, y), to: (x + distance / 2, y + 4), lift: false)
                // Before the finger lifts, the photo has moved with it, and only sideways.
                let during = try Self.photo(driver)
                #expect(
                    abs(during.translateX - distance) < 2 && during.translateY == 0 && during.scale == 1,
                    "\(name): the finger moved \(distance) px, the photo \(during.translateX) px (\(during.transform))")
                try Self.touch(driver, "touchEnd")
                try PhotoViewerBrowserTests.waitForPage(driver, target, after: name)
            }
        }
    }

    @Test func aShortSlowDragSnapsBack() throws {
        let page = try PhotoViewerBrowserTests.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.phone(driver)
            try Self.open(page.url, driver)
            let (x, y) = try Self.photo(driver).centre
            try Self.drag(driver, from: (x, y), to: (x - 50, y), steps: 10, pause: 60_000, lift: false)
            let during = try Self.photo(driver)
            #expect(abs(during.translateX + 50) < 2, "the photo follows the finger: \(during.transform)")
            try Self.touch(driver, "touchEnd")
            Self.settle()
            let after = try Self.photo(driver)
            #expect(after.transform == "none", "back in place: \(after.transform)")
            try PhotoViewerBrowserTests.expectStays(on: page.url, driver, after: "a short drag")
        }
    }

    /// With `prefers-reduced-motion: reduce` nothing animates: a released drag is back in place
    /// at once, and a double tap's zoom has no transition.
    @Test func reducedMotionSettlesAtOnce() throws {
        let page = try Self.widestPage().page
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.phone(driver)
            try driver.devTools(
                "Emulation.setEmulatedMedia", ["features": [["name": "prefers-reduced-motion", "value": "reduce"]]])
            try Self.open(page.url, driver)
            let fit = try Self.photo(driver)
            let transition =
                "return getComputedStyle(document.querySelector('[data-ashlar-photo] img')).transitionDuration;"
            try Self.drag(driver, from: fit.centre, to: (fit.centre.0 - 50, fit.centre.1), steps: 10, pause: 60_000)
            let released = try Self.photo(driver)
            #expect(released.transform == "none", "back in place at once: \(released.transform)")
            try Self.doubleTap(driver, fit.centre)
            let zoomed = try Self.photo(driver)
            #expect(abs(zoomed.width - fit.fullWidth) < 1, "zoomed at once: \(zoomed.width)")
            #expect(try driver.execute(transition) as? String == "0s", "no transition")
        }
    }

    @Test func aPinchScalesUpToOneToOneAndAFingerThenPans() throws {
        let page = try Self.widestPage().page
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.phone(driver)
            try Self.open(page.url, driver)
            let fit = try Self.photo(driver)
            let oneToOne = fit.fullWidth / fit.layoutWidth
            try #require(oneToOne > 1.5, "the full rendition is more than 1.5 times the fitted width: \(fit)")
            // Fingers 60 px apart to 84 px: 1.4 times as large, during the pinch and after it.
            try Self.pinch(driver, centre: fit.centre, from: 60, to: 84, lift: false)
            let during = try Self.photo(driver)
            #expect(
                abs(during.width / fit.width - 1.4) < 0.03, "fingers 1.4× apart: the photo \(during.width / fit.width)×"
            )
            try Self.touch(driver, "touchEnd")
            Self.settle()
            let pinched = try Self.photo(driver)
            #expect(abs(pinched.width / fit.width - 1.4) < 0.03, "after the pinch: \(pinched.width / fit.width)×")
            #expect(pinched.pressed == "true", "the Zoom button says zoomed")
            // Far apart: never past 1:1, the full rendition's width in CSS px.
            try Self.pinch(driver, centre: fit.centre, from: 40, to: 360)
            Self.settle()
            let most = try Self.photo(driver)
            #expect(abs(most.width - fit.fullWidth) < 1, "1:1 is \(fit.fullWidth) px wide; the photo \(most.width) px")
            #expect(
                (Int(most.sizes.dropLast(2)) ?? 0) >= Int(fit.fullWidth),
                "zoomed, sizes asks for the width shown: \(most.sizes)")
            // One finger now pans, clamped to the photo's edges, and does not leave the page.
            try Self.drag(driver, from: fit.centre, to: (fit.centre.0 + 120, fit.centre.1 + 30))
            Self.settle()
            let panned = try Self.photo(driver)
            #expect(abs(panned.translateX - most.translateX - 120) < 2, "panned \(panned.translateX - most.translateX)")
            #expect(abs(panned.width - most.width) < 1, "panning keeps the scale")
            try PhotoViewerBrowserTests.expectStays(on: page.url, driver, after: "a swipe on a zoomed photo")
            try Self.drag(driver, from: fit.centre, to: (fit.centre.0 + 4000, fit.centre.1 + 4000), steps: 4)
            Self.settle()
            let edge = try Self.photo(driver)
            // Pulled far down and right: the left edge stops at the stage's; so does the top, or,
            // where the photo is less tall than the stage, it stays in the middle.
            let top =
                edge.height > edge.stageHeight ? edge.stageTop : edge.stageTop + (edge.stageHeight - edge.height) / 2
            #expect(abs(edge.left) < 1 && abs(edge.top - top) < 1, "pulled far: \(edge)")
        }
    }

    @Test func aDoubleTapTogglesFitAndOneToOne() throws {
        let page = try Self.widestPage().page
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.phone(driver)
            try Self.open(page.url, driver)
            let fit = try Self.photo(driver)
            try Self.tap(driver, fit.centre)
            usleep(500_000)
            #expect(try Self.photo(driver).transform == "none", "one tap does not zoom")
            try Self.doubleTap(driver, fit.centre)
            Self.settle()
            let zoomed = try Self.photo(driver)
            // 1:1: the photo is drawn as wide, in CSS px, as the full rendition has pixels.
            #expect(abs(zoomed.width - fit.fullWidth) < 1, "1:1 is \(fit.fullWidth) px; drawn \(zoomed.width) px")
            #expect(zoomed.pressed == "true")
            try Self.expectNoAxeViolations(driver, "zoomed")
            try Self.doubleTap(driver, fit.centre)
            Self.settle()
            let back = try Self.photo(driver)
            #expect(back.transform == "none" && abs(back.width - fit.width) < 1, "back to fit: \(back.width) px")
            #expect(back.pressed == "false")
            try PhotoViewerBrowserTests.expectStays(on: page.url, driver, after: "double taps")
        }
    }

    /// A mouse: a click zooms to 1:1 about the pointer, a drag pans the zoomed photo (it never
    /// swipes), a click without a drag returns to fit.
    @Test func aMouseClickZoomsAndADragPans() throws {
        let page = try Self.widestPage().page
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try driver.devTools(
                "Emulation.setDeviceMetricsOverride",
                ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": false])
            try Self.open(page.url, driver)
            let fit = try Self.photo(driver)
            let fitted =
                try driver.execute("return document.querySelector('[data-ashlar-photo] img').currentSrc;") as? String
            #expect(
                fitted?.hasSuffix("/" + page.full.lastPathComponent) == false, "fitted, a smaller one: \(fitted ?? "")")
            let (x, y) = (Int(fit.centre.0), Int(fit.centre.1))
            try driver.click(x: x, y: y)
            Self.settle()
            let zoomed = try Self.photo(driver)
            #expect(abs(zoomed.width - fit.fullWidth) < 1, "a click zooms to 1:1: \(zoomed.width) px")
            // Zoomed, the browser loads the full rendition, a candidate of the photo's own srcset.
            let full = page.full.lastPathComponent
            var source = ""
            try PhotoViewerBrowserTests.waitFor(driver, "the full rendition \(full) to load") {
                source =
                    try driver.execute("return document.querySelector('[data-ashlar-photo] img').currentSrc;")
                    as? String ?? ""
                return source.hasSuffix("/" + full)
            }
            let moves: [[String: Any]] = [
                ["type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"],
                ["type": "pointerDown", "button": 0],
                ["type": "pointerMove", "duration": 150, "x": x - 80, "y": y, "origin": "viewport"],
                ["type": "pointerUp", "button": 0],
            ]
            try driver.perform([
                ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": moves]
            ])
            Self.settle()
            let panned = try Self.photo(driver)
            #expect(abs(panned.translateX - zoomed.translateX + 80) < 2, "a drag pans: \(panned.transform)")
            #expect(abs(panned.width - fit.fullWidth) < 1, "and keeps the zoom")
            try driver.click(x: x, y: y)
            Self.settle()
            #expect(try Self.photo(driver).transform == "none", "a second click returns to fit")
            try PhotoViewerBrowserTests.expectStays(on: page.url, driver, after: "a mouse drag")
        }
    }

    /// axe in the fitted view and with the details shown, at a phone's and a desktop's size;
    /// layout shifts (not caused by input) from the page's start through a drag, a pinch, a pan
    /// and a double tap: none.
    @Test func noAxeViolationsAndNoLayoutShiftInAnyState() throws {
        let page = try PhotoViewerBrowserTests.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try driver.devTools("Page.addScriptToEvaluateOnNewDocument", ["source": Self.shiftObserver])
            try PhotoViewerBrowserTests.open(page.url, in: driver)
            try Self.expectNoAxeViolations(driver, "fitted, 1280 px")
            try driver.execute("document.querySelector('.viewer-details').click();")
            #expect(
                try driver.execute("return location.hash === '#details' && scrollY > 0;") as? Bool == true,
                "the Details link scrolls to the details")
            try Self.expectNoAxeViolations(driver, "details shown, 1280 px")

            try Self.phone(driver)
            try Self.open(page.url, driver)
            try Self.expectNoAxeViolations(driver, "fitted, phone")
            let fit = try Self.photo(driver)
            try Self.drag(driver, from: fit.centre, to: (fit.centre.0 - 40, fit.centre.1), steps: 8, pause: 60_000)
            try Self.pinch(driver, centre: fit.centre, from: 60, to: 150)
            try Self.drag(driver, from: fit.centre, to: (fit.centre.0 + 60, fit.centre.1 - 30))
            // The pinch left it zoomed: a double tap to fit, one to 1:1, and a pause there, so
            // that a shift would come more than 0.5 s after the last input and count.
            try Self.doubleTap(driver, fit.centre)
            Self.settle()
            try Self.doubleTap(driver, fit.centre)
            usleep(1_500_000)
            try Self.doubleTap(driver, fit.centre)
            Self.settle()
            try driver.execute("document.querySelector('.viewer-details').click();")
            try Self.expectNoAxeViolations(driver, "details shown, phone")
            usleep(1_000_000)
            let shift = try driver.execute("return JSON.stringify(window.ashlarShift);") as? String ?? "?"
            #expect(shift.hasPrefix(#"{"total":0,"#), "layout shift through the gestures: \(shift)")
        }
    }

    /// With scripts off the page is the viewer all the same: the photo fitted to the viewport
    /// below the 96 px of bars, on the dark ground, its neighbours and the details a link away.
    @Test(arguments: [(390, 844), (1280, 800), (800, 1200)])
    func withoutScriptThePhotoIsFitted(width: Int, height: Int) throws {
        let page = try PhotoViewerBrowserTests.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try driver.devTools(
                "Emulation.setDeviceMetricsOverride",
                ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
            try driver.devTools("Emulation.setScriptExecutionDisabled", ["value": true])
            defer { _ = try? driver.devTools("Emulation.setScriptExecutionDisabled", ["value": false]) }
            try driver.navigate(to: page.url)
            let json =
                try driver.execute(
                    """
                    const i = document.querySelector('[data-ashlar-photo] img'); const r = i.getBoundingClientRect();
                    const stage = document.querySelector('.viewer').getBoundingClientRect();
                    const links = [...document.querySelectorAll('.viewer a')].filter(a => a.getBoundingClientRect().bottom <= innerHeight).length;
                    return JSON.stringify({ left: r.left, top: r.top, width: r.width, height: r.height,
                      ratio: +i.getAttribute('width') / +i.getAttribute('height'), viewportWidth: innerWidth, viewportHeight: innerHeight,
                      stageBottom: stage.bottom, ground: getComputedStyle(document.querySelector('.viewer')).backgroundColor,
                      zoomHidden: document.querySelector('[data-ashlar-zoom]').hidden, visibleLinks: links });
                    """) as? String ?? ""
            struct Fit: Decodable {
                var left, top, width, height, ratio, viewportWidth, viewportHeight, stageBottom: Double
                var ground: String
                var zoomHidden: Bool
                var visibleLinks: Int
            }
            let fit = try JSONDecoder().decode(Fit.self, from: Data(json.utf8))
            #expect(fit.viewportWidth == Double(width) && fit.zoomHidden, "no script ran: \(fit)")
            let expected = min(fit.viewportWidth, (fit.viewportHeight - 144) * fit.ratio)
            #expect(abs(fit.width - expected) < 1, "fitted: \(fit.width) px wide, expected \(expected): \(fit)")
            #expect(abs(fit.left + fit.width / 2 - fit.viewportWidth / 2) < 1, "centred: \(fit)")
            #expect(abs(fit.stageBottom - fit.viewportHeight) < 1, "the viewer fills the first screen: \(fit)")
            #expect(fit.ground == "rgb(0, 0, 0)", "on a dark ground: \(fit.ground)")
            #expect(fit.visibleLinks == 3, "Details, Previous and Next on the first screen: \(fit)")
        }
    }
}
