import AshlarCore
import Foundation

/// `ashlar init [DIR] [--theme]`: a site skeleton that builds as it is. Never overwrites a file.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a new site: ashlar.json and an example album (never overwrites a file).",
        arguments: [.init(name: "DIR", help: "Where to create the site; created if missing.", defaultValue: ".")],
        options: [
            .init(long: "theme", short: nil, valueName: nil, help: "Also copy the default theme into DIR/templates/ to customise it.")
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let folder = arguments.positional(0, default: ".")
        let url = URL(fileURLWithPath: folder)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            Output.error("\(folder): error: not a folder")
            return 64
        }
        let outcome: SiteSkeleton.Outcome
        do {
            outcome = try SiteSkeleton(includeTheme: arguments.flags.contains("theme")).write(into: url)
        } catch {
            Output.error(error.description)
            return 1
        }
        let shown = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        for path in outcome.created { Output.print("created \(shown)\(path)") }
        for path in outcome.kept { Output.error("\(shown)\(path): note: already exists; left as it is") }
        let build = folder == "." ? "ashlar serve" : "ashlar serve \(folder)"
        Output.print(
            outcome.created.isEmpty
                ? "Nothing to create: every file already exists."
                : "Next: add folders of photos, then run '\(build)' to see the site.")
        return 0
    }
}
