import Foundation

/// `--name value` pairs of the benchmark's command line.
struct BenchOptions {
    var values: [String: String] = [:]

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), index + 1 < arguments.count {
                values[String(argument.dropFirst(2))] = arguments[index + 1]
                index += 2
            } else {
                index += 1
            }
        }
    }

    func integer(_ name: String, default fallback: Int) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), value >= 0 else {
            FileHandle.standardError.write(Data("ashlar-bench: --\(name) must be a whole number\n".utf8))
            exit(64)
        }
        return value
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
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
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
