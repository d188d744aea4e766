/// The memory the photos a build decodes at once may hold between them (``DecodeMemoryBudget``
/// enforces it): `--memory`, else the configuration's `"memory"`, else a fraction of what the
/// process may use (``MachineResources``).
public struct MemoryBudget: Sendable, Equatable {
    /// The budget in bytes.
    public var bytes: Int
    public var origin: Origin

    /// Where the budget comes from.
    public enum Origin: Sendable, Equatable {
        /// `--memory`.
        case option
        /// `"memory"` in the configuration file.
        case configuration
        /// ``machineFraction`` of the memory the process may use.
        case machine
    }

    /// The share of the process's memory a budget sized from the machine takes: half. The rest
    /// is for what the budget does not count — the catalog and pages, the files being read and
    /// written, the allocator's slack, the other programs on a laptop and the page cache — and
    /// covers an estimate that runs up to 1.5× short of a photo's measured peak.
    public static let machineFraction = (numerator: 1, denominator: 2)

    public init(bytes: Int, origin: Origin) {
        self.bytes = max(bytes, 0)
        self.origin = origin
    }

    /// `--memory` when given, else `configured`, else the fraction of `machine`'s memory.
    package init(option: Int?, configured: Int?, machine: MachineResources) {
        if let option {
            self.init(bytes: option, origin: .option)
        } else if let configured {
            self.init(bytes: configured, origin: .configuration)
        } else {
            let share = machine.memory / Self.machineFraction.denominator * Self.machineFraction.numerator
            self.init(bytes: share, origin: .machine)
        }
    }

    /// Whether a photo that needs more than the whole budget is refused: when the user set it.
    /// One sized from the machine is never less than one photo's need: such a photo is decoded
    /// alone, with nothing else held (``ImageLimits`` still refuses what no build may decode).
    public var refusesLargerPhotos: Bool { origin != .machine }

    /// The decode budget a build's rendition stage shares between its workers.
    func makeDecodeBudget() -> DecodeMemoryBudget {
        DecodeMemoryBudget(total: bytes, runsLargerAlone: !refusesLargerPhotos)
    }

    /// `'--memory' 192M`-style words naming where the budget comes from, for messages.
    package var originDescription: String {
        switch origin {
        case .option: "'--memory'"
        case .configuration: "'memory' in the configuration"
        case .machine: "half of the memory the process may use"
        }
    }
}
