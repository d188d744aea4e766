#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Platform {
    /// The machine's physical memory in bytes (`_SC_PHYS_PAGES` × `_SC_PAGESIZE`); nil where the
    /// system does not say.
    package static func physicalMemoryBytes() -> Int? {
        #if canImport(Darwin)
            let pages = sysconf(_SC_PHYS_PAGES)
            let pageSize = sysconf(_SC_PAGESIZE)
        #else
            let pages = sysconf(Int32(_SC_PHYS_PAGES))
            let pageSize = sysconf(Int32(_SC_PAGESIZE))
        #endif
        guard pages > 0, pageSize > 0 else { return nil }
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: pageSize)
        return overflow ? Int.max : bytes
    }

    /// How many cores this process may run on (`sched_getaffinity`, as `taskset` and a container's
    /// `cpuset` set it); nil where the system does not say, and always on Darwin, which has no
    /// affinity mask. Glibc's Swift module leaves `sched_getaffinity` out (it needs `_GNU_SOURCE`),
    /// so it is looked up by name; a fully static binary without `dlsym` gets nil.
    package static func affinityCoreCount() -> Int? {
        #if canImport(Darwin)
            return nil
        #else
            typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
            guard let symbol = dlsym(nil, "sched_getaffinity") else { return nil }
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            // 1,024 CPUs, as glibc's `cpu_set_t`; a machine with more gets the first 1,024 counted.
            var mask = cpu_set_t()
            let result = withUnsafeMutableBytes(of: &mask) { getAffinity(0, $0.count, $0.baseAddress) }
            guard result == 0 else { return nil }
            let count = withUnsafeBytes(of: &mask) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
            return count > 0 ? count : nil
        #endif
    }
}
