/// Absolute `http(s)` URLs for the configuration's `baseURL` and `mediaBaseURL`, checked as
/// RFC 3986 defines them. They are written as they are into every page, feed and `srcset`, so a
/// tab, a quote, an angle bracket or a line separator in one would split or break them all.
enum WebAddress {
    /// Why a text is not a base URL.
    enum Problem: Error, Sendable, Equatable {
        /// Not `http://` or `https://` followed by a host, or a character a URL cannot hold.
        case malformed
        /// `user:password@` before the host: a secret that would be published on every page.
        case credentials
        /// A port outside 1–65535.
        case port
        /// A query (`?`) or fragment (`#`), which nothing can be appended to.
        case queryOrFragment
    }

    /// The URL with a `/` at the end, or why it is not an absolute http(s) base URL.
    static func base(_ text: String) -> Result<String, Problem> {
        let bytes = Array(text.utf8)
        let lowered = text.lowercased()
        let schemeLength: Int
        if lowered.hasPrefix("https://") {
            schemeLength = 8
        } else if lowered.hasPrefix("http://") {
            schemeLength = 7
        } else {
            return .failure(.malformed)
        }
        let authorityEnd =
            bytes[schemeLength...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            } ?? bytes.count
        let authority = bytes[schemeLength..<authorityEnd]
        if authority.contains(UInt8(ascii: "@")) { return .failure(.credentials) }
        if let problem = checkAuthority(authority) { return .failure(problem) }
        var index = authorityEnd
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return .failure(.queryOrFragment) }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return .failure(.malformed)
                }
                index += 3
                continue
            }
            guard
                byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
                    || isUnreserved(byte)
                    || isSubDelimiter(byte)
            else { return .failure(.malformed) }
            index += 1
        }
        return .success(text.hasSuffix("/") ? text : text + "/")
    }

    /// `host[:port]`, where the host is a name, an IPv4 address or a bracketed IPv6 address.
    private static func checkAuthority(_ authority: ArraySlice<UInt8>) -> Problem? {
        var hostEnd = authority.endIndex
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")), close > authority.startIndex + 1 else {
                return .malformed
            }
            let literal = authority[(authority.startIndex + 1)..<close]
            guard literal.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else {
                return .malformed
            }
            hostEnd = close + 1
            guard hostEnd == authority.endIndex || authority[hostEnd] == UInt8(ascii: ":") else { return .malformed }
        } else {
            hostEnd = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
            let host = authority[authority.startIndex..<hostEnd]
            guard !host.isEmpty, host.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) }) else { return .malformed }
        }
        guard hostEnd < authority.endIndex else { return nil }
        let port = authority[(hostEnd + 1)...]
        guard !port.isEmpty, port.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .malformed
        }
        guard port.count <= 5 else { return .port }
        let value = port.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (1...65_535).contains(value) ? nil : .port
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `!$&'()*+,;=`
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
