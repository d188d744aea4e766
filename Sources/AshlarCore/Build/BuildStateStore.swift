import Foundation

/// Where a build keeps its bookkeeping between runs (the `BuildManifest`: each written file's
/// content entry and source stamps, the inputs' fingerprint, the diagnostics to repeat when
/// nothing changed): `$XDG_CACHE_HOME/ashlar/builds/`, else `~/.cache/ashlar/builds/`, one file
/// per output folder. Never in the output folder, which is published. Without it (a fresh CI
/// machine, a cache that cannot be written) a build simply does all its work again.
struct BuildStateStore: Sendable {
    /// Nil when there is no cache folder to use.
    let folder: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            folder = cache + "/ashlar/builds"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.cache/ashlar/builds"
        } else {
            folder = nil
        }
    }

    private func file(for output: String) -> String? {
        folder.map { $0 + "/" + ContentHash.of(Array(OutputFolder.resolvedPath(output).utf8)) + ".json" }
    }

    func load(output: String) -> BuildManifest? {
        guard let file = file(for: output),
            case .success(let read) = RawFile.read(file, upTo: BuildManifest.maximumStateSize)
        else { return nil }
        return BuildManifest.read(read.bytes)
    }

    /// Saves the state; a failure is not the build's: the next one works without it.
    func save(_ manifest: BuildManifest, output: String) {
        guard let file = file(for: output) else { return }
        _ = FileSystem.replaceFile(file, with: manifest.bytes)
    }
}
