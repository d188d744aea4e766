import AshlarCore
import Foundation

/// `ashlar check [SOURCE] [--strict] [--json]`: reads everything, writes nothing.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check photos, sidecars, albums and templates without writing anything.",
        arguments: [.init(name: "SOURCE", help: "The folder of photos and sidecars.", defaultValue: ".")],
        options: [
            .init(long: "config", short: nil, valueName: "FILE", help: "The configuration file.", defaultValue: "SOURCE/ashlar.json"),
            .init(long: "strict", short: nil, valueName: nil, help: "Treat warnings as errors (exit 1)."),
            .init(long: "json", short: nil, valueName: nil, help: "Print a JSON report on standard output instead of the summary."),
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let source = arguments.positional(0, default: ".")
        let sourceURL = URL(fileURLWithPath: source)
        let paths = SitePaths(source: sourceURL, output: sourceURL.appendingPathComponent("_site"), displaySource: source)
        let builder = SiteBuilder(paths: paths, configurationFile: arguments.values["config"].map { URL(fileURLWithPath: $0) })
        let result: SiteBuilder.Result
        do {
            result = try builder.check()
        } catch {
            Output.error(error.description)
            return error.kind == .usage ? 64 : 1
        }
        if arguments.flags.contains("json") {
            Output.print(DiagnosticReport(result).json)
        } else {
            for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
            Output.print("\(Count.format(result.photoCount, "photo")) in \(Count.format(result.albumCount, "album")): \(Count.format(result.warningCount, "warning")), \(Count.format(result.errorCount, "error"))")
        }
        let strict = arguments.flags.contains("strict")
        return result.errorCount > 0 || (strict && result.warningCount > 0) ? 1 : 0
    }
}
