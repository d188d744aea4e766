import AshlarTestSupport
import Foundation
import Testing

/// Photo pages as a viewer, in headless Chromium: ← → Esc ↑ and swipes reach the right pages,
/// click and keyboard zoom in place, the speculation rules name the neighbours, nothing shifts, and the
/// page works with the script blocked.
@Suite(
    .tags(.browser),
    .enabled(if: WebDriver.isAvailable, "needs chromium and chromedriver: run .ci/install-browser-tools"), .serialized)
struct PhotoViewerBrowserTests {
    /// A photo page of site-example with both neighbours, and the links its HTML gives.
    struct PhotoPage {
        var url: URL
        var previous: URL
        var next: URL
        /// The album page at this photo (`…/index.html#slug`).
        var album: URL
        var full: URL
    }

    /// The first photo page (in path order) that has a previous and a next photo.
    static func middlePage() throws -> PhotoPage {
        let built = try SiteExample.built.get()
        for page in SiteExample.pages(in: built.output) {
            let url = built.output.appendingPathComponent(page)
            let html = try String(contentsOf: url, encoding: .utf8)
            guard let previous = link(in: html, rel: "prev", relativeTo: url),
                let next = link(in: html, rel: "next", relativeTo: url),
                let album = attribute("href", ofTagWith: "data-ashlar-album", in: html, relativeTo: url),
                let full = attribute("href", ofTagWith: "data-ashlar-full", in: html, relativeTo: url)
            else { continue }
            return PhotoPage(url: url, previous: previous, next: next, album: album, full: full)
        }
        throw WebDriver.Failure(description: "site-example has no photo page with two neighbours")
    }

    /// The `href` of the `<a … rel="REL">` in the page's body.
    static func link(in html: String, rel: String, relativeTo page: URL) -> URL? {
        attribute("href", ofTagWith: "rel=\"\(rel)\"", in: html, relativeTo: page, tag: "<a ")
    }

    /// An attribute of the first tag (starting with `tag`) that contains `marker`, resolved as a URL.
    static func attribute(
        _ name: String, ofTagWith marker: String, in html: String, relativeTo page: URL, tag: String = "<"
    )
        -> URL?
    {
        for piece in html.components(separatedBy: tag).dropFirst() {
            let element = piece.prefix { $0 != ">" }
            guard element.contains(marker), let start = element.range(of: "\(name)=\"") else { continue }
            let value = element[start.upperBound...].prefix { $0 != "\"" }
            return URL(string: String(value).replacingOccurrences(of: "&amp;", with: "&"), relativeTo: page)?
                .absoluteURL.standardized
        }
        return nil
    }

    /// Opens `page` and waits until the theme's script has run (it shows the Zoom button).
    static func open(_ page: URL, in driver: WebDriver) throws {
        try driver.navigate(to: page)
        try waitFor(driver, "the script to run on \(page.lastPathComponent)") {
            try driver.execute("const b = document.querySelector('[data-ashlar-zoom]'); return !!b && !b.hidden;")
                as? Bool == true
        }
    }

