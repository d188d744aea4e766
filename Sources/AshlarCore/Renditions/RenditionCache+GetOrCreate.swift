import AshlarImage

extension RenditionCache {
    /// What ``getOrCreate(key:widths:validate:create:)`` did.
    enum Lookup: Sendable {
        /// The cache held a complete set; its list was touched, so pruning keeps it.
        case found(SetList)
        /// `create` made the set and it was stored; `replacing` says why a set the cache held was
        /// not used.
        case made(SetList, replacing: String?)
        /// `create` made nothing (it said why itself, or left the photo for later).
        case notMade
        /// The set was made but could not be stored.
        case notStored(SystemFailure, path: String)
    }

    /// The set under `key` at `widths`: from the cache when complete and `validate` finds nothing
    /// wrong with it (told whether its list is signed under ``vouchingKey``; an unsigned one that
    /// passes is signed now), else made by `create` and stored (its files first, the list that
    /// completes it last).
    func getOrCreate(
        key: String, widths: [Int], validate: (_ entries: [Entry], _ signed: Bool) -> String?,
        create: () -> (renditions: [(entry: Entry, bytes: [UInt8])], placeholder: ColourPlaceholder?)?
    ) -> Lookup {
        var replacing: String?
        switch set(key: key, widths: widths) {
        case .complete(let list, let signed):
            if let problem = validate(list.entries, signed) {
                replacing = "\(setFile(key: key)): \(problem)"
            } else {
                // Signed now, its next reuse spares the check against the photo; unsigned if the
                // list cannot be written, it is checked again next time.
                if !signed, vouchingKey != nil {
                    _ = storeList(key: key, list.entries, placeholder: list.placeholder)
                } else {
                    touch(key: key)
                }
                return .found(list)
            }
        case .mismatched(let problem):
            replacing = problem
        case .missing:
            break
        }
        guard let made = create() else { return .notMade }
        if let failure = store(key: key, made.renditions, placeholder: made.placeholder) {
            return .notStored(failure, path: display(setFile(key: key)))
        }
        return .made(
            SetList(entries: made.renditions.map(\.entry), placeholder: made.placeholder), replacing: replacing)
    }
}
