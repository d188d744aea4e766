import AshlarCore
import Foundation

/// `ashlar build [SOURCE] [-o DIR] [--config FILE] [--clean] [--force] [--strict] [--json] [-q]`.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the site from a folder of photos.",
        arguments: [.init(name: "SOURCE", help: "The folder of photos and sidecars.", defaultValue: ".")],
        options: [
            .init(long: "output", short: "o", valueName: "DIR", help: "Where to write the site.", defaultValue: "SOURCE/_site"),
            .init(long: "config", short: nil, valueName: "FILE", help: "The configuration file.", defaultValue: "SOURCE/ashlar.json"),
            .init(long: "clean", short: nil, valueName: nil, help: "Remove what the last build wrote, then build from scratch."),
            .init(long: "force", short: nil, valueName: nil, help: "Build into a folder that holds files Ashlar did not write."),
            .init(long: "strict", short: nil, valueName: nil, help: "Treat warnings as errors (exit 1)."),
            .init(long: "json", short: nil, valueName: nil, help: "Print a JSON report on standard output instead of the summary."),
            .init(long: "layout-manifest", short: nil, valueName: "FILE", help: "Write every album page's placements as JSON."),
            .init(long: "quiet", short: "q", valueName: nil, help: "Print only diagnostics, no summary."),
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let started = Date()
        let builder = makeBuilder(arguments, layoutManifest: arguments.values["layout-manifest"] != nil)
        let paths = builder.paths
        let json = arguments.flags.contains("json")
        let progress = ProgressLine(enabled: !json && !arguments.flags.contains("quiet"), started: started)
        let result: SiteBuilder.Result
        do {
            result = try builder.build(progress: progress.show)
        } catch {
            progress.clear()
            Output.error(error.description)
            return error.kind == .usage ? 64 : 1
        }
        progress.clear()
        let seconds = Date().timeIntervalSince(started)
        if let file = arguments.values["layout-manifest"], let layout = result.layoutManifest {
            do {
                try Data(layout.utf8).write(to: URL(fileURLWithPath: file))
            } catch {
                Output.error("\(file): error: cannot write the layout manifest: \(error.localizedDescription)")
                return 1
            }
        }
        if json {
            Output.print(BuildReport(result: result, seconds: seconds).json)
        } else {
            for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
            if !arguments.flags.contains("quiet") {
                Output.print(summary(result, output: arguments.values["output"] ?? paths.display("_site"), seconds: seconds))
            }
        }
        let strict = arguments.flags.contains("strict")
        return result.errorCount > 0 || (strict && result.warningCount > 0) ? 1 : 0
    }
}

extension BuildCommand {
    /// The builder for `build` and `serve`: source, output and configuration from the arguments.
    static func makeBuilder(_ arguments: ParsedArguments, layoutManifest: Bool = false) -> SiteBuilder {
        let source = arguments.positional(0, default: ".")
        let sourceURL = URL(fileURLWithPath: source)
        let outputURL = arguments.values["output"].map { URL(fileURLWithPath: $0) }
            ?? sourceURL.appendingPathComponent("_site")
        let paths = SitePaths(source: sourceURL, output: outputURL, displaySource: source)
        let options = SiteBuilder.Options(
            clean: arguments.flags.contains("clean"), force: arguments.flags.contains("force"), layoutManifest: layoutManifest)
        return SiteBuilder(
            paths: paths, configurationFile: arguments.values["config"].map { URL(fileURLWithPath: $0) }, options: options)
    }

    /// `Built 53 photos in 7 albums -> 31 pages in site-example/_site, 0 warnings, 0.12 s (…)`.
    static func summary(_ result: SiteBuilder.Result, output: String, seconds: Double) -> String {
        if result.stopped {
            return "Not built: the configuration has \(Count.format(result.errorCount, "error")); nothing in \(output) was changed"
        }
        var line = "Built \(Count.format(result.photoCount, "photo")) in \(Count.format(result.albumCount, "album")) -> \(Count.format(result.pageCount, "page")) in \(output), \(Count.format(result.warningCount, "warning"))"
        if result.errorCount > 0 { line += ", \(Count.format(result.errorCount, "error"))" }
        line += ", \(CSSNumber.format(seconds, digits: 2)) s"
        if result.upToDate {
            line += " (up to date)"
        } else {
            line += " (\(Count.format(result.filesWritten, "file")) written, \(result.filesUnchanged) unchanged, \(result.filesRemoved) removed)"
        }
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
