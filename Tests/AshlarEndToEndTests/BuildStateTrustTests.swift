import AshlarTestSupport
import Foundation
import Testing

/// The build state kept outside the site is trusted only for the output it describes.
@Suite struct BuildStateTrustTests {
    /// Two users (two HOMEs) build one source into one output with two configurations; the first
    /// builds again: its state says up to date, but the output is the second's, so the site is
    /// built again and has the first's title.
    @Test func stateFromAnotherHomeDoesNotLeaveTheWrongSite() throws {
        let folder = try TemporaryFolder("ashlar-two-homes")
        try folder.write(
            Data(contentsOf: CacheTrustTests.photos.appendingPathComponent("small.jpg")), to: "site/small.jpg")
        try folder.write(#"{"title": "First title"}"#, to: "first.json")
        try folder.write(#"{"title": "Second title"}"#, to: "second.json")
        func build(home: String, config: String) throws -> Ashlar.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = folder.url.appendingPathComponent(home).path
            environment.removeValue(forKey: "XDG_CACHE_HOME")
            return try Ashlar.run(
                Ashlar.binary,
                [
                    "build", folder.url.appendingPathComponent("site").path, "--config",
                    folder.url.appendingPathComponent(config).path,
                ],
                environment: environment)
        }
        for (home, config) in [("a", "first.json"), ("b", "second.json"), ("a", "first.json")] {
            let run = try build(home: home, config: config)
            try #require(run.status == 0, "\(run.stderr)")
        }
        let page = try folder.read("site/_site/index.html")
        #expect(page.contains("First title"), "the site kept the other build's title")
    }
}
