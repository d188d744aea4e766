import Foundation

/// Tests that need something outside the package (Chromium, chromedriver, the Nu checker,
/// axe-core, wrk, root to mount a tmpfs, the Mustache spec in `../shared`). On a laptop without it
/// such a test is skipped; in CI (the environment variable `CI` set, as `.ci/run` does) it runs
/// anyway and fails naming what is missing, so a broken install step never hides behind a green
/// run. Each test is gated on what it really uses, and throws from its first use of it.
enum RequiredTool {
    /// Whether `CI` is set to anything but the empty string.
    static var inCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// For `.enabled(if:)`: run when the tool is there, and always in CI.
    static func runs(whenInstalled installed: Bool) -> Bool {
        installed || inCI
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Throws `Missing(what)` unless `installed`: the first line of a gated test that would
    /// otherwise pass without using the tool.
    static func require(_ installed: Bool, _ what: String) throws {
        guard installed else { throw Missing(description: what) }
    }
}
