import AshlarPlatform
import Foundation

/// CPU time (user + system) spent on a piece of work: on a machine shared with other processes it
/// moves much less than wall-clock time, which counts every moment the work waited for a core.
enum CPUTime {
    /// Seconds of CPU this process spent in `body`.
    static func ofThisProcess(_ body: () -> Void) -> Double {
        let start = Platform.cpuSeconds()
        body()
        return Platform.cpuSeconds() - start
    }

    /// Seconds of CPU spent by the child processes that `body` ran and waited for (taskset execs
    /// its command in the same process, so that is counted too).
    static func ofChildren(_ body: () -> Void) -> Double {
        let start = Platform.cpuSeconds(children: true)
        body()
        return Platform.cpuSeconds(children: true) - start
    }
}
