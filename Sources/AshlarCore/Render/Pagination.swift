/// How an album's photos are split into pages: page 1 at `ALBUM/index.html`, page N at
/// `ALBUM/page/N/index.html`.
package struct Pagination: Sendable, Equatable {
    package var photoCount: Int
    /// Photos per page; 0 means one page for everything.
    package var pageSize: Int

    package init(photoCount: Int, pageSize: Int) {
        self.photoCount = photoCount
        self.pageSize = pageSize
    }

    /// At least one page, even for an album with no photos.
    package var pageCount: Int {
        guard pageSize > 0, photoCount > 0 else { return 1 }
        return (photoCount + pageSize - 1) / pageSize
    }

    /// The photos on a page (0-based page index).
    package func range(ofPage page: Int) -> Range<Int> {
        guard pageSize > 0 else { return 0..<photoCount }
        let start = min(page * pageSize, photoCount)
        return start..<min(start + pageSize, photoCount)
    }

    /// The page (0-based) holding photo `index`.
    package func page(ofPhoto index: Int) -> Int {
        pageSize > 0 ? index / pageSize : 0
    }

    /// The folder of a page below the album's folder: `""` for the first, `page/2` and so on.
    package static func folder(ofPage page: Int, in album: String) -> String {
        guard page > 0 else { return album }
        let relative = "page/\(page + 1)"
        return album.isEmpty ? relative : album + "/" + relative
    }
}
