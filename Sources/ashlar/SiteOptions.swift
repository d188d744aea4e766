import AshlarCore
import Foundation

/// The options `build` and `serve` share: where the site goes, which configuration it uses, and
/// what to do with an earlier build.
struct SiteOptions: ParsableOptions, Equatable {
    var output: String?
    var config: String?
    var clean = false
    var force = false
    var baseURL: String?
    var jobs: Int?
    var cacheDir: String?
    var memory: Int?

    static let options: [OptionDeclaration<Self>] = [
        .string(
            \.output, long: "output", short: "o", placeholder: "DIR", help: "Where to write the site.",
            default: "SOURCE/_site"),
        .configuration(\.config),
        .flag(\.clean, long: "clean", help: "Remove what the last build wrote, then build from scratch."),
        .flag(\.force, long: "force", help: "Build into a folder that holds files Ashlar did not write."),
        .string(
            \.baseURL, long: "base-url", placeholder: "URL",
            help: "Publish at this URL instead of baseURL (deploy previews).",
            default: "baseURL in ashlar.json"),
        .integer(
            \.jobs, in: 1...1024, long: "jobs", short: "j", placeholder: "N",
            help: "Work on at most N things at once.", default: "every core Ashlar may use"),
        .memory(\.memory),
        .string(
            \.cacheDir, long: "cache-dir", placeholder: "DIR", help: "Keep renditions between builds here.",
            default: "SOURCE/.ashlar-cache"),
    ]

    /// The builder for `source` with these options.
    func builder(source: String, layoutManifest: Bool = false) -> SiteBuilder {
        let sourceURL = URL(fileURLWithPath: source)
        let outputURL = output.map { URL(fileURLWithPath: $0) } ?? sourceURL.appendingPathComponent("_site")
        let paths = SitePaths(source: sourceURL, output: outputURL, displaySource: source)
        var options = SiteBuilder.Options(
            clean: clean, force: force, layoutManifest: layoutManifest, jobs: jobs, baseURL: baseURL)
        options.cacheDirectory = cacheDir.map { URL(fileURLWithPath: $0) }
        options.memory = memory
        return SiteBuilder(paths: paths, configurationFile: config.map { URL(fileURLWithPath: $0) }, options: options)
    }
}

extension OptionDeclaration {
    /// `--config FILE`, which `build`, `serve` and `check` take.
    static func configuration(_ field: WritableKeyPath<Root, String?> & Sendable) -> Self {
        .string(
            field, long: "config", placeholder: "FILE", help: "The configuration file.", default: "SOURCE/ashlar.json")
    }
}
