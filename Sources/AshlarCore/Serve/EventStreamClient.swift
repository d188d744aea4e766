import AshlarPlatform
import Foundation

/// The page at the other end of an event stream: what the stream's closure writes to, and
/// waits on between events so that a closed page is noticed the moment it goes.
package struct EventStreamClient: Sendable {
    let descriptor: Int32
    /// How long a write may make no progress before the page is given up.
    let stall: Double

    /// Sends `text`; false when the page went away.
    package func send(_ text: String) -> Bool {
        ClientConnection(descriptor: descriptor).send(Array(text.utf8), stall: stall)
    }

    package enum Wait: Sendable, Equatable {
        /// `wake` became readable.
        case woken
        /// The page closed the connection (or it broke).
        case hungUp
        case timedOut
    }

    /// Waits up to `timeout` seconds for `wake` to become readable or for the page to hang up.
    /// Only hang-ups are watched on the connection (`POLLRDHUP`, not `POLLIN`): bytes a page
    /// sends on an event stream are never read, and must not wake the wait again and again.
    /// (Darwin has no `POLLRDHUP`: there a page that closes is noticed by `POLLHUP`, or by the
    /// next write, at the latest the keep-alive comment.)
    package func wait(wakingOn wake: Int32, timeout: Double) -> Wait {
        let readHangUp = Platform.pollPeerClosed
        var pollers = [
            pollfd(fd: descriptor, events: readHangUp, revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&pollers, 2, Int32(max(0, min(timeout, 3600)) * 1000))
        if ready < 0 { return errno == EINTR ? .woken : .hungUp }
        if ready == 0 { return .timedOut }
        if pollers[0].revents & (readHangUp | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0 { return .hungUp }
        return .woken
    }
}
