import AshlarTemplate

/// `photo.mustache`: a photo's (or a video's) page.
struct PhotoPage: TemplateValueConvertible {
    /// the site, as on every page
    var site: Encoded<SiteSummary>
    /// the theme's words in the site's language, with `ashlar.json`'s `words` over them
    /// (`{{words.next}}`)
    var words: ThemeWords
    /// where this page is
    var page: PageLocation
    /// with a `baseURL` only: the sharing tags
    var meta: ShareTags?
    /// the photo
    var photo: PhotoDetails
    /// the photo's 1-based place in its album
    var position: Int
    /// the album's photo count
    var setSize: Int
    /// `position` and `setSize` in the site's words: "Photo 3 of 5", "Video 5 of 5"
    var positionText: String
    /// the album that holds the photo
    var album: AlbumLink
    /// the albums from the root, none of them current
    var breadcrumbs: Encoded<[Breadcrumb]>
    /// the previous photo in album order
    var previous: Neighbour?
    /// the next photo in album order
    var next: Neighbour?
    /// JSON for `<script type="speculationrules">` (safe to output raw): prerender the previous
    /// and next photo pages
    var speculationRules: String?

    /// `album`: the way back to the album.
    struct AlbumLink: TemplateValueConvertible {
        /// the album's title
        var title: String
        /// true for photos at the top of the source folder, whose album is the front page (its
        /// title is the site title, which `<title>` then does not repeat)
        var isRoot: Bool
        /// the album page holding the photo, ending in `#slug`
        var url: String

        var templateValue: TemplateValue {
            .object(["title": .string(title), "isRoot": .bool(isRoot), "url": .string(url)])
        }
    }

    /// `previous` and `next`: a neighbour in album order.
    struct Neighbour: TemplateValueConvertible {
        /// its title, as `photo.title`
        var title: String
        /// its page
        var url: String
        /// its image as `photo.src` is; a video's poster, none for a video without one
        var image: String?
        /// as `photo.srcset`
        var srcset: String?

        /// The album's photo at 1-based `position` of `total`, whose page is in `folder`, as a
        /// page in `context` links to it; its image's `srcset` for the script to prefetch.
        init(photo: Photo, position: Int, of total: Int, folder: String, context: PageContext) {
            title = PageContext.title(of: photo, position: position, of: total, words: context.words)
            url = context.link(toFolder: folder)
            if photo.hasImage {
                image = context.source(of: photo)
                srcset = context.srcset(of: photo)
            }
        }

        var templateValue: TemplateValue {
            var neighbour: TemplateObject = ["title": .string(title), "url": .string(url)]
            if let image { neighbour["image"] = .string(image) }
            if let srcset { neighbour["srcset"] = .string(srcset) }
            return .object(neighbour)
        }
    }

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "site": site.templateValue,
            "words": words.templateValue,
            "page": page.templateValue,
            "photo": photo.templateValue,
            "position": .number(Double(position)),
            "setSize": .number(Double(setSize)),
            "positionText": .string(positionText),
            "album": album.templateValue,
            "breadcrumbs": breadcrumbs.templateValue,
        ]
        if let meta { value["meta"] = meta.templateValue }
        if let previous { value["previous"] = previous.templateValue }
        if let next { value["next"] = next.templateValue }
        if let speculationRules { value["speculationRules"] = .string(speculationRules) }
        return .object(value)
    }
}
