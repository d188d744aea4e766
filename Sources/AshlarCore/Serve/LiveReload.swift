import Foundation
import Synchronization

/// Tells open pages to reload after a rebuild, over Server-Sent Events. The script that listens
/// is added to HTML responses by the server only; built files never contain it.
package final class LiveReload: Sendable {
    /// Where pages listen for builds.
    package static let eventsPath = "/__ashlar/live-reload"

    private let state: Mutex<State>

    private struct State {
        var generation: Int
        var stopped = false
        /// The writing end of one pipe per open stream: a byte wakes the stream when a build is
        /// announced. (A pipe: every POSIX system has one, and Glibc's Swift module has no `eventfd`.)
        var wakers: Set<Int32> = []

        func wakeAll() {
            var byte: UInt8 = 1
            for waker in wakers { _ = write(waker, &byte, 1) }
        }
    }

    /// Build numbers start from the clock, so that a page left open across a server restart
    /// still notices the new server's builds.
    package init() {
        state = Mutex(State(generation: Int(Date().timeIntervalSince1970) * 1000))
    }

    /// The current build's number; pages that were served an older one reload.
    package var generation: Int { state.withLock { $0.generation } }

    /// Announces a new build to every open page.
    package func announce() {
        state.withLock { state in
            state.generation += 1
            state.wakeAll()
        }
    }

    /// Ends every event stream (on shutdown).
    package func stop() {
        state.withLock { state in
            state.stopped = true
            state.wakeAll()
        }
    }

    /// The event stream for one page: the current build's number at once, then each new one,
    /// with a comment every `keepAlive` seconds. It waits on the page's connection as well as on
    /// the next build, so a page that closes ends its stream (and frees its connection) at once.
    package func response(keepAlive: Double = 15) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store")],
            body: .eventStream { [self] client in
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { return }
                let (wake, waker) = (ends[0], ends[1])
                for end in ends {
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                }
                // Registered before the first number is read, so no build can slip in between.
                let (first, stopped) = state.withLock { state in
                    state.wakers.insert(waker)
                    return (state.generation, state.stopped)
                }
                defer {
                    state.withLock { _ = $0.wakers.remove(waker) }
                    close(waker)
                    close(wake)
                }
                if stopped { return }
                var sent = first
                guard client.send("retry: 500\nevent: build\ndata: \(sent)\n\n") else { return }
                while true {
                    let wait = client.wait(wakingOn: wake, timeout: keepAlive)
                    if wait == .hungUp { return }
                    var drained = [UInt8](repeating: 0, count: 64)
                    while read(wake, &drained, drained.count) > 0 {}
                    let current = state.withLock { (generation: $0.generation, stopped: $0.stopped) }
                    if current.stopped { return }
                    if current.generation != sent {
                        sent = current.generation
                        guard client.send("event: build\ndata: \(sent)\n\n") else { return }
                    } else if wait == .timedOut {
                        guard client.send(": keep-alive\n\n") else { return }
                    }
                }
            })
    }

    /// The listening script for a page served during build `generation`: it reloads the page
    /// when the server reports a different build (also after the server restarts).
    package static func script(generation: Int) -> String {
        "<script>(()=>{const e=new EventSource(\"\(eventsPath)\");e.addEventListener(\"build\",m=>{if(m.data!==\"\(generation)\"){e.close();location.reload()}})})()</script>"
    }

    /// `html` with the script inserted before the last `</body>`, or appended when there is none.
    package static func inject(into html: [UInt8], generation: Int) -> [UInt8] {
        let script = Array(script(generation: generation).utf8)
        let closing = Array("</body".utf8)
        var index = html.count - closing.count
        while index >= 0 {
            if html[index] == 0x3C,
                zip(html[index..<index + closing.count], closing).allSatisfy({ lowercase($0) == $1 })
            {
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
