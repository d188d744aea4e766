/// What a child process used, as `wait4` reports it when the child is reaped: for a benchmark
/// that measures another program (or itself, re-run on one input) from the outside.
package struct ChildUsage: Sendable, Equatable {
    /// The exit status, or 128 plus the signal that ended the child.
    package var status: Int32
    /// What the child wrote on its standard output.
    package var output: [UInt8]
    /// User and system CPU seconds of the child and of the processes it waited for.
    package var cpuSeconds: Double
    /// The child's peak resident memory in bytes (`ru_maxrss`). On Linux a child's figure starts
    /// from the parent's own high-water mark when it is started, as `exec` keeps the larger of
    /// the two: a parent that measures its children resets its mark first and keeps itself small.
    package var peakResidentBytes: Double

    package init(status: Int32, output: [UInt8], cpuSeconds: Double, peakResidentBytes: Double) {
        self.status = status
        self.output = output
        self.cpuSeconds = cpuSeconds
        self.peakResidentBytes = peakResidentBytes
    }
}
