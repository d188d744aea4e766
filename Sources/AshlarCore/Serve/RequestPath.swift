/// A request target decoded into path segments that can only name something inside the served
/// folder: no `.` or `..` segments, no encoded `/` or `\`, no NUL, no hidden names, valid UTF-8.
package struct RequestPath: Sendable, Equatable {
    /// Decoded segments, without empty ones (`/a//b` is `["a", "b"]`).
    package var segments: [String]
    /// Whether the path ended in `/` (or was `/`).
    package var trailingSlash: Bool
    /// The query, without `?`, as sent.
    package var query: String?

    package init(segments: [String], trailingSlash: Bool, query: String? = nil) {
        self.segments = segments
        self.trailingSlash = trailingSlash
        self.query = query
    }

    /// Why a target was refused: 400 for what is not a valid target at all, 404 for what could
    /// only point outside the folder or at a hidden file.
    package struct Refusal: Error, Sendable, Equatable {
        package var status: HTTPStatus
        package var reason: String
    }

    /// Decodes an origin-form (`/a/b?q`) or absolute-form (`http://host/a/b`) target.
    package static func decode(_ target: String) -> Result<RequestPath, Refusal> {
        var rest = Substring(target)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let lowered = rest.prefix(8).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let afterScheme = rest[rest.index(rest.startIndex, offsetBy: lowered.hasPrefix("http://") ? 7 : 8)...]
            guard let slash = afterScheme.firstIndex(of: "/") else {
                return .success(RequestPath(segments: [], trailingSlash: true, query: query))
            }
            rest = afterScheme[slash...]
        }
        guard rest.first == "/" else {
            return .failure(Refusal(status: .badRequest, reason: "the request target must start with '/'"))
        }
        var segments: [String] = []
        for raw in rest.split(separator: "/", omittingEmptySubsequences: true) {
            if raw.contains("\\") { return .failure(Refusal(status: .notFound, reason: "backslash in the path")) }
            guard let bytes = percentDecoded(raw) else {
                return .failure(Refusal(status: .badRequest, reason: "malformed percent-encoding"))
            }
            if bytes.contains(0) { return .failure(Refusal(status: .badRequest, reason: "NUL in the path")) }
            if bytes.contains(0x2F) || bytes.contains(0x5C) {
                return .failure(Refusal(status: .notFound, reason: "encoded '/' or '\\' in the path"))
            }
            guard let segment = String(validating: bytes, as: UTF8.self) else {
                return .failure(Refusal(status: .notFound, reason: "the path is not UTF-8"))
            }
            if segment == "." || segment == ".." {
                return .failure(Refusal(status: .notFound, reason: "'.' or '..' in the path"))
            }
            if segment.hasPrefix("."), segment != ".well-known" {
                return .failure(Refusal(status: .notFound, reason: "hidden file"))
            }
            segments.append(segment)
        }
        return .success(RequestPath(segments: segments, trailingSlash: rest.hasSuffix("/"), query: query))
    }

    /// The path relative to the served folder (`album/photo/index.html` without a leading `/`).
    package var relativePath: String { segments.joined(separator: "/") }

    /// The path percent-encoded again, for a `Location` header: always starts with a single `/`.
    package func encoded(trailingSlash: Bool) -> String {
        var path = "/" + segments.map(URLPath.encodeSegment).joined(separator: "/")
        if trailingSlash, !segments.isEmpty { path += "/" }
        if let query { path += "?" + query }
        return path
    }

    private static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == 0x25 else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

}
