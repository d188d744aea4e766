import Foundation
import Synchronization

/// One headless Chromium (through chromedriver) per test suite, shared by the suite's cases:
/// starting a browser costs about a second of both cores, and `BrowserGeometryTests` alone has 66
/// cases. The cases take the browser in turn; each opens its page afresh, so nothing of one case
/// (a script's changes, the viewport, the device pixel ratio) reaches the next. A session that
/// failed is ended and the next case starts a new one. Every session ends when the test process
/// exits.
final class BrowserSession: @unchecked Sendable {
    /// Guards `driver`, and so hands the browser to one case at a time.
    private let lock = NSLock()
    private var driver: WebDriver?

    private static let sessions = Mutex<[String: BrowserSession]>([:])

    /// The session of `suite` (any name; `Chromium.measure` uses the caller's file, which holds one suite).
    static func named(_ suite: String) -> BrowserSession {
        sessions.withLock { sessions in
            if let session = sessions[suite] { return session }
            if sessions.isEmpty { atexit { BrowserSession.quitAll() } }
            let session = BrowserSession()
            sessions[suite] = session
            return session
        }
    }

    /// Runs `body` with the suite's browser, started on first use, while no other case holds it.
    func withDriver<T>(_ body: (WebDriver) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let current: WebDriver
        if let driver {
            current = driver
        } else {
            current = try WebDriver.open(width: 1280, height: 900)
            driver = current
        }
        do {
            return try body(current)
        } catch {
            // The browser may be in any state now: the next case gets a new one.
            current.quit()
            driver = nil
            throw error
        }
    }

    private func quit() {
        lock.lock()
        defer { lock.unlock() }
        driver?.quit()
        driver = nil
    }

    private static func quitAll() {
        for session in sessions.withLock({ Array($0.values) }) { session.quit() }
    }
}
