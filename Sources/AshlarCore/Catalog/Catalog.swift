/// The site as data: every album and item read from the source tree, with what was found wrong
/// on the way. What the read stage hands on; no later stage changes it (what the rendition stage
/// publishes sits beside it, in ``PublishedImages``).
struct Catalog: Sendable, Equatable {
    let root: Album
    /// In a deterministic order: folders, then photos in album order.
    let diagnostics: [Diagnostic]
    /// How many readable photos `minRating` left out, by reason.
    let leftOut: [RatingFilter.Reason: Int]
    /// The files of each album that are not published, by album (in album order) and reason.
    let unpublished: [UnpublishedGroup]

    init(
        root: Album, diagnostics: [Diagnostic], leftOut: [RatingFilter.Reason: Int] = [:],
        unpublished: [UnpublishedGroup] = []
    ) {
        self.root = root
        self.diagnostics = diagnostics
        self.leftOut = leftOut
        self.unpublished = unpublished
    }

    var albums: [Album] { root.allAlbums }
    var photoCount: Int { albums.reduce(0) { $0 + $1.photos.count } }
}
