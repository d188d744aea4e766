import Dispatch

/// Times the stages of a build, for the report.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    private(set) var stages: [(name: String, seconds: Double)] = []

    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        stages.append((name, Double(now - last) / 1e9))
        last = now
    }
}
