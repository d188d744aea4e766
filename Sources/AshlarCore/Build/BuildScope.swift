/// What one run of the build is for: which stages of ``BuildStage`` run, and how.
package enum BuildScope: Sendable, Equatable {
    /// `ashlar build`, and each round of `serve` (with the photos whose renditions are made now).
    case build(RenditionScope)
    /// `ashlar check`: reads and renders everything as a build would, and writes nothing;
    /// photos are decoded to find what the rendition stage would refuse.
    case check
    /// `ashlar build --shard K/N`: reads everything and makes one shard's renditions into the
    /// cache; writes no site.
    case shard(RenditionShard)
    /// Reads the catalog only, with the configuration's defaults where `ashlar.json` is broken:
    /// benchmarks, tools, `serve`'s list of the images a skipped build shows.
    case catalog

    /// The stages that run, in order: a prefix of ``BuildStage/allCases``.
    package var stages: [BuildStage] {
        switch self {
        case .build: BuildStage.allCases
        case .check: [.configuration, .scan, .read, .renditions, .render]
        case .shard: [.configuration, .scan, .read, .renditions]
        case .catalog: [.configuration, .scan, .read]
        }
    }

    /// Which photos the rendition stage makes renditions for.
    var renditions: RenditionScope {
        switch self {
        case .build(let scope): scope
        case .check: .checkOnly
        case .shard(let shard): .shard(shard)
        case .catalog: .checkOnly
        }
    }

    /// Whether the run writes into the output folder (and so opens, locks and may skip it).
    var writesSite: Bool {
        if case .build = self { return true }
        return false
    }
}
