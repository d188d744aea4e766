import Foundation

/// Peak memory of one phase of a benchmark, not of the whole process so far. Linux resets the
/// high-water mark of resident memory (`VmHWM`) to the current size when `5` is written to
/// `/proc/self/clear_refs`; each phase resets it first and reads it when done.
enum PhaseMemory {
    /// Starts a phase. False where the kernel does not allow the reset (then the peak is the
    /// process's so far, and is labelled so).
    @discardableResult
    static func reset() -> Bool {
        let file = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        return write(file, "5", 1) == 1
    }

    /// Runs `body` as a phase of its own: its result, and the peak resident memory during it in
    /// MiB (labelled `since start` when the peak could not be reset).
    static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, peak: String) {
        let isolated = reset()
        let result = try body()
        let peak = Measure.format(Measure.ownPeakMemoryMiB, 1) + " MiB" + (isolated ? "" : " (since start)")
        return (result, peak)
    }
}
