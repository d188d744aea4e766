/// Which photos a build makes renditions for. `serve` makes them in rounds, so its first page
/// is there at once and the photos it shows first are the first to get renditions.
public enum RenditionScope: Sendable, Equatable {
    /// Every photo that needs them.
    case all
    /// None: renditions already in the cache are used; the other photos are published as they
    /// are for now.
    case cachedOnly
    /// Those the home page shows first: the first `photos` photos of the top album and the
    /// covers of its albums. The others are treated as with `cachedOnly`.
    case firstScreen(photos: Int)
    /// None, and nothing written: each photo is decoded to be checked, unless the cache holds its
    /// renditions already (they were made from the same bytes), so that `ashlar check` refuses
    /// exactly what a build would.
    case checkOnly
    /// The photos of one shard (`ashlar build --shard K/N`), by their source digest; the others
    /// are read to be digested and passed over. Such a build writes no site.
    case shard(RenditionShard)
}
