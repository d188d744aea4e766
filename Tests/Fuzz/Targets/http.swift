@testable import AshlarCore

/// HTTP requests as `ashlar serve` reads them: the request-head parser (also on whatever follows
/// a complete head, as pipelining does), then the request target decoded into a path that must
/// stay inside the served folder, and the `Location` a redirect would send.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var bytes = fuzzInput(data, count)
    var requests = 0
    while !bytes.isEmpty, requests < 8 {
        requests += 1
        switch HTTPRequestParser.parse(bytes) {
        case .incomplete:
            require(bytes.count < HTTPRequestParser.Limits().head + 8, "waiting for more after \(bytes.count) bytes")
            return 0
        case .invalid(let status, let reason):
            require(status.rawValue >= 400 && !reason.isEmpty, "refused with \(status)")
            _ = HTTPResponse.html(status, ErrorPage.message(status, reason)).head(keepAlive: false)
            return 0
        case .complete(let head, let length):
            require(length > 0 && length <= bytes.count, "head of \(length) bytes in \(bytes.count)")
            require(!head.method.isEmpty && !head.target.isEmpty, "empty method or target")
            require(!head.target.utf8.contains { $0 <= 0x20 || $0 >= 0x7F }, "target with space or control bytes")
            for field in head.headers {
                require(
                    !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 },
                    "CR, LF or NUL in a header value")
            }
            _ = head.keepAlive
            _ = head.hasBody
            checkPath(head.target)
            bytes.removeFirst(length)
        }
    }
    return 0
}

/// A decoded path has only plain, visible-name segments, and the `Location` made from it starts
/// with exactly one `/`, has no control bytes, and decodes back to the same segments.
private func checkPath(_ target: String) {
    guard case .success(let path) = RequestPath.decode(target) else { return }
    for segment in path.segments {
        require(!segment.isEmpty, "an empty segment")
        require(segment != "." && segment != "..", "a '\(segment)' segment")
        require(
            !segment.contains("/") && !segment.contains("\\") && !segment.contains("\0"),
            "separator or NUL in '\(segment)'")
        require(!segment.hasPrefix(".") || segment == ".well-known", "hidden segment '\(segment)'")
    }
    let location = path.encoded(trailingSlash: true)
    require(location.hasPrefix("/") && !location.hasPrefix("//"), "Location \(location)")
    require(!location.utf8.contains { $0 <= 0x20 || $0 >= 0x7F }, "Location with space or control bytes")
    guard case .success(let again) = RequestPath.decode(location) else {
        require(false, "Location \(location) does not decode")
        return
    }
    require(again.segments == path.segments, "Location \(location) decodes to \(again.segments), not \(path.segments)")
    _ = ErrorPage.notFound(target)
}
