import AshlarTestSupport
import Foundation
import Testing

/// Issue 39's acceptance for WebM: a site built from the WebM files that hide a location, a
/// serial number or an owner in subtitle cues, track and chapter names, an attached photo,
/// Vorbis comments and elements added by hand (`make-webm-leaks.sh`) publishes them all, and exiftool, embedded
/// documents included, finds none of it in any file of the site; nor does a search of the bytes.
@Suite(.tags(.browser, .referenceTools), .serialized) struct WebMPrivacyTests {
    static let names = [
        "leak-subtitles.webm", "leak-attachment.webm", "leak-appended.webm", "leak-vorbis.webm", "vp9.webm", "vp8.webm",
        "live.webm",
    ]

    @Test(.enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.toolsInstalled), "needs exiftool"))
    func aBuiltSiteHoldsNoLocationSerialNumberOrOwner() throws {
        let folder = try TemporaryFolder("ashlar-webm")
        try folder.write(#"{ "title": "WebM", "language": "en" }"#, to: "site/ashlar.json")
        for name in Self.names {
            try folder.copy(VideoTests.fixtures.appendingPathComponent(name), to: "site/clips/\(name)")
        }
        let site = folder.url.appendingPathComponent("site")
        let run = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        #expect(run.status == 0, "\(run.stderr)")
        let published = site.appendingPathComponent("_site/clips")
        for name in Self.names {
            #expect(FileManager.default.fileExists(atPath: published.appendingPathComponent(name).path), "\(name)")
        }
        let report = try Ashlar.run(
            PrivacyTests.exiftool, ["-a", "-G1", "-n", "-ee3", "-r", site.appendingPathComponent("_site").path])
        let leaks = report.stdout.split(separator: "\n").filter { line in
            !["[ExifTool]", "[System]", "[File]"].contains { line.hasPrefix($0) }
        }.filter { line in
            ["gps", "locat", "coordinates", "serial", "owner", "attached", "track name", "chapter"].contains {
                line.lowercased().contains($0)
            }
        }
        #expect(leaks.isEmpty, "\(leaks.joined(separator: "\n"))")
        let secrets = ["48.858", "4C0FFEE", "Jane Owner", "Eiffel", "Sentinel", "Lat:", "+52.37"]
        for name in Self.names {
            let bytes = [UInt8](try Data(contentsOf: published.appendingPathComponent(name)))
            for secret in secrets {
                #expect(bytes.firstRange(of: Array(secret.utf8)) == nil, "'\(secret)' in \(name)")
            }
        }
    }

    struct PlayCase: CustomTestStringConvertible, Sendable {
        var name: String
        var testDescription: String { name }
    }

    /// Each published copy, every element the allowlist leaves out overwritten, still plays in
    /// headless Chromium.
    @Test(
        .enabled(if: WebDriver.isAvailable, "needs chromium and chromedriver: run .ci/install-browser-tools"),
        arguments: names.map(PlayCase.init))
    func theCopyPlaysInChromium(_ testCase: PlayCase) throws {
        let folder = try TemporaryFolder("ashlar-webm-browser")
        try folder.write(#"{ "title": "WebM", "language": "en" }"#, to: "site/ashlar.json")
        try folder.copy(VideoTests.fixtures.appendingPathComponent(testCase.name), to: "site/clips/\(testCase.name)")
        let site = folder.url.appendingPathComponent("site")
        let run = try Ashlar.run(["build", site.path, "--cache-dir", folder.url.appendingPathComponent("cache").path])
        try #require(run.status == 0, "\(run.stderr)")
        let slug = testCase.name.prefix { $0 != "." }
        let page = site.appendingPathComponent("_site/clips/\(slug)/index.html")
        let result = try WebDriver.withSuiteSession(width: 1024) { driver in
            try driver.navigate(to: page)
            return try driver.executeAsync(VideoBrowserTests.play) as? [String: Any]
        }
        let report = try #require(result, "the script reported nothing")
        #expect(report["error"] is NSNull, "\(report)")
        #expect((report["width"] as? Int ?? 0) > 0, "\(report)")
        #expect((report["time"] as? Double ?? 0) > 0, "\(report)")
    }
}
