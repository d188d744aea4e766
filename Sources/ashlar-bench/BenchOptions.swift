import AshlarCore
import AshlarPlatform
import Foundation

/// A command line a benchmark cannot run: printed as `ashlar-bench: error: …`, exit status 64.
struct BenchUsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The `--name N` options of one benchmark. Every name must be one the benchmark takes and every
/// value a whole number, so a misspelt option (`--photo 10`) stops the run instead of being
/// ignored in favour of the default.
struct BenchOptions {
    private var values: [String: Int] = [:]

    /// The options each benchmark takes (`images` parses its own).
    static let names: [String: [String]] = [
        "layout": ["tiles", "breakpoints", "runs"],
        "template": ["tiles", "runs"],
        "scan": ["photos", "runs", "xmp-every", "embedded-every"],
        "build": ["photos", "keep", "images", "jobs", "scaling"],
        "shards": ["photos", "shards", "width", "keep"],
        "stress": ["photos"],
    ]

    /// Reads `--name N` and `--name=N` pairs for `ashlar-bench command`.
    init(_ arguments: [String], command: String, names: [String]) throws(BenchUsageError) {
        for (name, text) in try Self.pairs(arguments, command: command, names: names) {
            guard let text else { throw BenchUsageError("'--\(name)' needs a value (N)") }
            guard let value = Int(text), value >= 0 else {
                throw BenchUsageError("'--\(name)' must be a whole number, not '\(text)'")
            }
            values[name] = value
        }
    }

    /// The `--name VALUE` and `--name=VALUE` pairs of `arguments`, in order, each name one of
    /// `names`; a value is nil where none follows. Every command's options are read through it.
    static func pairs(
        _ arguments: [String], command: String, names: [String]
    ) throws(BenchUsageError) -> [(name: String, text: String?)] {
        var pairs: [(name: String, text: String?)] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw BenchUsageError("unexpected argument '\(argument)' for 'ashlar-bench \(command)'")
            }
            var name = String(argument.dropFirst(2))
            var text: String?
            if let equals = name.firstIndex(of: "=") {
                text = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            try check(name, command: command, among: names)
            if text == nil, index < arguments.count, !arguments[index].hasPrefix("--") {
                text = arguments[index]
                index += 1
            }
            pairs.append((name, text))
        }
        return pairs
    }

    /// Throws unless `name` is one of `names`, with the nearest one as a suggestion.
    static func check(_ name: String, command: String, among names: [String]) throws(BenchUsageError) {
        guard !names.contains(name) else { return }
        var message = "unknown option '--\(name)' for 'ashlar-bench \(command)'"
        if let suggestion = Suggestion.closest(to: name, among: names) {
            message += "; did you mean '--\(suggestion)'?"
        }
        throw BenchUsageError(message)
    }

    func integer(_ name: String, default fallback: Int) -> Int {
        values[name] ?? fallback
    }
}

/// Wall-clock seconds and peak resident memory.
enum Measure {
    static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Peak resident set size of this process so far, in MiB (`getrusage`).
    static var peakMemoryMiB: Double {
        Platform.peakResidentBytes() / 1_048_576
    }

    /// Peak resident set size of this process's own memory, in MiB. On Linux `getrusage` would
    /// also count the parent's, inherited when a child process starts: the kernel's high-water
    /// mark of this program alone is `VmHWM`.
    static var ownPeakMemoryMiB: Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kibibytes = Double(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).dropLast(3))
        {
            return kibibytes / 1024
        }
        return peakMemoryMiB
    }

    static func format(_ value: Double, _ digits: Int = 3) -> String {
        String(format: "%.\(digits)f", value)
    }
}
