import AshlarCore
import Foundation

/// `ashlar build [SOURCE] [-o DIR] [--config FILE]`.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the site from a folder of photos.",
        arguments: [.init(name: "SOURCE", help: "The folder of photos and sidecars.", defaultValue: ".")],
        options: [
            .init(long: "output", short: "o", valueName: "DIR", help: "Where to write the site.", defaultValue: "SOURCE/_site"),
            .init(long: "config", short: nil, valueName: "FILE", help: "The configuration file.", defaultValue: "SOURCE/ashlar.json"),
            .init(long: "strict", short: nil, valueName: nil, help: "Treat warnings as errors (exit 1)."),
            .init(long: "quiet", short: "q", valueName: nil, help: "Print only diagnostics, no summary."),
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let started = Date()
        let source = arguments.positional(0, default: ".")
        let sourceURL = URL(fileURLWithPath: source)
        let outputURL = arguments.values["output"].map { URL(fileURLWithPath: $0) }
            ?? sourceURL.appendingPathComponent("_site")
        let paths = SitePaths(source: sourceURL, output: outputURL, displaySource: source)
        let builder = SiteBuilder(
            paths: paths, configurationFile: arguments.values["config"].map { URL(fileURLWithPath: $0) })
        let result: SiteBuilder.Result
        do {
            result = try builder.build()
        } catch {
            Output.error(error.description)
            return error.kind == .usage ? 64 : 1
        }
        for diagnostic in result.diagnostics {
            Output.error(diagnostic.description)
        }
        if !arguments.flags.contains("quiet") {
            let seconds = Date().timeIntervalSince(started)
            let outputDisplay = arguments.values["output"] ?? paths.display("_site")
            Output.print(
                "Built \(Count.format(result.photoCount, "photo")) in \(Count.format(result.albumCount, "album")) -> \(Count.format(result.pageCount, "page")) in \(outputDisplay), \(Count.format(result.warningCount, "warning")), \(Count.format(result.errorCount, "error")), \(CSSNumber.format(seconds, digits: 2)) s"
            )
        }
        let strict = arguments.flags.contains("strict")
        return result.errorCount > 0 || (strict && result.warningCount > 0) ? 1 : 0
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
