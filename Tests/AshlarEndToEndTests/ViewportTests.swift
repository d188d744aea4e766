import AshlarTestSupport
import Foundation
import Testing

/// The theme is usable from 320 px to 2560 px: nothing is wider than the viewport.
@Suite(
    .tags(.browser),
    .enabled(if: WebDriver.isAvailable, "needs chromium and chromedriver: run .ci/install-browser-tools"), .serialized)
struct ViewportTests {
    @Test(arguments: AccessibilityTests.siteExamplePages)
    func noHorizontalScrollFrom320To2560(page: String) throws {
        let built = try SiteExample.built.get()
        let url = built.output.appendingPathComponent(page)
        try WebDriver.withSuiteSession(width: 320) { driver in
            for width in [320, 414, 768, 1280, 1920, 2560] {
                try driver.setWindowSize(width: width, height: 900)
                try driver.navigate(to: url)
                let sizes =
                    try driver.execute(
                        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth, innerWidth];"
                    ) as? [Int] ?? []
                #expect(sizes.count == 3 && sizes[2] == width, "viewport \(sizes) at \(width)")
                #expect(sizes.count == 3 && sizes[0] <= sizes[1], "\(page) scrolls sideways at \(width) px: \(sizes)")
            }
        }
    }
}
