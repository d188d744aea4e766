import AshlarPlatform
import Foundation

/// A deliberately simple HTTP client on a raw socket, so that tests can send exactly the bytes
/// they mean (traversal attempts, malformed and slow requests) and read exactly what comes back.
final class RawHTTP {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to 127.0.0.1:`port`, with `timeout` seconds for every read.
    init(port: Int, timeout: Double = 10) throws {
        descriptor = socket(AF_INET, Platform.streamSocket, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(descriptor)
            throw Failure(description: "cannot connect to port \(port): \(String(cString: strerror(errno)))")
        }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Platform.send(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            guard sent > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads one response; `head: true` for the answer to a HEAD request (no body follows).
    func response(head: Bool = false) throws -> Response {
        var end: Int?
        while end == nil {
            if let index = find([13, 10, 13, 10]) { end = index + 4 } else { try fill() }
        }
        let headText = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end!)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line: \(headText)")
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body: [UInt8] = []
        if !head, status != 304 {
            if let length = headers["content-length"].flatMap(Int.init) {
                while buffer.count < length { try fill() }
                body = Array(buffer[..<length])
                buffer.removeFirst(length)
            } else {
                while (try? fill()) != nil {}
                body = buffer
                buffer = []
            }
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads until the server closes the connection; true when it did within the timeout.
    func closedByServer() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Reads more bytes, or throws when the connection ends or the read times out.
    func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            throw Failure(
                description: count == 0 ? "connection closed" : "read failed: \(String(cString: strerror(errno)))")
        }
        buffer += chunk[..<count]
    }

    /// Bytes received but not yet read as a response (for event streams).
    func takeBuffered() -> String {
        defer { buffer = [] }
        return String(decoding: buffer, as: UTF8.self)
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count)
        where buffer[index..<index + pattern.count].elementsEqual(pattern) {
            return index
        }
        return nil
    }

    /// One request on a fresh connection, `Connection: close`.
    static func get(_ target: String, port: Int, method: String = "GET", headers: [String] = []) throws -> Response {
        let client = try RawHTTP(port: port)
        let extra = headers.map { $0 + "\r\n" }.joined()
        try client.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(extra)\r\n")
        return try client.response(head: method == "HEAD")
    }
}
