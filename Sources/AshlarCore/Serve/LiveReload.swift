import Foundation
import Synchronization

/// Tells open pages to reload after a rebuild, over Server-Sent Events. The script that listens
/// is added to HTML responses by the server only; built files never contain it.
public final class LiveReload: Sendable {
    /// Where pages listen for builds.
    public static let eventsPath = "/__ashlar/live-reload"

    private let condition = NSCondition()
    private let state: Mutex<(generation: Int, stopped: Bool)>

    /// Build numbers start from the clock, so that a page left open across a server restart
    /// still notices the new server's builds.
    public init() {
        state = Mutex((generation: Int(Date().timeIntervalSince1970) * 1000, stopped: false))
    }

    /// The current build's number; pages that were served an older one reload.
    public var generation: Int { state.withLock { $0.generation } }

    /// Announces a new build to every open page.
    public func announce() {
        condition.lock()
        state.withLock { $0.generation += 1 }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every event stream (on shutdown).
    public func stop() {
        condition.lock()
        state.withLock { $0.stopped = true }
        condition.broadcast()
        condition.unlock()
    }

    /// The event stream for one page: the current build's number at once, then each new one,
    /// with a comment every `keepAlive` seconds so that a closed page is noticed.
    public func response(keepAlive: Double = 15) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")],
            body: .eventStream { [self] send in
                var sent = generation
                guard send("retry: 500\nevent: build\ndata: \(sent)\n\n") else { return }
                while true {
                    condition.lock()
                    let deadline = Date(timeIntervalSinceNow: keepAlive)
                    var current = state.withLock { $0 }
                    while current.generation == sent, !current.stopped, Date() < deadline {
                        _ = condition.wait(until: deadline)
                        current = state.withLock { $0 }
                    }
                    condition.unlock()
                    if current.stopped { return }
                    if current.generation != sent {
                        sent = current.generation
                        guard send("event: build\ndata: \(sent)\n\n") else { return }
                    } else {
                        guard send(": keep-alive\n\n") else { return }
                    }
                }
            })
    }

    /// The listening script for a page served during build `generation`: it reloads the page
    /// when the server reports a different build (also after the server restarts).
    public static func script(generation: Int) -> String {
        "<script>(()=>{const e=new EventSource(\"\(eventsPath)\");e.addEventListener(\"build\",m=>{if(m.data!==\"\(generation)\"){e.close();location.reload()}})})()</script>"
    }

    /// `html` with the script inserted before the last `</body>`, or appended when there is none.
    public static func inject(into html: [UInt8], generation: Int) -> [UInt8] {
        let script = Array(script(generation: generation).utf8)
        let closing = Array("</body".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if html[index] == 0x3C, zip(html[index..<index + closing.count], closing).allSatisfy({ lowercase($0) == $1 }) {
                return Array(html[..<index]) + script + Array(html[index...])
            }
            index -= 1
        }
        return html + script
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
