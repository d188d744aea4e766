import Testing

@testable import AshlarCore

@Suite struct OutputWriterTests {
    @Test(arguments: [
        ("index.html", true),
        ("nature/moonrise/index.html", true),
        ("...", true),
        ("a/.../b", true),
        ("..a/b..", true),
        (".well-known/x", true),
        ("back\\slash.jpg", true),
        ("", false),
        ("/etc/passwd", false),
        ("a//b", false),
        ("a/", false),
        (".", false),
        ("..", false),
        ("a/./b", false),
        ("a/../b", false),
        ("../x", false),
        ("a/..", false),
        ("a/.", false),
        ("nul\0byte", false),
    ])
    func safeRelativePaths(path: String, safe: Bool) {
        #expect(RelativePath.isSafe(path) == safe, "\(path.debugDescription)")
    }
}
