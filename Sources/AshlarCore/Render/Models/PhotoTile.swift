import AshlarTemplate

/// One item of `tiles`: a photo (or video) of a gallery page, as the `tile` partial reads it,
/// on album pages and keyword or place pages alike.
struct PhotoTile: TemplateValueConvertible {
    /// the photo's slug, unique in its album (on a keyword's page: made unique on the page), for
    /// `#links`
    var id: String
    /// the photo's page
    var url: String
    /// the image's URL, relative to this page (percent-encoded): for a photo Ashlar made
    /// renditions of, the narrowest at least 640 px wide
    var src: String
    /// alt text: `alt` from the sidecar, else its `title`, else "Photo N of M"; a video's starts
    /// with "Video: " (in the site's words)
    var alt: String
    /// the photo's title
    var title: String?
    /// display width in pixels (after EXIF orientation), for the `img` attributes
    var width: Int
    /// display height in pixels
    var height: Int
    /// the photo's 1-based place in the whole album (across pages; on a keyword's page, among
    /// its photos), for `aria-posinset`
    var position: Int
    /// the album's (or keyword's) photo count, for `aria-setsize`
    var setSize: Int
    /// `--a:W/H;--c1:…;--y1:…`: the aspect ratio, and column and top at each breakpoint; then
    /// `;--p:…`, the photo's colours (as `placeholder`), when it has them
    var style: String
    /// `eager` for tiles on a phone's first screen (at the narrowest breakpoint, less than two
    /// gallery widths down), else `lazy`
    var loading: String
    /// true for the gallery's first tile only (`fetchpriority="high"`)
    var highPriority: Bool
    /// the item is a video: `src`, `srcset` and `placeholder` are then its poster's
    var isVideo: Bool?
    /// a video without a poster: there is no image (`src` is to be ignored); the default theme
    /// shows a box of the tile's shape, shaded in its placeholder colour (or the surface colour),
    /// with a play button in the middle and the "Video" badge with its duration, `role="img"` and
    /// `alt` as its name
    var noImage: Bool?
    /// a video's length as players show it (`0:42`, `1:02:03`)
    var duration: String?
    /// the photo's colours, shown while it loads: a CSS `background` value, `#rrggbb` or
    /// `linear-gradient(#…,#…,#…)` (its top, middle and bottom thirds); made with the renditions,
    /// so none for a photo without them or with transparency
    var placeholder: String?
    /// with renditions: the `srcset` candidates
    var srcset: String?
    /// with renditions: the exact `sizes`
    var sizes: String?

    /// The tile of `photo`, the gallery's tile `index`, whose page is in `pageFolder`; `position`
    /// is its 1-based place among `total`.
    init(
        photo: Photo, id: String, pageFolder: String, index: Int, position: Int, of total: Int,
        gallery: GalleryModel, tileSizes: String, context: PageContext
    ) {
        self.id = id
        url = context.link(toFolder: pageFolder)
        src = context.tileSource(of: photo)
        alt = PageContext.alt(of: photo, position: position, of: total, words: context.words)
        title = photo.metadata.title ?? photo.titleFromFileName
        width = photo.width
        height = photo.height
        self.position = position
        setSize = total
        let placeholder = context.placeholder(of: photo)
        style = AlbumPageModel.withPlaceholder(
            gallery.tileStyle(index: index, width: photo.width, height: photo.height), placeholder)
        loading = gallery.isInFirstScreen(index) ? "eager" : "lazy"
        highPriority = gallery.isFirst(index)
        if let video = photo.video {
            isVideo = true
            alt = context.words[.videoLabel] + " " + alt
            if !photo.hasImage { noImage = true }
            duration = video.durationText
        }
        self.placeholder = placeholder?.css
        if let srcset = context.srcset(of: photo) {
            self.srcset = srcset
            sizes = tileSizes
        }
    }

    var templateValue: TemplateValue {
        var tile: TemplateObject = [
            "id": .string(id),
            "url": .string(url),
            "src": .string(src),
            "alt": .string(alt),
            "width": .number(Double(width)),
            "height": .number(Double(height)),
            "position": .number(Double(position)),
            "setSize": .number(Double(setSize)),
            "style": .string(style),
            "loading": .string(loading),
            "highPriority": .bool(highPriority),
        ]
        if let title { tile["title"] = .string(title) }
        if let isVideo { tile["isVideo"] = .bool(isVideo) }
        if let noImage { tile["noImage"] = .bool(noImage) }
        if let duration { tile["duration"] = .string(duration) }
        if let placeholder { tile["placeholder"] = .string(placeholder) }
        if let srcset { tile["srcset"] = .string(srcset) }
        if let sizes { tile["sizes"] = .string(sizes) }
        return .object(tile)
    }
}
