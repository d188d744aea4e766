import AshlarPlatform
import Foundation
import Testing

@testable import AshlarCore

@Suite struct LiveReloadStreamTests {
    /// A page that closes its event stream is noticed at once, not at the next keep-alive.
    @Test func aClosedPageEndsItsStreamAtOnce() throws {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Platform.streamSocket, 0, &ends) == 0)
        let (server, client) = (ends[0], ends[1])
        defer { close(server) }
        let liveReload = LiveReload()
        guard case .eventStream(let stream) = liveReload.response(keepAlive: 20).body else {
            Issue.record("not an event stream")
            return
        }
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            stream(EventStreamClient(descriptor: server, stall: 1))
            finished.signal()
        }
        var first = [UInt8](repeating: 0, count: 256)
        #expect(recv(client, &first, first.count, 0) > 0)
        let closed = Date()
        close(client)
        #expect(finished.wait(timeout: .now() + 3) == .success, "the stream outlived its page")
        #expect(Date().timeIntervalSince(closed) < 1)
        liveReload.stop()
    }
}
