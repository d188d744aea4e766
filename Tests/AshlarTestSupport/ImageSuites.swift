import Foundation

/// The public decoder test suites in `../shared/image-suites/` (PngSuite, libjpeg-turbo's
/// testimages, Pillow's and image-rs's test images, corrupt files included; each folder names its
/// source and licence).
public enum ImageSuites {
    public static let directory = SharedMaterial.folder("image-suites")

    /// Whether the suites' tests run: when the suites are there, and always in CI.
    public static var isAvailable: Bool { SharedMaterial.isAvailable("image-suites") }

    public struct File: Sendable {
        /// The path under the suites' folder: `pngsuite/basn0g01.png`.
        public var name: String
        public var url: URL
    }

    /// Every file of the suites whose extension makes it a photo in a source folder (JPEG and
    /// PNG), sorted by path. Throws when there is none, so a missing folder fails the test.
    public static func files() throws -> [File] {
        let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [File] = []
        let root = directory.standardizedFileURL.path + "/"
        while let url = walker?.nextObject() as? URL {
            guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { continue }
            files.append(File(name: String(url.standardizedFileURL.path.dropFirst(root.count)), url: url))
        }
        guard !files.isEmpty else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        return files.sorted { $0.name < $1.name }
    }
}