    static func waitFor(_ driver: WebDriver, _ what: String, seconds: Double = 10, _ condition: () throws -> Bool)
        throws
    {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            usleep(50_000)
        }
        throw WebDriver.Failure(description: "timed out waiting for \(what)")
    }

    /// Waits until the browser shows `expected` (compared without `file://` spelling differences).
    static func waitForPage(_ driver: WebDriver, _ expected: URL, after action: String) throws {
        var seen = ""
        do {
            try waitFor(driver, "\(action) to open \(expected.absoluteString)") {
                seen = try driver.currentURL()
                return URL(string: seen)?.standardized.absoluteString == expected.standardized.absoluteString
            }
        } catch {
            Issue.record("\(action) showed \(seen), not \(expected.absoluteString)")
        }
    }

    /// Waits long enough for a navigation to start, then expects the browser still on `page`.
    static func expectStays(on page: URL, _ driver: WebDriver, after action: String) throws {
        usleep(700_000)
        let shown = try driver.currentURL()
        #expect(URL(string: shown)?.standardized == page.standardized, "\(action) left the page for \(shown)")
    }

    static let left = "\u{E012}"
    static let up = "\u{E013}"
    static let right = "\u{E014}"
    static let escape = "\u{E00C}"
    static let enter = "\u{E007}"

    @Test func arrowKeysAndEscapeOpenTheNeighboursAndTheAlbum() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            for (key, target, name) in [
                (Self.right, page.next, "→"), (Self.left, page.previous, "←"), (Self.escape, page.album, "Esc"),
                (Self.up, page.album, "↑ at the top"),
            ] {
                try Self.open(page.url, in: driver)
                try driver.press(key)
                try Self.waitForPage(driver, target, after: name)
            }
        }
    }

    @Test func keysAreIgnoredWhileTypingInAFormField() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.open(page.url, in: driver)
            try driver.execute(
                "const i = document.createElement('input'); i.id = 'probe'; document.querySelector('main').prepend(i); i.focus();"
            )
            try driver.press(Self.right)
            try driver.press(Self.escape)
            try Self.expectStays(on: page.url, driver, after: "a key or swipe that should be ignored")
        }
    }

    @Test func swipesOpenTheNextAndPreviousPhoto() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 600, height: 900) { driver in
            try Self.open(page.url, in: driver)
            try driver.swipe(from: (450, 300), to: (120, 310))
            try Self.waitForPage(driver, page.next, after: "a swipe to the left")
            try Self.open(page.url, in: driver)
            try driver.swipe(from: (120, 300), to: (450, 290))
            try Self.waitForPage(driver, page.previous, after: "a swipe to the right")
            // A mostly vertical drag scrolls; it does not change the photo.
            try Self.open(page.url, in: driver)
            try driver.swipe(from: (300, 600), to: (250, 200))
            try Self.expectStays(on: page.url, driver, after: "a key or swipe that should be ignored")
        }
    }

    /// The photo as drawn (its transform included) and the Zoom button's state.
    static let zoomState = """
        const i = document.querySelector('[data-ashlar-photo] img');
        return { width: i.getBoundingClientRect().width, fitted: i.offsetWidth,
          full: +document.querySelector('[data-ashlar-full]').dataset.width,
          pressed: document.querySelector('[data-ashlar-zoom]').getAttribute('aria-pressed') };
        """

    /// Clicks the middle of the page's photo and gives the script 0.4 s to answer.
    static func clickPhotoCentre(_ driver: WebDriver) throws {
        let box =
            try driver.execute(
                "const r = document.querySelector('[data-ashlar-photo] img').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];"
            ) as? [Double] ?? []
        try #require(box.count == 2)
        try driver.click(x: Int(box[0]), y: Int(box[1]))
        usleep(400_000)
    }

    @Test func clickAndKeyboardZoomToOneToOneInPlaceAndBack() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.open(page.url, in: driver)
            try Self.clickPhotoCentre(driver)
            let zoomed = try driver.execute(Self.zoomState) as? [String: Any] ?? [:]
            #expect(zoomed["pressed"] as? String == "true", "a click zooms: \(zoomed)")
            let width = zoomed["width"] as? Double ?? 0
            let full = zoomed["full"] as? Double ?? -9
            #expect(abs(width - full) < 1, "shown at 1:1, the full rendition's width: \(zoomed)")
            // Esc leaves the zoom, and only that: the page stays.
            try driver.press(Self.escape)
            usleep(400_000)
            let closed = try driver.execute(Self.zoomState) as? [String: Any] ?? [:]
            let fitted = (closed["width"] as? Double ?? 0) - (closed["fitted"] as? Double ?? -9)
            #expect(closed["pressed"] as? String == "false" && abs(fitted) < 1, "back to fit: \(closed)")
            #expect(URL(string: try driver.currentURL())?.standardized == page.url.standardized)
            // The keyboard reaches the same zoom through the Zoom button.
            try driver.execute("document.querySelector('[data-ashlar-zoom]').focus();")
            try driver.press(Self.enter)
            usleep(400_000)
            let byKeyboard = try driver.execute(Self.zoomState) as? [String: Any] ?? [:]
            #expect(byKeyboard["pressed"] as? String == "true", "Enter on the Zoom button zooms: \(byKeyboard)")
            let axe = try Axe.violations(in: driver)
            #expect(axe.isEmpty, "the zoomed photo: \(axe.map(\.description).joined(separator: "\n"))")
            // A first Esc leaves the zoom, a second goes back to the album.
            try driver.press(Self.escape)
            try Self.expectStays(on: page.url, driver, after: "Esc while zoomed")
            try driver.press(Self.escape)
            try Self.waitForPage(driver, page.album, after: "a second Esc")
        }
    }

    /// A photo fitted at 1:1 or larger (300 px wide on a 1280 px screen) has no zoom: the Zoom
    /// button is disabled, a click leaves the photo as it is; a larger one (1200 px) zooms.
    @Test func aPhotoShownAtOneToOneOrLargerHasNoZoom() throws {
        let folder = try TemporaryFolder("ashlar-viewer-small")
        try folder.write(TinyPNG.make(width: 300, height: 200), to: "a.png")
        try folder.write(TinyPNG.make(width: 1200, height: 800), to: "b.png")
        let run = try Ashlar.run(["build", folder.url.path])
        try #require(run.status == 0, "\(run.stderr)")
        try WebDriver.withSuiteSession(width: 1280) { driver in
            for (name, zooms) in [("a", false), ("b", true)] {
                try Self.open(folder.url.appendingPathComponent("_site/\(name)/index.html"), in: driver)
                try Self.clickPhotoCentre(driver)
                let state =
                    try driver.execute(
                        "const b = document.querySelector('[data-ashlar-zoom]'); return [b.disabled, b.getAttribute('aria-pressed') === 'true'];"
                    ) as? [Bool] ?? []
                #expect(state == [!zooms, zooms], "\(name).png: [disabled, zoomed] = \(state)")
            }
        }
    }

    /// On a French site the viewer's words are French, from the theme's words.
    @Test func theViewerSpeaksTheSitesLanguage() throws {
        let folder = try TemporaryFolder("ashlar-viewer-language")
        try folder.write(#"{"title": "Voyage", "language": "fr"}"#, to: "ashlar.json")
        try folder.write(TinyPNG.make(width: 1200, height: 800), to: "a.png")
        try folder.write(#"{"title": "Phare", "alt": "Un phare"}"#, to: "a.png.json")
        let run = try Ashlar.run(["build", folder.url.path])
        try #require(run.status == 0, "\(run.stderr)")
        let page = folder.url.appendingPathComponent("_site/a/index.html")
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.open(page, in: driver)
            try driver.execute("document.querySelector('[data-ashlar-zoom]').click();")
            let labels =
                try driver.execute(
                    "return [document.querySelector('.viewer-details').textContent, document.querySelector('[data-ashlar-zoom]').textContent, document.querySelector('[data-ashlar-zoom]').getAttribute('aria-pressed')];"
                ) as? [String] ?? []
            #expect(labels == ["D\u{E9}tails", "Zoom", "true"], "\(labels)")
        }
    }

    @Test func speculationRulesNameTheNeighbours() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try Self.open(page.url, in: driver)
            let urls =
                try driver.execute(
                    "return JSON.parse(document.querySelector('script[type=speculationrules]').textContent).prerender.flatMap(r => r.urls.map(u => new URL(u, location.href).href));"
                ) as? [String] ?? []
            #expect(
                urls.compactMap { URL(string: $0)?.standardized } == [page.previous, page.next].map(\.standardized),
                "\(urls)")
            #expect(
                try driver.execute("return HTMLScriptElement.supports('speculationrules');") as? Bool == true,
                "this Chromium reads speculation rules")
        }
    }

    /// Where the browser has no speculation rules, the script prefetches the next photo's image:
    /// the narrowest candidate of its `srcset` at least as wide as the one this page shows.
    @Test func withoutSpeculationRulesTheNextImageIsPrefetched() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try driver.devTools(
                "Page.addScriptToEvaluateOnNewDocument",
                ["source": "HTMLScriptElement.supports = () => false;"])
            try Self.open(page.url, in: driver)
            var found: [String: Any] = [:]
            try Self.waitFor(driver, "a prefetch link") {
                found =
                    try driver.execute(
                        """
                        const link = document.querySelector('link[rel=prefetch]');
                        const parse = s => (s || '').split(/,\\s*/).filter(p => p.trim()).map(p => { const [u, w] = p.trim().split(/\\s+/); return [new URL(u, document.baseURI).href, parseInt(w, 10)]; });
                        const img = document.querySelector('[data-ashlar-photo] img');
                        const shown = parse(img.getAttribute('srcset')).find(c => c[0] === img.currentSrc);
                        return { href: link ? link.href : null, shown: shown ? shown[1] : 0,
                          next: parse(document.querySelector('a[rel~=next]').dataset.srcset) };
                        """) as? [String: Any] ?? [:]
                return found["href"] is String
            }
            let href = try #require(found["href"] as? String)
            let candidates = (found["next"] as? [[Any]] ?? []).compactMap { pair -> (String, Int)? in
                guard pair.count == 2, let url = pair[0] as? String, let width = pair[1] as? Int else { return nil }
                return (url, width)
            }.sorted { $0.1 < $1.1 }
            let shown = found["shown"] as? Int ?? 0
            let expected = candidates.first { $0.1 >= shown } ?? candidates.last
            #expect(shown > 0 && href == expected?.0, "prefetched \(href); shown \(shown) px; next: \(candidates)")
        }
    }

    /// Cumulative layout shift from the page's start until the image is decoded and the script
    /// has run (1.5 s more), at a phone's and a desktop's width.
    @Test func photoPagesDoNotShift() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 414) { driver in
            for width in [414, 1440] {
                try driver.setWindowSize(width: width, height: 900)
                for url in [page.url, page.next, page.previous] {
                    try Self.open(url, in: driver)
                    let shift = try driver.executeAsync(
                        """
                        const done = arguments[arguments.length - 1];
                        let total = 0; const moved = [];
                        new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
                          total += e.value;
                          for (const s of e.sources) moved.push((s.node ? s.node.nodeName + '.' + s.node.className : '?') + ' ' + JSON.stringify([s.previousRect, s.currentRect]));
                        } }).observe({ type: 'layout-shift', buffered: true });
                        document.querySelector('[data-ashlar-photo] img').decode().catch(() => {}).then(() => setTimeout(() => done({ total, moved }), 1500));
                        """)
                    let result = shift as? [String: Any]
                    #expect(
                        result?["total"] as? Double == 0,
                        "\(url.path) at \(width) px: layout shift \(String(describing: result))")
                }
            }
        }
    }

    /// With `ashlar.js` blocked the photo, its neighbours' links and "View full size" still work;
    /// only the keys do nothing.
    @Test func thePageWorksWithTheScriptBlocked() throws {
        let page = try Self.middlePage()
        try WebDriver.withSuiteSession(width: 1280) { driver in
            try driver.devTools("Network.enable")
            try driver.devTools("Network.setBlockedURLs", ["urls": ["*ashlar.js"]])
            try driver.navigate(to: page.url)
            let state =
                try driver.execute(
                    """
                    const img = document.querySelector('[data-ashlar-photo] img');
                    return { zoomHidden: document.querySelector('[data-ashlar-zoom]').hidden,
                      loaded: img.complete && img.naturalWidth > 0,
                      scripts: performance.getEntriesByType('resource').filter(e => e.name.endsWith('ashlar.js')).map(e => e.responseStatus || 0) };
                    """) as? [String: Any] ?? [:]
            #expect(state["zoomHidden"] as? Bool == true, "the script did not run: \(state)")
            #expect(state["loaded"] as? Bool == true, "the photo shows: \(state)")
            try driver.press(Self.right)
            try Self.expectStays(on: page.url, driver, after: "→")
            // The links do what they say.
            let next =
                try driver.execute(
                    "const a = document.querySelector('a[rel~=next]'); a.scrollIntoView({ block: 'center' }); const s = (a.querySelector('span') || a).getBoundingClientRect(); return [s.left + s.width / 2, s.top + s.height / 2];"
                ) as? [Double] ?? []
            try #require(next.count == 2)
            try driver.click(x: Int(next[0]), y: Int(next[1]))
            try Self.waitForPage(driver, page.next, after: "a click on Next")
            try driver.navigate(to: page.full)
            let full = try driver.execute("const i = document.querySelector('img'); return !!i && i.naturalWidth > 0;")
            #expect(full as? Bool == true, "View full size opens the image \(page.full.lastPathComponent)")
        }
    }
}
