import AshlarImage
import Testing

@testable import AshlarCore

/// The build's budget: `--memory`, else the configuration's, else half of what the process may
/// use, which comes from the control group where it is tighter than the machine.
@Suite struct MemoryBudgetTests {
    static func machine(memory: Int) -> MachineResources {
        MachineResources(limits: ControlGroup.Limits(), physicalMemory: memory, affinity: 2, processors: 2)
    }

    static let mib = 1 << 20
    static let gib = 1 << 30
    static let sources: [(Int?, Int?, Int, MemoryBudget.Origin)] = [
        (192 * mib, 2 * gib, 192 * mib, .option), (nil, 2 * gib, 2 * gib, .configuration),
        (nil, nil, 8 * gib, .machine),
        (1, nil, 1, .option),
    ]

    @Test(arguments: sources)
    func theOptionThenTheConfigurationThenHalfTheMachine(
        option: Int?, configured: Int?, bytes: Int, origin: MemoryBudget.Origin
    ) {
        let budget = MemoryBudget(option: option, configured: configured, machine: Self.machine(memory: 16 * Self.gib))
        #expect(budget.bytes == bytes && budget.origin == origin)
        #expect(budget.refusesLargerPhotos == (origin != .machine))
    }

    /// Half of a small machine is less than one camera photo's need: such a photo runs alone.
    @Test func aBudgetFromTheMachineIsNeverLessThanOnePhotosNeed() {
        let budget = MemoryBudget(option: nil, configured: nil, machine: Self.machine(memory: 256 * Self.mib))
        #expect(budget.bytes == 128 << 20)
        let decode = budget.makeDecodeBudget()
        #expect(decode.acquire(ImageLimits.default.maxMemoryBytes))
        decode.release(ImageLimits.default.maxMemoryBytes)
        let explicit = MemoryBudget(option: 128 << 20, configured: nil, machine: Self.machine(memory: 256 * Self.mib))
        #expect(!explicit.makeDecodeBudget().acquire((128 << 20) + 1))
    }

    /// (control group's memory, physical, memory, from the control group)
    static let memories: [(Int?, Int?, Int, Bool)] = [
        (2 * gib, 16 * gib, 2 * gib, true), (32 * gib, 16 * gib, 16 * gib, false), (nil, 16 * gib, 16 * gib, false),
        (gib, nil, gib, true), (nil, nil, 4 * gib, false),
    ]

    @Test(arguments: memories)
    func memoryIsTheTighterOfTheControlGroupAndTheMachine(group: Int?, physical: Int?, memory: Int, fromGroup: Bool) {
        let limits = ControlGroup.Limits(memory: group.map { ($0, "/sys/fs/cgroup/memory.max") })
        let machine = MachineResources(limits: limits, physicalMemory: physical, affinity: 4, processors: 8)
        #expect(machine.memory == memory)
        #expect((machine.memorySource == .controlGroup(file: "/sys/fs/cgroup/memory.max")) == fromGroup)
    }

    /// (control group's quota, affinity, processors, cores, source)
    static let coreCases: [(Int?, Int?, Int, Int, String)] = [
        (2, 16, 16, 2, "group"), (8, 4, 16, 4, "affinity"), (nil, 3, 16, 3, "affinity"),
        (nil, nil, 6, 6, "processors"), (nil, nil, 0, 1, "processors"), (1, nil, 4, 1, "group"),
    ]

    @Test(arguments: coreCases)
    func coresAreTheQuotaWhereSetElseTheAffinityMask(
        quota: Int?, affinity: Int?, processors: Int, cores: Int, source: String
    ) {
        let limits = ControlGroup.Limits(cores: quota.map { ($0, "/sys/fs/cgroup/cpu.max") })
        let machine = MachineResources(
            limits: limits, physicalMemory: 1 << 30, affinity: affinity, processors: processors)
        #expect(machine.cores == cores)
        let expected: MachineResources.CoresSource =
            switch source {
            case "group": .controlGroup(file: "/sys/fs/cgroup/cpu.max")
            case "affinity": .affinity
            default: .processorCount
            }
        #expect(machine.coresSource == expected)
    }

    @Test func thisMachineHasSomeMemoryAndACore() {
        #expect(MachineResources.current.memory > 0)
        #expect(MachineResources.current.cores >= 1)
    }
}
