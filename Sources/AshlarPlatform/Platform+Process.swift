#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Platform {

    /// The program that opens a URL in the default browser.
    #if canImport(Darwin)
        package static let browserOpener = "open"
    #else
        package static let browserOpener = "xdg-open"
    #endif

    /// The CPU seconds (user and system) of this process, or of the child processes it has
    /// waited for (`getrusage`).
    package static func cpuSeconds(children: Bool = false) -> Double {
        let usage = resourceUsage(children: children)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The peak resident memory of this process so far, in bytes (`ru_maxrss`: kibibytes on
    /// Linux, bytes on Darwin).
    package static func peakResidentBytes() -> Double {
        #if canImport(Darwin)
            return Double(resourceUsage(children: false).ru_maxrss)
        #else
            return Double(resourceUsage(children: false).ru_maxrss) * 1024
        #endif
    }

    private static func resourceUsage(children: Bool) -> rusage {
        var usage = rusage()
        #if canImport(Darwin)
            _ = getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
        #else
            _ = getrusage((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue, &usage)
        #endif
        return usage
    }
}
