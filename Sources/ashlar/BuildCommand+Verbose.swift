import AshlarCore

extension BuildCommand {
    /// What `--verbose` adds: `memory budget 1.5 GiB, at most 4 decodes at once, 2 jobs`, then
    /// where the budget and the jobs come from, and any control-group file that was ignored.
    static func verboseLines(_ memory: SiteBuilder.Result.Memory, jobsOption: Int?) -> [String] {
        let machine = MachineResources.current
        let decodes = memory.mostDecodesAtOnce
        var lines = [
            "memory budget \(ByteSize.format(memory.budget.bytes)), at most \(decodes) \(decodes == 1 ? "decode" : "decodes") at once, "
                + "\(memory.jobs) \(memory.jobs == 1 ? "job" : "jobs")"
        ]
        let budget: String
        switch memory.budget.origin {
        case .option: budget = "the budget is '--memory'"
        case .configuration: budget = "the budget is 'memory' in the configuration"
        case .machine: budget = "the budget is half of \(machine.memoryDescription)"
        }
        let jobs =
            jobsOption == nil
            ? "the jobs are every core Ashlar may use: \(machine.coresDescription)" : "the jobs are '--jobs'"
        lines.append("\(budget); \(jobs)")
        for file in machine.ignored {
            lines.append("note: \(file) does not hold what the kernel writes; it was ignored")
        }
        return lines
    }
}
