import Foundation

/// CPU time (user + system) spent on a piece of work: on a machine shared with other processes it
/// moves much less than wall-clock time, which counts every moment the work waited for a core.
enum CPUTime {
    /// Seconds of CPU this process spent in `body`.
    static func ofThisProcess(_ body: () -> Void) -> Double {
        let start = seconds(RUSAGE_SELF)
        body()
        return seconds(RUSAGE_SELF) - start
    }

    /// Seconds of CPU spent by the child processes that `body` ran and waited for (taskset execs
    /// its command in the same process, so that is counted too).
    static func ofChildren(_ body: () -> Void) -> Double {
        let start = seconds(RUSAGE_CHILDREN)
        body()
        return seconds(RUSAGE_CHILDREN) - start
    }

    private static func seconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return value(usage.ru_utime) + value(usage.ru_stime)
    }
}
