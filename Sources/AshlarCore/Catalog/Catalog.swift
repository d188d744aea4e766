/// The site as data: every published album and photo, read from the source tree, with what was
/// found wrong on the way. What the catalog stage hands to rendering.
struct Catalog: Sendable {
    var root: Album
    /// In a deterministic order: folders, then photos in album order.
    var diagnostics: [Diagnostic]
    /// How many readable photos `minRating` left out, by reason.
    var leftOut: [RatingFilter.Reason: Int] = [:]
    /// The files of each album that are not published, by album (in album order) and reason.
    var unpublished: [UnpublishedGroup] = []

    var albums: [Album] { root.allAlbums }
    var photoCount: Int { albums.reduce(0) { $0 + $1.photos.count } }
}
