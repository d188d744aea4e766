extension RenditionCache {
    /// What ``getOrCreate(key:create:)`` did.
    enum Lookup: Sendable {
        /// The cache held a complete set; its list was touched, so pruning keeps it.
        case found([Entry])
        /// `create` made the set and it was stored.
        case made([Entry])
        /// `create` made nothing (it said why itself, or left the photo for later).
        case notMade
        /// The set was made but could not be stored.
        case notStored(SystemFailure, path: String)
    }

    /// The set under `key`: from the cache when complete, else made by `create` and stored (its
    /// files first, the list that completes it last).
    func getOrCreate(key: String, create: () -> [(entry: Entry, bytes: [UInt8])]?) -> Lookup {
        if let entries = set(key: key) {
            touch(key: key)
            return .found(entries)
        }
        guard let made = create() else { return .notMade }
        if let failure = store(key: key, made) { return .notStored(failure, path: setFile(key: key)) }
        return .made(made.map(\.entry))
    }
}
