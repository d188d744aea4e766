import AshlarCore
import Foundation

/// `ashlar init`: a site skeleton that builds as it is. Never overwrites a file.
struct InitCommand: Command, Equatable {
    var folder = "."
    var theme = false

    static let name = "init"
    static let abstract = "Create a new site: ashlar.json and an example album (never overwrites a file)."
    static let arguments: [ArgumentDeclaration<Self>] = [
        .init(name: "DIR", help: "Where to create the site; created if missing.", field: \.folder)
    ]
    static let options: [OptionDeclaration<Self>] = [
        .flag(\.theme, long: "theme", help: "Also copy the default theme into DIR/templates/ to customise it.")
    ]

    func run() -> Int32 {
        let url = URL(fileURLWithPath: folder)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            Output.error("\(folder): error: not a folder")
            return 64
        }
        // A folder of photos gets no example album: it would be published beside them.
        let hasPhotos = SiteSkeleton.holdsPhotos(url)
        let outcome: SiteSkeleton.Outcome
        do {
            outcome = try SiteSkeleton(includeTheme: theme, includeExampleAlbum: !hasPhotos).write(into: url)
        } catch {
            Output.error(error.description)
            return 1
        }
        let shown = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        if hasPhotos {
            Output.error(
                "\(folder == "." ? "." : folder): note: the folder already holds photos; no example album is added")
        }
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
