import Foundation

extension RenditionCache {
    /// The file under the user's state folder that holds this machine's own key: 32 random bytes,
    /// made on first use, readable by the user alone.
    static let localKeyFile = "cache-key"

    /// This machine's key, with which a build without `ASHLAR_CACHE_KEY` signs the sets it made
    /// or checked against their photos, so that its next builds reuse them without reading the
    /// photos again: `$XDG_STATE_HOME/ashlar/cache-key`, else `~/.local/state/ashlar/cache-key`
    /// (never in the cache folder, which CI shares). Nil when there is no such folder or it
    /// cannot be read or written; every reused set is then checked against its photo.
    static func localKey(environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt8]? {
        let folder: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            folder = state + "/ashlar"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.local/state/ashlar"
        } else {
            return nil
        }
        let jail = DirectoryJail(path: folder)
        guard jail.openRoot(creating: true) == nil else { return nil }
        if case .success(let key) = jail.readRegularFile(localKeyFile, upTo: 64), key.count == 32 { return key }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard jail.replaceFile(localKeyFile, with: key, permissions: 0o600) == nil else { return nil }
        // Two builds making a key at once each sign with their own; the sets signed with the key
        // that does not stay are checked against their photos once more, and signed again.
        return key
    }
}
