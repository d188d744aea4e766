import AshlarTestSupport
import Foundation
import Synchronization
import Testing

/// `ashlar serve` running in the background on a free loopback port, stopped when the value goes
/// away.
final class ServeProcess: Sendable {
    let process: Process
    let port: Int
    private let output = CapturedOutput()

    /// What the process printed so far, and how many of its two pipes have reached their end.
    final class CapturedOutput: Sendable {
        private let text = Mutex((stdout: "", stderr: ""))
        let closedPipes = Mutex(0)

        func withLock<T>(_ body: (inout (stdout: String, stderr: String)) -> T) -> T {
            text.withLock { body(&$0) }
        }

        /// Appends what arrives on `pipe` to one of the texts, and counts the pipe's end.
        func capture(_ pipe: Pipe, into text: WritableKeyPath<(stdout: String, stderr: String), String> & Sendable) {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let data = handle.availableData
                if data.isEmpty {
                    handle.readabilityHandler = nil
                    self.closedPipes.withLock { $0 += 1 }
                }
                self.withLock { $0[keyPath: text] += String(decoding: data, as: UTF8.self) }
            }
        }
    }

    /// Starts `ashlar serve --port 0 ARGUMENTS…` in `folder` (or with the arguments' own port
    /// when `replacingPort`) and waits until it prints its URL.
    init(
        _ arguments: [String], in folder: TemporaryFolder, environment: [String: String] = [:],
        replacingPort: Bool = false,
        timeout: Double = 60
    ) throws {
        let process = Process()
        process.executableURL = Ashlar.binary
        process.arguments = ["serve"] + (replacingPort ? [] : ["--port", "0"]) + arguments
        process.currentDirectoryURL = folder.url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let output = self.output
        output.capture(stdout, into: \.stdout)
        output.capture(stderr, into: \.stderr)
        self.process = process
        try process.run()
        let deadline = Date(timeIntervalSinceNow: timeout)
        var found: Int?
        while Date() < deadline, process.isRunning {
            let text = output.withLock { $0.stdout }
            if let range = text.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                found = Int(text[range].dropFirst("http://127.0.0.1:".count).dropLast())
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        guard let found else {
            process.terminate()
            let text = output.withLock { $0 }
            throw ServeFailure(message: "ashlar serve did not start:\n\(text.stdout)\n\(text.stderr)")
        }
        port = found
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var stdout: String { output.withLock { $0.stdout } }
    var stderr: String { output.withLock { $0.stderr } }

    /// Sends a signal and waits up to `timeout` seconds for the exit status.
    func stop(signal number: Int32 = SIGINT, timeout: Double = 5) -> Int32? {
        kill(process.processIdentifier, number)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { return nil }
        // The last lines it printed may still be on their way through the pipes (on a loaded
        // machine, seconds after the exit): wait for both to end, on a deadline of their own.
        let drained = Date(timeIntervalSinceNow: timeout)
        while output.closedPipes.withLock({ $0 }) < 2, Date() < drained { Thread.sleep(forTimeInterval: 0.01) }
        return process.terminationStatus
    }

    /// Polls `condition` until it holds or `timeout` seconds pass; the seconds it took, or nil.
    static func wait(upTo timeout: Double, for condition: () throws -> Bool) rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try condition() { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }
}

struct ServeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
