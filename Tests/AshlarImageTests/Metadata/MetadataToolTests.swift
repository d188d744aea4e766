import AshlarTestSupport
import Foundation
import Testing

/// The command-line tools the reference checks compare against: exiftool, cjpeg, djpeg, jpegtran
/// (libjpeg-turbo) and python3 with Pillow. A check whose tool is missing is skipped on a laptop;
/// with `CI` set it runs and fails, so CI cannot pass without the references.
enum ExternalTool {
    /// Whether a check needing `names` should run: the tools are there, or this is CI.
    static func enabled(_ names: String...) -> Bool {
        RequiredTool.runs(whenInstalled: names.allSatisfy { path(of: $0) != nil })
    }

    static func path(of name: String) -> String? { RequiredTool.path(of: name) }

    /// Runs `name` with `arguments`, `input` on its standard input; returns its standard output.
    /// Records an issue and returns `nil` when the tool is missing or exits with a failure.
    static func run(
        _ name: String, _ arguments: [String], input: [UInt8] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> [UInt8]? {
        guard let executable = path(of: name) else {
            Issue.record("\(name) is not installed", sourceLocation: sourceLocation)
            return nil
        }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("input")
        let errorFile = folder.appendingPathComponent("errors")
        _ = FileManager.default.createFile(atPath: inputFile.path, contents: Data(input))
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        } catch {
            Issue.record("\(name) did not start: \(error)", sourceLocation: sourceLocation)
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            let command = ([name] + arguments).joined(separator: " ")
            Issue.record("\(command) failed: \(errors)", sourceLocation: sourceLocation)
            return nil
        }
        return [UInt8](data)
    }

    /// A new empty folder under the temporary directory.
    static func temporaryFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `bytes` to a file in a new temporary folder and returns its path.
    static func temporaryFile(_ bytes: [UInt8], named name: String) -> String {
        let url = temporaryFolder().appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }
}

@Suite struct MetadataToolTests {
    @Test(arguments: ["exiftool", "cjpeg", "djpeg", "jpegtran", "python3"])
    func referenceToolIsInstalledOnCI(name: String) {
        #expect(!RequiredTool.inCI || ExternalTool.path(of: name) != nil, "CI must install \(name)")
    }
}
