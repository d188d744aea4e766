/// How `serve` makes renditions: its first build uses only what the cache holds, so the first
/// page is there in seconds; rounds after it make what was left for later — the home page's
/// first photos, then all the others — and the pages reload after each.
package enum PreviewRounds {
    /// How many of the home page's photos get renditions before the rest: more than a large
    /// screen shows at once.
    package static let firstScreenPhotos = 24

    /// The photos the first build makes renditions for: none.
    package static let first = RenditionScope.cachedOnly

    /// The round after one built with `scope` that left `deferred` photos without renditions (a
    /// failed round counts as leaving some); nil when there is none.
    package static func next(after scope: RenditionScope, deferred: Int) -> RenditionScope? {
        guard deferred > 0 else { return nil }
        switch scope {
        case .cachedOnly: return .firstScreen(photos: firstScreenPhotos)
        case .firstScreen: return .all
        case .all, .checkOnly, .shard: return nil
        }
    }
}
