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

/// A small deterministic generator for mutation tests (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
