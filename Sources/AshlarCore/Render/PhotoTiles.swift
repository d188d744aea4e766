/// The photo tiles of one page of a gallery, as the `tile` partial reads them: album pages and
/// keyword or place pages alike.
struct PhotoTiles {
    /// One photo of the page: the photo, the folder of its own page, its tile's `id`.
    struct Item {
        var photo: Photo
        var pageFolder: String
        var id: String
    }

    var items: [Item]
    /// The 1-based position of the page's first photo among all `total`.
    var firstPosition: Int
    var total: Int
    var tileSizes: String

    /// The page's gallery, laid out from its photos' aspect ratios.
    func gallery(configuration: SiteConfiguration) -> GalleryModel {
        GalleryModel(aspectRatios: items.map(\.photo.aspectRatio), configuration: configuration)
    }

    func tiles(gallery: GalleryModel, context: PageContext) -> [PhotoTile] {
        items.enumerated().map { offset, item in
            PhotoTile(
                photo: item.photo, id: item.id, pageFolder: item.pageFolder, index: offset,
                position: firstPosition + offset, of: total, gallery: gallery, tileSizes: tileSizes, context: context)
        }
    }
}
