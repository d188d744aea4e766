import Foundation

/// Test fixtures under `Tests/AshlarCoreTests/Fixtures/Sidecar/`, found from this file's path.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Sidecar")

    static func url(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(name)))
    }

    static func names(in subfolder: String, withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(subfolder).path)
            .filter { $0.hasSuffix("." + ext) }
            .sorted()
            .map { "\(subfolder)/\($0)" }
    }
}
