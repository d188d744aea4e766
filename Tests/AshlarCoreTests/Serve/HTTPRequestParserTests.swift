import AshlarTestSupport
import Testing

@testable import AshlarCore

@Suite struct HTTPRequestParserTests {
    private func parse(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPRequestParser.Outcome {
        HTTPRequestParser.parse(Array(text.utf8), limits: limits)
    }

    @Test func parsesARequestHead() throws {
        let text = "GET /album/?page=2 HTTP/1.1\r\nHost: localhost:8000\r\nAccept:  text/html \r\nX-Empty:\r\n\r\nNEXT"
        guard case .complete(let head, let length) = parse(text) else {
            Issue.record("not complete: \(parse(text))")
            return
        }
        #expect(head.method == "GET")
        #expect(head.target == "/album/?page=2")
        #expect(head.minorVersion == 1)
        #expect(head.header("accept") == "text/html")
        #expect(head.header("X-EMPTY") == "")
        #expect(head.keepAlive)
        #expect(!head.hasBody)
        #expect(length == text.utf8.count - "NEXT".utf8.count)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, Close\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
    ])
    func keepAlive(text: String, expected: Bool) throws {
        guard case .complete(let head, _) = parse(text) else {
            Issue.record("not complete")
            return
        }
        #expect(head.keepAlive == expected)
    }

    @Test(arguments: [
        "",
        "GE",
        "GET / HTTP/1.1\r\nHost: a\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\r",
        "\r\n",
    ])
    func waitsForTheRestOfTheHead(text: String) {
        #expect(parse(text) == .incomplete)
    }

    @Test func acceptsBareLineFeedsAndLeadingEmptyLines() throws {
        guard case .complete(let head, let length) = parse("\r\nGET /x HTTP/1.1\nHost: a\n\n") else {
            Issue.record("not complete")
            return
        }
        #expect(head.target == "/x")
        #expect(length == 27)
    }

    @Test(arguments: [
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", HTTPStatus.badRequest),
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .badRequest),
        ("GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .httpVersionNotSupported),
        ("GET / HTTP/1.1x\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / http/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\u{01}b\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", .badRequest),
        ("GET /\0 HTTP/1.1\r\nHost: a\r\n\r\n", .badRequest),
        ("\u{16}\u{03}\u{01}\u{02}", .badRequest),
    ])
    func refusesMalformedRequests(text: String, status: HTTPStatus) {
        guard case .invalid(let actual, _) = parse(text) else {
            Issue.record("accepted: \(text.debugDescription)")
            return
        }
        #expect(actual == status)
    }

    @Test func boundsTheRequestLineAndTheHead() {
        var limits = HTTPRequestParser.Limits()
        limits.requestLine = 100
        limits.head = 400
        limits.fieldCount = 5
        let longTarget = "GET /" + String(repeating: "a", count: 200)
        guard case .invalid(.uriTooLong, _) = parse(longTarget, limits: limits) else {
            Issue.record("a long request line was not refused")
            return
        }
        let bigHeader = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 500)
        guard case .invalid(.requestHeaderFieldsTooLarge, _) = parse(bigHeader, limits: limits) else {
            Issue.record("a large head was not refused")
            return
        }
        let manyFields = "GET / HTTP/1.1\r\nHost: a\r\n" + (1...6).map { "X\($0): y\r\n" }.joined() + "\r\n"
        guard case .invalid(.requestHeaderFieldsTooLarge, _) = parse(manyFields, limits: limits) else {
            Issue.record("too many fields were not refused")
            return
        }
        let justEnough = "GET / HTTP/1.1\r\nHost: a\r\n" + (1...4).map { "X\($0): y\r\n" }.joined() + "\r\n"
        guard case .complete = parse(justEnough, limits: limits) else {
            Issue.record("five fields were refused")
            return
        }
    }

    @Test func announcesABody() throws {
        guard case .complete(let head, _) = parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello") else {
            Issue.record("not complete")
            return
        }
        #expect(head.hasBody)
    }

    /// Random bytes and mutated requests: the parser answers every input without crashing, and
    /// a complete head never claims more bytes than it was given.
    @Test func survivesMutations() {
        var generator = SeededGenerator(seed: 0xA5A5)
        let seed = Array("GET /album/photo/?q=1 HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n".utf8)
        for _ in 0..<20_000 {
            var bytes = seed
            for _ in 0..<Int(generator.next() % 6) + 1 {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            if case .complete(_, let length) = HTTPRequestParser.parse(bytes) {
                #expect(length <= bytes.count)
            }
        }
    }
}
