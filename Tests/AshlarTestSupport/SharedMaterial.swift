import Foundation

/// The material shared beside the package, at `<package root>/../shared/` (the Mustache spec, the
/// public image suites), which tests read but the repository does not hold.
public enum SharedMaterial {
    /// `<package root>/../shared/NAME`.
    public static func folder(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // AshlarTestSupport
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/" + name, isDirectory: true)
    }

    /// Whether the tests that need `name` run: when it is there, and always in CI (the environment
    /// variable `CI` set), where its absence then fails them instead of skipping them.
    public static func isAvailable(_ name: String) -> Bool {
        RequiredTool.runs(whenInstalled: FileManager.default.fileExists(atPath: folder(name).path))
    }
}
