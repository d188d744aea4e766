import Foundation
import Testing

@testable import AshlarCore

/// A preview on a loopback address answers only to loopback names (no DNS rebinding).
@Suite struct HostCheckTests {
    @Test(arguments: [
        ("localhost:8000", "localhost"), ("LOCALHOST", "localhost"), ("127.0.0.1:80", "127.0.0.1"),
        ("[::1]:8000", "::1"),
        ("[::1]", "::1"), (" evil.example:8000 ", "evil.example"), ("", ""),
    ])
    func hostNames(field: String, name: String) {
        #expect(PreviewServer.hostName(field) == name)
    }

    @Test func loopbackAddressesAllowLoopbackNamesOnly() {
        #expect(PreviewServer.allowedHosts(listeningOn: "127.0.0.1") == ["localhost", "127.0.0.1", "::1"])
        #expect(PreviewServer.allowedHosts(listeningOn: "::1") == ["localhost", "127.0.0.1", "::1"])
        #expect(PreviewServer.allowedHosts(listeningOn: "127.0.0.2")?.contains("127.0.0.2") == true)
        #expect(PreviewServer.allowedHosts(listeningOn: "0.0.0.0") == nil)
        #expect(PreviewServer.allowedHosts(listeningOn: "192.168.1.20") == nil)
    }

    @Test(arguments: [
        ("localhost:8000", false), ("127.0.0.1:8000", false), ("[::1]:8000", false), ("gallery.localhost:8000", false),
        ("evil.example:8000", true), ("127.0.0.1.nip.io", true), ("localhost.evil.example", true),
    ])
    func requestsForOtherNamesAreRefused(host: String, refused: Bool) {
        let paths = SitePaths(
            source: URL(fileURLWithPath: "/nonexistent-source"), output: URL(fileURLWithPath: "/nonexistent-output"),
            displaySource: "s")
        let server = PreviewServer(
            builder: SiteBuilder(paths: paths), allowedHosts: PreviewServer.allowedHosts(listeningOn: "127.0.0.1"))
        let request = HTTPRequestHead(method: "GET", target: "/", minorVersion: 1, headers: [("Host", host)])
        let response = server.respond(to: request)
        #expect((response.status == .forbidden) == refused, "\(host): \(response.status)")
        // Without an allow-list (listening on every interface) any name is served.
        let open = PreviewServer(builder: SiteBuilder(paths: paths))
        #expect(open.respond(to: request).status != .forbidden)
    }
}
