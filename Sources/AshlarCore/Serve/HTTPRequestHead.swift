/// A parsed HTTP/1.x request line and header fields. The preview server never reads request
/// bodies.
package struct HTTPRequestHead: Sendable, Equatable {
    package var method: String
    /// The request target exactly as sent (`/album/?page=2`), still percent-encoded.
    package var target: String
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    package var minorVersion: Int
    /// Header fields in order, names as sent.
    package var headers: [(name: String, value: String)]

    package init(method: String, target: String, minorVersion: Int, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The first field of this name (case-insensitive).
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    package var keepAlive: Bool {
        let tokens = headers.filter { $0.name.lowercased() == "connection" }
            .flatMap { $0.value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: " \t") } }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// True when the request announces a body (which the server does not read, so the
    /// connection must close after the response).
    package var hasBody: Bool {
        if header("transfer-encoding") != nil { return true }
        if let length = header("content-length") { return length.trimmingCharacters(in: " \t") != "0" }
        return false
    }

    package static func == (a: HTTPRequestHead, b: HTTPRequestHead) -> Bool {
        a.method == b.method && a.target == b.target && a.minorVersion == b.minorVersion
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = self
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        self[...].trimmingCharacters(in: set)
    }
}
