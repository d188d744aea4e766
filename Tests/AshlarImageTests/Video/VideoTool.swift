import AshlarTestSupport
import Foundation
import Testing

/// exiftool and ffmpeg, which the video tests compare against. A test needing one is skipped on
/// a laptop without it; with `CI` set it runs and fails, so CI cannot pass without it (as
/// `RequiredTool` does for the end-to-end tests).
enum VideoTool {
    static var inCI: Bool { RequiredTool.inCI }

    static func path(of name: String) -> String? { RequiredTool.path(of: name) }

    /// For `.enabled(if:)`: run when the tool is there, and always in CI.
    static func runs(_ name: String) -> Bool { path(of: name) != nil || inCI }

    /// Runs `name` with `arguments`; returns its exit status and standard output and error.
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let executable = path(of: name) else {
            throw Missing(description: "\(name) is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `bytes` to a new temporary file named `name`.
    static func temporaryFile(_ bytes: [UInt8], named name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-video-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }
}
