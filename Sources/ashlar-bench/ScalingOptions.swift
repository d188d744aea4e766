/// The command line of `ashlar-bench scaling`.
struct ScalingOptions: Equatable {
    /// Folders whose JPEGs are copied (`--photos-dir`, repeatable).
    var photoFolders = ImageBenchmark.realPhotoFolders
    /// Byte-distinct copies of each photo (`--copies`).
    var copies = 4
    /// The `ashlar` binary built with (`--ashlar`); nil: the one beside this executable.
    var ashlar: String?
    /// `--jobs` of each column (`--jobs-list`); nil: 1, 2, 4 … and the number of cores.
    var jobsList: [Int]?
    /// Cold builds per job count, alternating (`--runs`).
    var runs = 3
    /// Passed to `ashlar build --memory` as it is (`--memory`).
    var memory: String?
    /// Leave the copies and the last build's output in place (`--keep 1`).
    var keep = false

    static let names = ["photos-dir", "copies", "ashlar", "jobs-list", "runs", "memory", "keep"]

    init() {}

    /// Reads `--name VALUE` and `--name=VALUE` pairs.
    init(_ arguments: [String]) throws(BenchUsageError) {
        var folders: [String] = []
        for (name, text) in try BenchOptions.pairs(arguments, command: "scaling", names: Self.names) {
            guard let text, !text.isEmpty else { throw BenchUsageError("'--\(name)' needs a value") }
            switch name {
            case "photos-dir": folders.append(text)
            case "copies": copies = try Self.positive(text, name: name)
            case "ashlar": ashlar = text
            case "jobs-list": jobsList = try Self.jobsList(text)
            case "runs": runs = try Self.positive(text, name: name)
            case "memory": memory = try Self.memorySize(text)
            default: keep = try Self.positive(text, name: name, allowingZero: true) != 0
            }
        }
        if !folders.isEmpty { photoFolders = folders }
    }

    static func positive(_ text: String, name: String, allowingZero: Bool = false) throws(BenchUsageError) -> Int {
        guard let value = Int(text), value > 0 || (allowingZero && value == 0) else {
            throw BenchUsageError(
                "'--\(name)' must be a \(allowingZero ? "whole" : "positive whole") number, not '\(text)'")
        }
        return value
    }

    /// `1,2,4,8,16`: positive job counts, each at most 1,024 (as `ashlar build --jobs` takes), in
    /// the order given.
    static func jobsList(_ text: String) throws(BenchUsageError) -> [Int] {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 1024 }) else {
            throw BenchUsageError("'--jobs-list' must be job counts from 1 to 1024, not '\(text)'")
        }
        return values.compactMap { $0 }
    }

    /// A size as `ashlar build --memory` takes it: a number, whole or with a fraction, and an
    /// optional binary unit `K`, `M` or `G` (`192M`, `1.5G`, `512K`, `1048576`). Checked here only
    /// so that a typo stops the bench before it makes its copies; `ashlar` reads it.
    static func memorySize(_ text: String) throws(BenchUsageError) -> String {
        var number = Substring(text)
        if let last = number.last, "KMGkmg".contains(last) { number = number.dropLast() }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        let isNumber =
            (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) }
            && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
        guard isNumber else {
            throw BenchUsageError("'--memory' must be a size such as 192M, 1.5G or 512K, not '\(text)'")
        }
        return text
    }

    /// 1, 2, 4 … below `cores`, then `cores`.
    static func defaultJobs(cores: Int) -> [Int] {
        Array(sequence(first: 1) { $0 * 2 < cores ? $0 * 2 : nil }) + (cores > 1 ? [cores] : [])
    }
}
