import Testing

@testable import AshlarCore

@Suite struct WebAddressTests {
    @Test(arguments: [
        ("https://example.com", "https://example.com/"),
        ("https://example.com/photos/", "https://example.com/photos/"),
        ("HTTP://Example.com:8080/a/b", "HTTP://Example.com:8080/a/b/"),
        ("https://[::1]:443/x", "https://[::1]:443/x/"),
        ("https://192.168.0.1/", "https://192.168.0.1/"),
        ("https://example.com/caf%C3%A9/", "https://example.com/caf%C3%A9/"),
        ("https://example.com/a;b=c/~d", "https://example.com/a;b=c/~d/"),
    ])
    func acceptsAbsoluteHTTPURLs(text: String, normalised: String) {
        #expect(WebAddress.base(text) == .success(normalised))
    }

    @Test(arguments: [
        ("https://example.com/a\tb", WebAddress.Problem.malformed),
        ("https://example.com/a\nb", .malformed),
        ("https://example.com/a\u{2028}b", .malformed),
        ("https://example.com/\"onmouseover=", .malformed),
        ("https://example.com/<script>", .malformed),
        ("https://example.com/a b", .malformed),
        ("https://example.com/caf\u{E9}", .malformed),
        ("https://example.com/%zz", .malformed),
        ("https://user:password@example.com/", .credentials),
        ("https://user@example.com/", .credentials),
        ("https://example.com:99999/", .port),
        ("https://example.com:0/", .port),
        ("https://example.com:/", .malformed),
        ("https://example.com:80a/", .malformed),
        ("https://example.com/?page=1", .queryOrFragment),
        ("https://example.com/#top", .queryOrFragment),
        ("ftp://example.com/", .malformed),
        ("//example.com/", .malformed),
        ("https:///photos", .malformed),
        ("https://exa mple.com/", .malformed),
        ("https://[zz]/", .malformed),
        ("https://[::1/", .malformed),
    ])
    func refusesEverythingElse(text: String, problem: WebAddress.Problem) {
        #expect(WebAddress.base(text) == .failure(problem), "\(text.debugDescription)")
    }
}
