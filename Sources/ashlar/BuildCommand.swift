import AshlarCore
import Foundation

/// `ashlar build`: the site, built once, with a summary or a JSON report.
struct BuildCommand: Command, Equatable {
    var source = "."
    var site = SiteOptions()
    var report = ReportOptions()
    var layoutManifest: String?
    var quiet = false
    /// `--verbose`: also say the memory budget, the most decodes at once and the jobs, and why.
    var verbose = false
    /// `--shard K/N`: make only this shard's renditions into the cache (`ShardReport`).
    var shard: RenditionShard?

    static let name = "build"
    static let abstract = "Build the site from a folder of photos."
    static let arguments: [ArgumentDeclaration<Self>] = [.source(\.source)]
    static let options: [OptionDeclaration<Self>] =
        SiteOptions.options(in: \.site) + ReportOptions.options(in: \.report) + [
            .string(
                \.layoutManifest, long: "layout-manifest", placeholder: "FILE",
                help: "Write every album page's placements as JSON."),
            .flag(\.quiet, long: "quiet", short: "q", help: "Print only diagnostics, no summary."),
            .flag(
                \.verbose, long: "verbose", short: "v",
                help:
                    "Also print the memory budget, the most photos decoded at once and the jobs, and where they come from."
            ),
            .shard(\.shard),
        ]

    func run() -> Int32 {
        if let shard { return runShard(shard) }
        let started = Date()
        var builder = site.builder(source: source, layoutManifest: layoutManifest != nil)
        builder.options.reportMetadataConflicts = report.strict
        let paths = builder.paths
        let result: SiteBuilder.Result
        switch withProgress(
            started: started,
            { progress throws(BuildError) in
                try builder.build(progress: progress, waiting: { Output.error("note: " + $0) })
            })
        {
        case .success(let built): result = built
        case .failure(let status): return status.code
        }
        let seconds = Date().timeIntervalSince(started)
        if let file = layoutManifest, let layout = result.layoutManifest {
            do {
                try Data(layout.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                Output.error("\(file): error: cannot write the layout manifest: \(error.localizedDescription)")
                return 1
            }
        }
        if report.json {
            Output.print(BuildReport(result: result, seconds: seconds).json)
        } else {
            for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
            if !quiet {
                Output.print(Self.summary(result, output: site.output ?? paths.display("_site"), seconds: seconds))
                for line in UnpublishedGroup.summary(result.unpublished, paths: paths) { Output.print(line) }
            }
        }
        if verbose, let memory = result.memory {
            // Beside the JSON report, on standard error, so that standard output stays JSON.
            for line in Self.verboseLines(memory, jobsOption: site.jobs) {
                report.json ? Output.error(line) : Output.print(line)
            }
        }
        return report.exitCode(errors: result.errorCount, warnings: result.warningCount)
    }
}

extension BuildCommand {
    /// An exit status, as the failure of a build that could not run.
    struct ExitStatus: Error { var code: Int32 }

    /// Runs `work` with a progress line on stderr (unless `--json` or `--quiet`), clearing it
    /// after; a `BuildError` is printed and becomes exit code 64 (usage) or 1.
    func withProgress<Value>(
        started: Date, _ work: (@escaping @Sendable (String) -> Void) throws(BuildError) -> Value
    ) -> Result<Value, ExitStatus> {
        let progress = ProgressLine(enabled: !report.json && !quiet, started: started)
        let result = Result { () throws(BuildError) in try work(progress.show) }
        progress.clear()
        return result.mapError { error in
            Output.error(error.description)
            return ExitStatus(code: error.kind == .usage ? 64 : 1)
        }
    }

    /// `Built 53 photos in 7 albums -> 145 pages in site-example/_site, 0 warnings, 0.54 s (…)`.
    static func summary(_ result: SiteBuilder.Result, output: String, seconds: Double) -> String {
        if result.stopped {
            return
                "Not built: the configuration has \(Count.format(result.errorCount, "error")); nothing in \(output) was changed"
        }
        var line =
            "Built \(Count.format(result.photoCount, "photo")) in \(Count.format(result.albumCount, "album")) -> \(Count.format(result.pageCount, "page")) in \(output), \(Count.format(result.warningCount, "warning"))"
        if result.errorCount > 0 { line += ", \(Count.format(result.errorCount, "error"))" }
        line += ", \(CSSNumber.format(seconds, digits: 2)) s"
        if result.upToDate {
            line += " (up to date)"
        } else {
            line +=
                " (\(Count.format(result.filesWritten, "file")) written, \(result.filesUnchanged) unchanged, \(result.filesRemoved) removed"
            if result.renditionsMade + result.renditionsReused > 0 {
                line += "; \(Count.format(result.renditionsMade, "rendition")) made, \(result.renditionsReused) reused"
            }
            if result.renditionsDeferred > 0 {
                line +=
                    "; \(Count.format(result.renditionsDeferred, "photo")) shown as \(result.renditionsDeferred == 1 ? "it is" : "they are") until \(result.renditionsDeferred == 1 ? "its" : "their") renditions are made"
            }
            line += ")"
        }
        if let leftOut = result.leftOut { line += "; \(leftOut)" }
        return line
    }
}

/// `1 photo`, `1,234 photos`.
enum Count {
    static func format(_ count: Int, _ noun: String) -> String {
        var digits = String(count)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " " + (count == 1 ? noun : noun + "s")
    }
}
