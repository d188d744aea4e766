import Foundation

/// Where this target's test files are, wherever a test file sits in the target's folders.
enum TestFiles {
    /// `Tests/AshlarImageTests/Fixtures`.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// `Tests/Fuzz/Regressions`: inputs a fuzz target once failed on.
    static let fuzzRegressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")
}
