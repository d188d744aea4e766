import AshlarCore
import Foundation

/// `ashlar check`: reads everything a build would, writes nothing.
struct CheckCommand: Command, Equatable {
    var source = "."
    var config: String?
    var memory: Int?
    var report = ReportOptions()

    static let name = "check"
    static let abstract = "Check photos, sidecars, albums and templates without writing anything."
    static let arguments: [ArgumentDeclaration<Self>] = [.source(\.source)]
    static let options: [OptionDeclaration<Self>] =
        [.configuration(\.config), .memory(\.memory)] + ReportOptions.options(in: \.report)

    func run() -> Int32 {
        let sourceURL = URL(fileURLWithPath: source)
        let paths = SitePaths(
            source: sourceURL, output: sourceURL.appendingPathComponent("_site"), displaySource: source)
        var builder = SiteBuilder(paths: paths, configurationFile: config.map { URL(fileURLWithPath: $0) })
        builder.options.reportMetadataConflicts = report.strict
        builder.options.memory = memory
        let result: SiteBuilder.Result
        do {
            result = try builder.check()
        } catch {
            Output.error(error.description)
            return error.kind == .usage ? 64 : 1
        }
        if report.json {
            Output.print(DiagnosticReport(result).json)
        } else {
            for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
            for note in UnpublishedGroup.notes(result.unpublished, paths: paths) { Output.error(note) }
            var line =
                "\(Count.format(result.photoCount, "photo")) in \(Count.format(result.albumCount, "album")): \(Count.format(result.warningCount, "warning")), \(Count.format(result.errorCount, "error"))"
            if let leftOut = result.leftOut { line += "; \(leftOut)" }
            let unpublished = result.unpublished.reduce(0) { $0 + $1.files.count }
            if unpublished > 0 { line += "; \(Count.format(unpublished, "file")) not published" }
            if result.publishedAsIs > 0 {
                Output.error(
                    "note: \(Count.format(result.publishedAsIs, "image")) will be published as \(result.publishedAsIs == 1 ? "it is" : "they are"), metadata and all: \"publishAsIs\" lists \(result.publishedAsIs == 1 ? "its format" : "their formats")"
                )
            }
            Output.print(line)
        }
        return report.exitCode(errors: result.errorCount, warnings: result.warningCount)
    }
}
