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

    private func file(for output: String) -> String {
        ContentHash.of(Array(OutputFolder.resolvedPath(output).utf8)) + ".json"
    }

    /// The folder, held open as the output and the rendition cache are (no link in it is
    /// followed): what is read from it is untrusted input.
    private func opened(creating: Bool) -> DirectoryJail? {
        guard let folder else { return nil }
        let jail = DirectoryJail(path: folder)
        return jail.openRoot(creating: creating) == nil ? jail : nil
    }

    func load(output: String) -> BuildManifest? {
        guard let jail = opened(creating: false),
            case .success(let bytes) = jail.readRegularFile(file(for: output), upTo: BuildManifest.maximumStateSize)
        else { return nil }
        return BuildManifest.read(bytes)
    }

    /// Saves the state; a failure is not the build's: the next one works without it.
    func save(_ manifest: BuildManifest, output: String) {
        _ = opened(creating: true)?.replaceFile(file(for: output), with: manifest.bytes)
    }
}
