/// An item's name in the site, unique in it: the output folder of its album and its slug (its
/// page is `ALBUM/SLUG/`). What ``Album/cover`` and ``PublishedImages`` refer to it by.
package struct PhotoID: Sendable, Hashable {
    /// The album's output folder; empty for the root.
    package var album: String
    package var slug: String

    package init(album: String, slug: String) {
        self.album = album
        self.slug = slug
    }
}
