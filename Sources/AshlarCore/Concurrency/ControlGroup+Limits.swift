extension ControlGroup {
    /// The tightest limits of the process's control group and its parents, and where each came from.
    package struct Limits: Sendable, Equatable {
        /// The lowest `memory.max` or `memory.high`, in bytes, and its file; nil when none is set.
        /// `memory.high` counts: above it the kernel throttles the group and reclaims its memory,
        /// so a build that relies on going past it crawls.
        package var memory: (bytes: Int, file: String)?
        /// The fewest cores a `cpu.max` quota allows, and its file; nil when none is set.
        package var cores: (count: Int, file: String)?
        /// Files that were there but held something other than what the kernel writes.
        package var ignored: [String] = []

        package init(memory: (bytes: Int, file: String)? = nil, cores: (count: Int, file: String)? = nil) {
            self.memory = memory
            self.cores = cores
        }

        package static func == (left: Self, right: Self) -> Bool {
            left.memory?.bytes == right.memory?.bytes && left.memory?.file == right.memory?.file
                && left.cores?.count == right.cores?.count && left.cores?.file == right.cores?.file
                && left.ignored == right.ignored
        }
    }

    /// The limits for this process, reading files through `read` (their text, or nil when a file
    /// cannot be read): `/proc/self/cgroup` for its group, `/proc/self/mountinfo` for where the
    /// hierarchy is mounted (`/sys/fs/cgroup` when it does not say), then `memory.max`,
    /// `memory.high` and `cpu.max` in the group's folder and every parent's. No limits when the
    /// process is in no unified group (cgroup v1, Darwin).
    package static func limits(reading read: (String) -> String?) -> Limits {
        var limits = Limits()
        guard let groupFile = read("/proc/self/cgroup"), let path = unifiedPath(cgroupFile: groupFile) else {
            return limits
        }
        let mount = read("/proc/self/mountinfo").flatMap { unifiedMount(mountInfo: $0) } ?? ("/", "/sys/fs/cgroup")
        for folder in folders(path: path, mount: mount) {
            for name in ["memory.max", "memory.high"] {
                let file = folder + "/" + name
                guard let text = read(file) else { continue }
                switch memoryLimit(text) {
                case .limit(let bytes) where bytes < limits.memory?.bytes ?? .max:
                    limits.memory = (bytes, file)
                case .unreadable:
                    limits.ignored.append(file)
                case .limit, .unlimited:
                    break
                }
            }
            let file = folder + "/cpu.max"
            guard let text = read(file) else { continue }
            switch coreLimit(text) {
            case .limit(let count) where count < limits.cores?.count ?? .max:
                limits.cores = (count, file)
            case .unreadable:
                limits.ignored.append(file)
            case .limit, .unlimited:
                break
            }
        }
        return limits
    }
}
