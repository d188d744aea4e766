import AshlarCore
import Foundation

extension BuildCommand {
    /// `ashlar build --shard K/N`: one shard's renditions into the cache, no site.
    func runShard(_ shard: RenditionShard) -> Int32 {
        if site.clean || layoutManifest != nil {
            let option = site.clean ? "--clean" : "--layout-manifest"
            return AshlarCommand.usageError(
                "'\(option)' cannot be used with '--shard': a shard's build writes no site\nUsage: \(Self.usage)\nSee 'ashlar help build'."
            )
        }
        let started = Date()
        let builder = site.builder(source: source)
        let result: SiteBuilder.ShardResult
        switch withProgress(
            started: started, { progress throws(BuildError) in try builder.buildShard(shard, progress: progress) })
        {
        case .success(let built): result = built
        case .failure(let status): return status.code
        }
        let seconds = Date().timeIntervalSince(started)
        if report.json {
            Output.print(ShardReport(result: result, seconds: seconds).json)
        } else {
            for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
            if !quiet { Output.print(Self.shardSummary(result, seconds: seconds)) }
        }
        return report.exitCode(errors: result.errorCount, warnings: result.warningCount)
    }

    /// `Shard 2/4: 251 of 1,000 photos -> 1,506 renditions made, 0 reused into .ashlar-cache, 0 warnings, 41.20 s`.
    static func shardSummary(_ result: SiteBuilder.ShardResult, seconds: Double) -> String {
        let time = "\(CSSNumber.format(seconds, digits: 2)) s"
        if result.stopped {
            return
                "Shard \(result.shard) not made: the configuration has \(Count.format(result.errorCount, "error")), \(time)"
        }
        if result.makesNoRenditions {
            return "Shard \(result.shard): nothing to make, the site makes no renditions, \(time)"
        }
        var line =
            "Shard \(result.shard): \(result.shardPhotoCount) of \(Count.format(result.photoCount, "photo")) -> \(Count.format(result.renditionsMade, "file")) made, \(result.renditionsReused) reused, \(Count.format(result.warningCount, "warning"))"
        if result.errorCount > 0 { line += ", \(Count.format(result.errorCount, "error"))" }
        return line + ", " + time
    }
}

extension OptionDeclaration {
    /// `--shard K/N`, which only `build` takes.
    static func shard(_ field: WritableKeyPath<Root, RenditionShard?> & Sendable) -> Self {
        Self(
            long: "shard", help: "Make only shard K of N of the renditions into the cache; write no site.",
            kind: .value(placeholder: "K/N") { (root, value) throws(UsageError) in
                guard let shard = RenditionShard(parsing: value) else {
                    throw UsageError("'--shard' must be K/N with 1 ≤ K ≤ N ≤ 1000, found '\(value)'")
                }
                root[keyPath: field] = shard
            })
    }
}
