import AshlarPlatform
import Foundation
import Synchronization

/// A small HTTP/1.1 server on POSIX sockets: one thread per connection, a cap on connections,
/// deadlines for idle and slow clients, keep-alive and pipelining, GET and HEAD only. What to
/// answer is up to the handler.
package final class HTTPServer: Sendable {
    package struct Configuration: Sendable {
        package var limits = HTTPRequestParser.Limits()
        /// Connections open at once; more are answered 503 and closed.
        package var maximumConnections = 512
        /// Event streams (live reload) open at once, within `maximumConnections`; more are
        /// answered 503. Each holds its connection for as long as its page is open, so without
        /// a cap of their own idle pages could take every connection and lock out requests.
        package var maximumEventStreams = 32
        /// How long a kept-alive connection may wait for its next request.
        package var idleTimeout: Double = 15
        /// How long a client may take to send a whole request head once it has started.
        package var headTimeout: Double = 10
        /// How long a response may make no progress before the client is dropped.
        package var sendStall: Double = 30

        package init() {}
    }

    package typealias Handler = @Sendable (HTTPRequestHead) -> HTTPResponse

    private let socket: ListeningSocket
    private let configuration: Configuration
    private let handler: Handler
    private let state = Mutex(State())

    private struct State {
        var open = 0
        var eventStreams = 0
        var stopped = false
    }

    package init(socket: ListeningSocket, configuration: Configuration = Configuration(), handler: @escaping Handler) {
        self.socket = socket
        self.configuration = configuration
        self.handler = handler
    }

    /// Accepts connections until `stop()`. Blocks the calling thread.
    package func run() {
        signal(SIGPIPE, SIG_IGN)
        while !state.withLock({ $0.stopped }) {
            var poller = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 250)
            guard ready > 0 else { continue }
            let client = accept(socket.descriptor, nil, nil)
            guard client >= 0 else {
                // Out of file descriptors: give connections in progress a moment to finish.
                if errno == EMFILE || errno == ENFILE { usleep(10_000) }
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let admitted = state.withLock { state -> Bool in
                guard state.open < configuration.maximumConnections else { return false }
                state.open += 1
                return true
            }
            guard admitted else {
                let busy = HTTPResponse.html(
                    .serviceUnavailable, ErrorPage.message(.serviceUnavailable, "Too many connections; try again."))
                let bytes = busy.head(keepAlive: false) + (busy.bytes ?? [])
                _ = bytes.withUnsafeBytes { raw in
                    raw.baseAddress.map { Platform.send(client, $0, raw.count, flags: Int32(MSG_DONTWAIT)) }
                }
                ClientConnection(descriptor: client).close()
                continue
            }
            let thread = Thread { [self] in
                serve(ClientConnection(descriptor: client))
                state.withLock { $0.open -= 1 }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Stops accepting; connections in progress finish their current response.
    package func stop() {
        state.withLock { $0.stopped = true }
    }

    private func serve(_ connection: ClientConnection) {
        var connection = connection
        defer { connection.close() }
        while let head = readHead(&connection) {
            let keepAlive = head.keepAlive && !head.hasBody && !state.withLock({ $0.stopped })
            guard respond(to: head, on: connection, keepAlive: keepAlive), keepAlive else { return }
        }
    }

    /// Waits (up to the idle timeout) for the next request to start, then (up to the head
    /// timeout) for its whole head. Nil when the connection is done; bad requests are answered
    /// here.
    private func readHead(_ connection: inout ClientConnection) -> HTTPRequestHead? {
        if connection.buffer.isEmpty {
            guard connection.receive(until: ClientConnection.now() + configuration.idleTimeout) == .data else {
                return nil
            }
        }
        let deadline = ClientConnection.now() + configuration.headTimeout
        while true {
            switch HTTPRequestParser.parse(connection.buffer, limits: configuration.limits) {
            case .complete(let head, let length):
                connection.buffer.removeFirst(length)
                return head
            case .invalid(let status, let reason):
                refuse(status, reason, on: connection)
                return nil
            case .incomplete:
                switch connection.receive(until: deadline) {
                case .data: continue
                case .closed: return nil
                case .timedOut:
                    refuse(.requestTimeout, "The request took too long to arrive.", on: connection)
                    return nil
                }
            }
        }
    }

    private func refuse(_ status: HTTPStatus, _ reason: String, on connection: ClientConnection) {
        let response = HTTPResponse.html(status, ErrorPage.message(status, reason))
        _ = connection.send(response.head(keepAlive: false) + (response.bytes ?? []), stall: 1)
    }

    /// Sends the handler's response; false when the connection cannot go on.
    private func respond(to head: HTTPRequestHead, on connection: ClientConnection, keepAlive: Bool) -> Bool {
        var response: HTTPResponse
        if head.method == "GET" || head.method == "HEAD" {
            response = handler(head)
        } else {
            response = HTTPResponse.html(
                .methodNotAllowed, ErrorPage.message(.methodNotAllowed, "This server answers GET and HEAD only."),
                extraHeaders: [("Allow", "GET, HEAD")])
        }
        let isHead = head.method == "HEAD"
        switch response.body {
        case .bytes(let bytes):
            return connection.send(
                response.head(keepAlive: keepAlive) + (isHead ? [] : bytes), stall: configuration.sendStall)
        case .file(let path, let size):
            let file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else {
                let missing = HTTPResponse.html(.notFound, ErrorPage.message(.notFound, "Not found."))
                return connection.send(
                    missing.head(keepAlive: keepAlive) + (isHead ? [] : missing.bytes ?? []),
                    stall: configuration.sendStall)
            }
            defer { Platform.close(file) }
            guard connection.send(response.head(keepAlive: keepAlive), stall: configuration.sendStall) else {
                return false
            }
            return isHead || connection.sendFile(file, length: size, stall: configuration.sendStall)
        case .eventStream(let stream):
            let admitted = state.withLock { state -> Bool in
                guard state.eventStreams < configuration.maximumEventStreams else { return false }
                state.eventStreams += 1
                return true
            }
            guard admitted else {
                refuse(
                    .serviceUnavailable, "Too many pages are listening for rebuilds; close some and reload.",
                    on: connection)
                return false
            }
            defer { state.withLock { $0.eventStreams -= 1 } }
            guard
                connection.send(response.head(keepAlive: false, includeLength: false), stall: configuration.sendStall),
                !isHead
            else { return false }
            stream(EventStreamClient(descriptor: connection.descriptor, stall: configuration.sendStall))
            return false
        }
    }
}

extension HTTPResponse {
    /// The body, when it is bytes in memory.
    var bytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }
}
