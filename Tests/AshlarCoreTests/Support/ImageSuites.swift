import Foundation

/// The public decoder test suites shared beside the package, at
/// `<package root>/../shared/image-suites/` (PngSuite, libjpeg-turbo's testimages, Pillow's and
/// image-rs's test images, corrupt files included; each folder names its source and licence).
enum ImageSuites {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // AshlarCoreTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/image-suites", isDirectory: true)

    /// Whether the suites' tests run: when the suites are there, and always in CI (the
    /// environment variable `CI` set), where their absence fails the test instead of skipping it.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.path)
            || ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } == true
    }

    struct File {
        /// The path under the suites' folder: `pngsuite/basn0g01.png`.
        var name: String
        var url: URL
    }

    /// Every file of the suites whose extension makes it a photo in a source folder (JPEG and
    /// PNG), sorted by path.
    static func files() throws -> [File] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        var files: [File] = []
        let root = directory.standardizedFileURL.path + "/"
        for case let url as URL in walker where ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) {
            files.append(File(name: String(url.standardizedFileURL.path.dropFirst(root.count)), url: url))
        }
        guard !files.isEmpty else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        return files.sorted { $0.name < $1.name }
    }
}
