import AshlarTestSupport
import Foundation
import Testing

/// Printed, an album is a list of its photos, one under another in reading order, with titles.
@Suite(
    .tags(.browser),
    .enabled(if: WebDriver.isAvailable, "needs chromium and chromedriver: run .ci/install-browser-tools"), .serialized)
struct PrintTests {
    @Test func albumsPrintAsAListOfPhotos() throws {
        let built = try SiteExample.built.get()
        let page = built.output.appendingPathComponent("nature/index.html")
        try WebDriver.withSuiteSession(width: 1200) { driver in
            try driver.emulateMediaType("print")
            try driver.navigate(to: page)
            let script = """
                const tiles = [...document.querySelectorAll('.gallery-list:last-of-type > li')];
                return tiles.map(t => { const r = t.getBoundingClientRect(); const label = t.querySelector('.tile-label');
                  return [r.left, r.top, r.height, label ? getComputedStyle(label).opacity : '1']; });
                """
            let rows = try #require(try driver.execute(script) as? [[Any]])
            #expect(rows.count == 12)
            let lefts = Set(rows.compactMap { ($0[0] as? Double).map { Int($0.rounded()) } ?? ($0[0] as? Int) })
            #expect(lefts.count == 1, "printed tiles sit in \(lefts.count) columns")
            let tops = rows.compactMap { ($0[1] as? Double) ?? ($0[1] as? Int).map(Double.init) }
            #expect(
                tops == tops.sorted() && Set(tops).count == tops.count,
                "printed tiles are not one under another: \(tops)")
            #expect(rows.allSatisfy { ($0[3] as? String) == "1" }, "titles are hidden in print")
        }
    }
}
