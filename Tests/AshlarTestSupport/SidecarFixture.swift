import Foundation

/// Test fixtures under `Tests/AshlarCoreTests/Fixtures/Sidecar/` (sidecars, XMP packets, small
/// images), found from this file's path: the sidecar tests and the media readers' tests share them.
package enum SidecarFixture {
    package static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("AshlarCoreTests/Fixtures/Sidecar")

    package static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    package static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(name)))
    }

    package static func names(in subfolder: String, withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(subfolder).path)
            .filter { $0.hasSuffix("." + ext) }
            .sorted()
            .map { "\(subfolder)/\($0)" }
    }
}
