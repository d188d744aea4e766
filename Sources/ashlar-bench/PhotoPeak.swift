import AshlarPlatform
import Foundation

/// One photo's renditions made in a child process (`ashlar-bench images one PATH`): what the
/// child printed about the photo, and what `wait4` says it used.
struct PhotoPeak: Equatable {
    var megapixels: Double
    var kind: String
    /// `Renditions.memoryNeeded`, in MiB.
    var estimateMiB: Double
    /// The child's peak resident memory, in MiB.
    var peakMiB: Double
    /// What the child held once it had read the file, before it made anything, in MiB.
    var startMiB: Double
    var cpuSeconds: Double

    /// The facts the child prints, one `name: value` line each.
    enum Field: String, CaseIterable {
        case megapixels
        case progressive
        case png
        case heic
        case estimate = "estimate-mib"
        case start = "start-mib"

        func line(_ value: Double) -> String { "\(rawValue): \(value)" }
    }

    static let header = ["photo", "MP", "kind", "estimate MiB", "peak MiB", "above start MiB", "CPU s"]

    /// Runs `executable images one path` and reads it.
    static func measure(_ path: String, executable: String) throws -> PhotoPeak {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        guard
            let child = Platform.runChild(
                executable, arguments: ["images", "one", path], environment: environment,
                errorFile: FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-bench-one.err").path)
        else { throw ImageBenchmarkError("\(path): could not start \(executable)") }
        let output = String(decoding: child.output, as: UTF8.self)
        guard child.status == 0, let facts = PhotoPeak(output, usage: child) else {
            throw ImageBenchmarkError("\(path): the child process exited with \(child.status): \(output)")
        }
        return facts
    }

    /// Reads the child's lines; nil when one is missing.
    init?(_ output: String, usage: ChildUsage) {
        var values: [Field: Double] = [:]
        for line in output.split(separator: "\n") {
            for field in Field.allCases where line.hasPrefix(field.rawValue + ": ") {
                values[field] = Double(line.dropFirst(field.rawValue.count + 2))
            }
        }
        guard let megapixels = values[.megapixels], let progressive = values[.progressive], let png = values[.png],
            let estimate = values[.estimate], let start = values[.start]
        else { return nil }
        self.init(
            megapixels: megapixels,
            kind: values[.heic] == 1 ? "HEIC" : png != 0 ? "PNG" : progressive != 0 ? "progressive" : "baseline",
            estimateMiB: estimate, peakMiB: usage.peakResidentBytes / 1_048_576, startMiB: start,
            cpuSeconds: usage.cpuSeconds)
    }

    init(
        megapixels: Double, kind: String, estimateMiB: Double, peakMiB: Double, startMiB: Double, cpuSeconds: Double
    ) {
        self.megapixels = megapixels
        self.kind = kind
        self.estimateMiB = estimateMiB
        self.peakMiB = peakMiB
        self.startMiB = startMiB
        self.cpuSeconds = cpuSeconds
    }

    /// The runs of one photo as one: the median of each measured figure.
    static func median(of runs: [PhotoPeak]) -> PhotoPeak {
        guard var result = runs.first else {
            return PhotoPeak(megapixels: 0, kind: "", estimateMiB: 0, peakMiB: 0, startMiB: 0, cpuSeconds: 0)
        }
        result.peakMiB = Median.of(runs.map(\.peakMiB))
        result.startMiB = Median.of(runs.map(\.startMiB))
        result.cpuSeconds = Median.of(runs.map(\.cpuSeconds))
        return result
    }

    /// A row of the table, named by the file's name without its extension.
    func row(name path: String) -> [String] {
        [
            URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, Measure.format(megapixels, 1), kind,
            Measure.format(estimateMiB, 0), Measure.format(peakMiB, 0), Measure.format(peakMiB - startMiB, 0),
            Measure.format(cpuSeconds, 2),
        ]
    }
}
