import Foundation
import Testing

/// Tests that need something outside the package (Chromium, chromedriver, the Nu checker,
/// axe-core, wrk, the reference image tools, root to mount a tmpfs, the material in `../shared`).
/// On a laptop without it such a test is reported as skipped, never as passed; in CI (the
/// environment variable `CI` set to anything but the empty string, as `.ci/run` does) it runs
/// anyway and fails naming what is missing, so a broken install step never hides behind a green
/// run. Each test is gated on what it really uses.
public enum RequiredTool {
    /// Whether `CI` is set to anything but the empty string: the one meaning of `CI` in the tests.
    public static var inCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// For `.enabled(if:)`: run when the tool is there, and always in CI.
    public static func runs(whenInstalled installed: Bool) -> Bool {
        installed || inCI
    }

    /// The executable `name` on `PATH`, or nil.
    public static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What is missing, when a test needs it.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The first line of a gated test: returns when `installed`; else, in CI, throws `Missing(what)`
    /// (the test fails), and elsewhere ends the test as skipped (`Test.cancel`), so that a test
    /// cannot pass without using the tool.
    public static func require(
        _ installed: Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard !installed else { return }
        if inCI { throw Missing(description: "\(what) (CI is set: every check must run)") }
        try Test.cancel("skipped: \(what)", sourceLocation: sourceLocation)
    }

    /// `require` for an executable on `PATH`; returns its path.
    @discardableResult
    public static func require(tool name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let found = path(of: name)
        try require(found != nil, "\(name) is not installed", sourceLocation: sourceLocation)
        return found ?? name
    }
}
