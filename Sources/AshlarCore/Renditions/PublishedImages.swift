/// The rendition stage's product, beside the catalog (which it never changes): for each item whose
/// still the stage took, what it published — renditions, a copy standing in for them, or nothing,
/// the item being left out. An item not here is published as the source has it. The render stage
/// reads the catalog and this together (``ShownImage``); the write stage copies the files.
package struct PublishedImages: Sendable, Equatable {
    /// What was published for each item the stage took, by the item's id.
    package var items: [PhotoID: PublishedImage] = [:]

    package init(items: [PhotoID: PublishedImage] = [:]) {
        self.items = items
    }

    package subscript(id: PhotoID) -> PublishedImage? { items[id] }

    /// The items the stage left out of the site.
    package var leftOut: Set<PhotoID> {
        Set(items.compactMap { id, image in image == .leftOut ? id : nil })
    }
}

/// What the rendition stage published for one item's still.
package enum PublishedImage: Sendable, Equatable {
    /// Renditions, made now or found in the cache, stand for the still (with, under
    /// `"originals": "publish"`, a copy of the original for download).
    case renditions(PublishedRenditions)
    /// A published copy of the still's own file (its metadata chosen from an allowlist) stands in
    /// for renditions: too small, damaged, a GIF or WebP, or not made yet under `serve`.
    case copy(CachedFile)
    /// The item is left out of the site: its still could not be read, decoded or published.
    case leftOut
}
