#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Platform {
    /// Runs `executable` with `arguments` (not including its own name) and `environment`
    /// (`NAME=value` strings), its standard output captured and its standard error written to
    /// `errorFile` (or discarded), waits for it with `wait4` and returns what it used; nil when
    /// it could not be started. `posix_spawn`, not Foundation's `Process`, which reaps its child
    /// itself and so never gives its resource usage.
    package static func runChild(
        _ executable: String, arguments: [String], environment: [String], errorFile: String? = nil
    ) -> ChildUsage? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { Self.close(readEnd) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addopen(
            &actions, 2, errorFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        Self.close(writeEnd)
        guard started == 0 else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { Self.read(readEnd, $0, buffer.count) } ?? 0
            }
            if count > 0 {
                output += chunk[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        #if canImport(Darwin)
            let peak = Double(usage.ru_maxrss)
        #else
            let peak = Double(usage.ru_maxrss) * 1024
        #endif
        let signal = status & 0x7F
        return ChildUsage(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: output,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakResidentBytes: peak)
    }
}
