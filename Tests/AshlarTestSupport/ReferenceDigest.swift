import Foundation

/// coreutils' `sha256sum`, the reference the SHA-256 and source-digest tests compare against.
public enum ReferenceDigest {
    /// What `sha256sum` says of each of `names` in `folder`: 64 lowercase hex digits each, in order.
    public static func sha256sum(_ names: [String], in folder: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", "--"] + names
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let digests = text.split(separator: "\n").map { String($0.prefix(64)) }
        guard process.terminationStatus == 0, digests.count == names.count else {
            throw RequiredTool.Missing(
                description:
                    "sha256sum gave \(digests.count) digests for \(names.count) files (exit \(process.terminationStatus))"
            )
        }
        return digests
    }
}
