import Foundation

/// What the preview server answers: a status, header fields and a body that is bytes in memory,
/// a file streamed from disk, or an event stream that stays open.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    /// Header fields besides `Content-Length`, `Connection` and `Date`, which the server adds.
    package var headers: [(name: String, value: String)]
    package var body: Body

    package enum Body: Sendable {
        case bytes([UInt8])
        /// A file of this size, sent with `sendfile`; a file that cannot be opened by then is a 404.
        case file(path: String, size: Int)
        /// `text/event-stream`: the closure writes events to the client until it returns (when a
        /// write fails or the client hangs up); the connection closes afterwards.
        case eventStream(@Sendable (_ client: EventStreamClient) -> Void)
    }

    package init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A small HTML page (errors, redirects) with the right headers.
    package static func html(_ status: HTTPStatus, _ page: String, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", ContentType.forPath("x.html")), ("Cache-Control", "no-store")] + extraHeaders,
            body: .bytes(Array(page.utf8)))
    }

    /// The body's length, when known in advance.
    var contentLength: Int? {
        switch body {
        case .bytes(let bytes): bytes.count
        case .file(_, let size): size
        case .eventStream: nil
        }
    }

    /// Now, as HTTP writes dates: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func date() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 40)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The status line and header fields, ending with the blank line.
    func head(keepAlive: Bool, includeLength: Bool = true) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\nDate: \(Self.date())\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if includeLength, let contentLength { text += "Content-Length: \(contentLength)\r\n" }
        text += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        text += "\r\n"
        return Array(text.utf8)
    }
}
