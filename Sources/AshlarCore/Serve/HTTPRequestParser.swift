/// Parses the head of an HTTP/1.x request (RFC 9112) from the bytes received so far: strict about
/// syntax, bounded in size, and never reading past the blank line that ends the head.
package enum HTTPRequestParser {
    /// How much a client may send before the server gives up on it.
    package struct Limits: Sendable {
        /// The request line (method, target, version); longer gets 414.
        package var requestLine = 8 * 1024
        /// The whole head; larger gets 431.
        package var head = 32 * 1024
        /// Header fields; more gets 431.
        package var fieldCount = 100

        package init() {}
    }

    package enum Outcome: Sendable, Equatable {
        /// The head has not ended yet: read more.
        case incomplete
        /// A whole head, and how many bytes it took (including the blank line).
        case complete(HTTPRequestHead, length: Int)
        /// Answer with this status and close the connection.
        case invalid(HTTPStatus, String)
    }

    package static func parse(_ bytes: [UInt8], limits: Limits = Limits()) -> Outcome {
        bytes.withUnsafeBufferPointer { parse($0, limits: limits) }
    }

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = Limits()) -> Outcome {
        // RFC 9112 §2.2: ignore empty lines before the request line.
        var start = 0
        while start < bytes.count, bytes[start] == cr || bytes[start] == lf, start < 8 { start += 1 }
        guard start < bytes.count else { return .incomplete }

        // Find the end of the head: an empty line (CRLF CRLF, or bare LFs).
        var lineStart = start
        var lines: [Range<Int>] = []
        var end: Int?
        var index = start
        while index < bytes.count {
            if index - start >= limits.head { break }
            if bytes[index] == lf {
                var lineEnd = index
                if lineEnd > lineStart, bytes[lineEnd - 1] == cr { lineEnd -= 1 }
                if lineEnd == lineStart {
                    end = index + 1
                    break
                }
                lines.append(lineStart..<lineEnd)
                if lines.count > limits.fieldCount + 1 {
                    return .invalid(.requestHeaderFieldsTooLarge, "more than \(limits.fieldCount) header fields")
                }
                lineStart = index + 1
            }
            if lines.isEmpty, index - start >= limits.requestLine {
                return .invalid(.uriTooLong, "the request line is longer than \(limits.requestLine) bytes")
            }
            index += 1
        }
        guard let end else {
            if bytes.count - start >= limits.head {
                return .invalid(.requestHeaderFieldsTooLarge, "the request head is larger than \(limits.head) bytes")
            }
            // A request line that cannot be HTTP is refused at once rather than waited for.
            if lines.isEmpty, let problem = implausibleStart(bytes, from: start) { return .invalid(.badRequest, problem) }
            return .incomplete
        }
        guard let requestLine = lines.first else { return .invalid(.badRequest, "empty request") }

        // request-line = method SP request-target SP HTTP-version
        let line = bytes[requestLine]
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .invalid(.badRequest, "malformed request line") }
        let method = parts[0]
        let target = parts[1]
        let version = parts[2]
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { return .invalid(.badRequest, "malformed method") }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .invalid(.badRequest, "malformed request target")
        }
        let minorVersion: Int
        switch Array(version) {
        case Array("HTTP/1.1".utf8): minorVersion = 1
        case Array("HTTP/1.0".utf8): minorVersion = 0
        case let other where other.count == 8 && other.starts(with: "HTTP/".utf8) && isDigit(other[5]) && other[6] == 0x2E && isDigit(other[7]):
            return .invalid(.httpVersionNotSupported, "only HTTP/1.0 and HTTP/1.1 are supported")
        default:
            return .invalid(.badRequest, "malformed HTTP version")
        }

        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(lines.count - 1)
        for range in lines.dropFirst() {
            let field = bytes[range]
            guard let first = field.first, first != space, first != tab else {
                return .invalid(.badRequest, "folded header lines are not allowed")
            }
            guard let colon = field.firstIndex(of: 0x3A) else { return .invalid(.badRequest, "header field without ':'") }
            let name = bytes[range.lowerBound..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return .invalid(.badRequest, "malformed header name") }
            var valueStart = colon + 1
            var valueEnd = range.upperBound
            while valueStart < valueEnd, bytes[valueStart] == space || bytes[valueStart] == tab { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
            let value = bytes[valueStart..<valueEnd]
            guard value.allSatisfy({ $0 == tab || ($0 >= space && $0 != 0x7F) }) else {
                return .invalid(.badRequest, "control character in a header value")
            }
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }

        let head = HTTPRequestHead(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            minorVersion: minorVersion, headers: headers)
        let hosts = headers.count { $0.name.lowercased() == "host" }
        if minorVersion == 1, hosts != 1 {
            return .invalid(.badRequest, hosts == 0 ? "an HTTP/1.1 request needs a Host header" : "more than one Host header")
        }
        let lengths = Set(headers.filter { $0.name.lowercased() == "content-length" }.map(\.value))
        if lengths.count > 1 || lengths.contains(where: { $0.isEmpty || !$0.utf8.allSatisfy(isDigit) }) {
            return .invalid(.badRequest, "invalid Content-Length")
        }
        return .complete(head, length: end)
    }

    /// Whether the first bytes already rule out an HTTP request line (a method is a token,
    /// followed by a space).
    private static func implausibleStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
        var index = start
        while index < bytes.count, isTokenByte(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == space, index > start { return nil }
        if bytes[index] == cr { return nil }
        return "malformed request line"
    }

    private static let cr: UInt8 = 0x0D
    private static let lf: UInt8 = 0x0A
    private static let space: UInt8 = 0x20
    private static let tab: UInt8 = 0x09

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `tchar` of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }
}
