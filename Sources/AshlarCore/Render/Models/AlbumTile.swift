import AshlarTemplate

/// One item of `albums`: a sub-album's tile on the first page of its parent, as the
/// `album-tile` partial reads it.
struct AlbumTile: TemplateValueConvertible {
    /// `album-` and the sub-album's folder name, for `#links`
    var id: String
    /// the sub-album's title
    var title: String
    /// the sub-album's page
    var url: String
    /// every photo below the sub-album, in it and in its own sub-albums
    var photoCount: Int
    /// `photoCount` with the nouns, in the site's words: "1 photo", "4 photos, 1 video"
    var photoCountText: String
    /// the sub-album's description, from its `album.json`
    var description: String?
    /// the tile's 1-based place among the sub-albums, for `aria-posinset`
    var position: Int
    /// how many sub-albums there are, for `aria-setsize`
    var setSize: Int
    /// `eager` for tiles on a phone's first screen (at the narrowest breakpoint, less than two
    /// gallery widths down), else `lazy`
    var loading: String
    /// as a photo tile's `style`, the cover's shape (3/2 without a cover image); then `;--p:…`
    /// when the cover has a `placeholder`
    var style: String
    /// the cover photo's image, when it has one
    var cover: Cover?

    /// `cover`: the sub-album's cover photo.
    struct Cover: TemplateValueConvertible {
        /// the image's URL, as a photo tile's `src`
        var src: String
        /// display width in pixels
        var width: Int
        /// display height in pixels
        var height: Int
        /// with renditions: the `srcset` candidates
        var srcset: String?
        /// with renditions: the photo tiles' `sizes` (album tiles are laid out in the same columns)
        var sizes: String?
        /// the cover's colours while it loads, as a photo tile's `placeholder`
        var placeholder: String?

        var templateValue: TemplateValue {
            var cover: TemplateObject = [
                "src": .string(src), "width": .number(Double(width)), "height": .number(Double(height)),
            ]
            if let srcset { cover["srcset"] = .string(srcset) }
            if let sizes { cover["sizes"] = .string(sizes) }
            if let placeholder { cover["placeholder"] = .string(placeholder) }
            return .object(cover)
        }
    }

    /// The tile of `child`, the gallery's tile `index` of `total`.
    init(child: Album, index: Int, of total: Int, gallery: GalleryModel, tileSizes: String, context: PageContext) {
        id = "album-" + (child.outputPath.split(separator: "/").last.map(String.init) ?? "")
        title = child.title
        url = context.link(toFolder: child.outputPath)
        photoCount = child.totalPhotoCount
        let videos = child.totalVideoCount
        photoCountText = context.words.count(photos: child.totalPhotoCount - videos, videos: videos)
        description = child.description
        position = index + 1
        setSize = total
        loading = gallery.isInFirstScreen(index) ? "eager" : "lazy"
        if let photo = child.coverPhoto, photo.hasImage {
            var cover = Cover(src: context.tileSource(of: photo), width: photo.width, height: photo.height)
            if let srcset = context.srcset(of: photo) {
                cover.srcset = srcset
                cover.sizes = tileSizes
            }
            let placeholder = context.placeholder(of: photo)
            cover.placeholder = placeholder?.css
            self.cover = cover
            style = AlbumPageModel.withPlaceholder(
                gallery.tileStyle(index: index, width: photo.width, height: photo.height), placeholder)
        } else {
            style = gallery.tileStyle(index: index, width: 3, height: 2)
        }
    }

    var templateValue: TemplateValue {
        var tile: TemplateObject = [
            "id": .string(id),
            "title": .string(title),
            "url": .string(url),
            "photoCount": .number(Double(photoCount)),
            "photoCountText": .string(photoCountText),
            "position": .number(Double(position)),
            "setSize": .number(Double(setSize)),
            "loading": .string(loading),
            "style": .string(style),
        ]
        if let description { tile["description"] = .string(description) }
        if let cover { tile["cover"] = cover.templateValue }
        return .object(tile)
    }
}
