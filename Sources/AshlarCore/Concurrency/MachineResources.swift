import AshlarPlatform
import Foundation

/// The memory and cores this process may use: a control group's limits where they are set (a
/// CI container's), else the machine's physical memory and the cores its affinity mask allows.
package struct MachineResources: Sendable, Equatable {
    /// Bytes the process may use.
    package var memory: Int
    package var memorySource: MemorySource
    /// Cores the process may run on, at least 1.
    package var cores: Int
    package var coresSource: CoresSource
    /// Control-group files that held something other than what the kernel writes, ignored.
    package var ignored: [String] = []

    /// Where ``memory`` comes from.
    package enum MemorySource: Sendable, Equatable {
        /// `memory.max` or `memory.high` of the process's control group or a parent (`file`),
        /// lower than physical memory.
        case controlGroup(file: String)
        case physicalMemory
        /// The system said nothing: 4 GiB is assumed.
        case assumed
    }

    /// Where ``cores`` comes from.
    package enum CoresSource: Sendable, Equatable {
        /// The `cpu.max` quota of the process's control group or a parent (`file`), fewer than the
        /// affinity mask allows.
        case controlGroup(file: String)
        /// `sched_getaffinity`: the cores `taskset` or a container's cpuset leave the process.
        case affinity
        /// `ProcessInfo.activeProcessorCount`, where there is no affinity mask (Darwin).
        case processorCount
    }

    /// The memory assumed when the system says nothing.
    static let assumedMemory = 4 << 30

    /// The resources under `limits`, on a machine of `physicalMemory` bytes whose affinity mask
    /// allows `affinity` cores (nil: not known) and that has `processors` active.
    package init(limits: ControlGroup.Limits, physicalMemory: Int?, affinity: Int?, processors: Int) {
        if let group = limits.memory, group.bytes < physicalMemory ?? .max {
            (memory, memorySource) = (group.bytes, .controlGroup(file: group.file))
        } else if let physicalMemory {
            (memory, memorySource) = (physicalMemory, .physicalMemory)
        } else {
            (memory, memorySource) = (Self.assumedMemory, .assumed)
        }
        let available = affinity ?? max(1, processors)
        if let group = limits.cores, group.count < available {
            (cores, coresSource) = (group.count, .controlGroup(file: group.file))
        } else {
            (cores, coresSource) = (available, affinity == nil ? .processorCount : .affinity)
        }
        ignored = limits.ignored
    }

    /// This process's resources, read once: control groups do not change under a running build.
    package static let current = MachineResources(
        limits: ControlGroup.limits(reading: readSystemFile), physicalMemory: Platform.physicalMemoryBytes(),
        affinity: Platform.affinityCoreCount(), processors: ProcessInfo.processInfo.activeProcessorCount)

    /// A small system file's text (at most 1 MiB; a busy host's /proc/self/mountinfo is a few hundred KiB);
    /// nil when it cannot be read or is not UTF-8.
    private static func readSystemFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// `memory: 2 GiB, half of the control group's limit in FILE`-style words for `--verbose`.
    package var memoryDescription: String {
        switch memorySource {
        case .controlGroup(let file): "the control group's limit of \(ByteSize.format(memory)) (\(file))"
        case .physicalMemory: "physical memory of \(ByteSize.format(memory))"
        case .assumed: "an assumed \(ByteSize.format(memory)) (the system does not say)"
        }
    }

    /// `2 cores, the control group's quota (FILE)`-style words for `--verbose`.
    package var coresDescription: String {
        let count = cores == 1 ? "1 core" : "\(cores) cores"
        switch coresSource {
        case .controlGroup(let file): return "\(count), the control group's CPU quota (\(file))"
        case .affinity: return "\(count), the process's CPU affinity"
        case .processorCount: return "\(count), the active processors"
        }
    }
}
