import Foundation
import Synchronization
import Testing

/// Runs the built `ashlar` binary, as a user would.
enum Ashlar {
    /// The package's root folder.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `ashlar` executable next to the test bundle (SwiftPM builds it first, as a dependency of
    /// this test target), or `ASHLAR_BINARY` when set.
    static let binary = builtExecutable("ashlar", override: "ASHLAR_BINARY")

    /// The `ashlar-bench` executable, found as `binary` is, or `ASHLAR_BENCH_BINARY` when set.
    static let benchBinary = builtExecutable("ashlar-bench", override: "ASHLAR_BENCH_BINARY")

    private static func builtExecutable(_ name: String, override: String) -> URL {
        if let path = ProcessInfo.processInfo.environment[override] {
            return URL(fileURLWithPath: path)
        }
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data
        /// True when the process died of a signal (a crash, or the kill after a time limit).
        var wasSignalled = false
        /// True when the process ran past its time limit and was killed.
        var timedOut = false
    }

    /// Runs `ashlar` with `arguments` in `folder`; with a `timeLimit`, it is killed after that many
    /// seconds (see `Run.timedOut`).
    @discardableResult
    static func run(_ arguments: [String], in folder: URL? = nil, executable: URL? = nil, timeLimit: Double? = nil)
        throws -> Run
    {
        try run(executable ?? binary, arguments, in: folder, timeLimit: timeLimit)
    }

    static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        timeLimit: Double? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killed = KillSwitch()
        if let timeLimit {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { killed.fire(pid) }
        }
        // Read both pipes concurrently so neither can fill up and stall the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self), stdoutBytes: outputData,
            wasSignalled: process.terminationReason == .uncaughtSignal, timedOut: killed.disarm())
    }
}

/// Kills a process once, unless disarmed first (when the process has ended on its own).
private final class KillSwitch: Sendable {
    private let state = Mutex((armed: true, fired: false))

    func fire(_ pid: Int32) {
        state.withLock { state in
            guard state.armed else { return }
            state.fired = true
            kill(pid, SIGKILL)
        }
    }

    /// Whether it fired.
    func disarm() -> Bool {
        state.withLock { state in
            state.armed = false
            return state.fired
        }
    }
}
