import AshlarTemplate

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

    func values(gallery: GalleryModel, context: PageContext) -> [TemplateValue] {
        items.enumerated().map { offset, item in
            let photo = item.photo
            let position = firstPosition + offset
            var tile: [String: TemplateValue] = [
                "id": .string(item.id),
                "url": .string(context.link(toFolder: item.pageFolder)),
                "src": .string(context.tileSource(of: photo)),
                "alt": .string(PageContext.alt(of: photo, position: position, of: total)),
                "width": .number(Double(photo.width)),
                "height": .number(Double(photo.height)),
                "position": .number(Double(position)),
                "setSize": .number(Double(total)),
                "style": .string(
                    AlbumPageModel.withPlaceholder(
                        gallery.tileStyle(index: offset, width: photo.width, height: photo.height),
                        context.placeholder(of: photo))),
                "loading": .string(gallery.isInFirstScreen(offset) ? "eager" : "lazy"),
                "highPriority": .bool(gallery.isInFirstRow(offset)),
            ]
            if let title = photo.metadata.title ?? photo.titleFromFileName { tile["title"] = .string(title) }
            AlbumPageModel.addVideo(photo, to: &tile, position: position, of: total)
            if let placeholder = context.placeholder(of: photo) { tile["placeholder"] = .string(placeholder.css) }
            if let srcset = context.srcset(of: photo) {
                tile["srcset"] = .string(srcset)
                tile["sizes"] = .string(tileSizes)
            }
            return .object(tile)
        }
    }
}
