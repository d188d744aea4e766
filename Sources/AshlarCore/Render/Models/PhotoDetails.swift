import AshlarTemplate

/// `photo` on a photo's page: the photo (or video) itself, its title, caption, date, tags and
/// camera details.
struct PhotoDetails: TemplateValueConvertible {
    /// with readable fallbacks ("Photo 3 of 40", "Video 3 of 40"), never a file name
    var title: String
    /// alt text, with the same fallbacks
    var alt: String
    /// the image's URL (a video's poster)
    var src: String
    /// display width in pixels (a video's with rotation applied)
    var width: Int
    /// display height in pixels
    var height: Int
    /// with renditions: the `srcset` candidates
    var srcset: String?
    /// with renditions: the width the photo is shown at, the viewport's (or with
    /// `photo.fullWidth` false the page's, less any details column) or what the height cap
    /// allows, whichever is narrower
    var sizes: String?
    /// the photo's colours while it loads (as a tile's `placeholder`); the default theme sets
    /// it as `--p` on the `img`
    var placeholder: String?
    /// the photo's (or video's) width over its height (`1.5`); the default theme sets it as `--r`
    /// on the `img` or `video`, so the stylesheet sizes it before it loads
    var ratio: String
    /// the page is a video's: `photo.src`, `photo.srcset` and `photo.placeholder` are its
    /// poster's, when it has one
    var isVideo: Bool?
    /// for a video: what `video.mustache` plays
    var video: Video?
    /// not for a video: the largest image the site has of the photo (the original, or the
    /// largest rendition), for "View full size"
    var full: FullSize?
    /// with `"originals": "publish"`: the published original, for a download link
    var original: String?
    /// the caption
    var caption: String?
    /// an extended description for screen readers (IPTC `ExtDescrAccessibility`, sidecar
    /// `longDescription`)
    var longDescription: String?
    /// the photo's own creator (sidecar or embedded metadata)
    var creator: String?
    /// the photo's own copyright notice
    var rights: String?
    /// an `http(s)` URL of the photo's licence (`xmpRights:WebStatement`)
    var license: String?
    /// where it was taken, by name ("Ribeira, Porto, Norte, Portugal"); only with
    /// `"showPlace": true`
    var place: String?
    /// when it was taken
    var date: DateText?
    /// the photo's tags
    var tags: [String]
    /// `tags` is not empty
    var hasTags: Bool
    /// the tags again, each with the keyword's page
    var tagLinks: [TagLink]
    /// the page of `photo.place`'s photos (`places/SLUG/`), when the site has place pages
    var placeURL: String?
    /// Camera, Lens, Focal length, Aperture, Shutter, Sensitivity (labels in the site's words):
    /// those known, written as
    /// photographers write them ("SONY ILCE-7RM3", "35 mm", "f/1.8", "1/4000 s", "ISO 1250")
    var camera: [CameraDetail]
    /// `camera` is not empty
    var hasCamera: Bool

    /// `video`: the file to play.
    struct Video: TemplateValueConvertible {
        /// the published video, or the source file with `images: reference`
        var src: String
        /// for `<source type>`: `video/mp4`, `video/webm`, with `; codecs="…"` when the codec is
        /// fully known; a QuickTime file is offered as `video/mp4`
        var type: String
        /// the file's name, for the download link
        var fileName: String
        /// the poster's URL
        var poster: String?
        /// the video's length as players show it (`0:42`)
        var duration: String?

        var templateValue: TemplateValue {
            var value: TemplateObject = [
                "src": .string(src), "type": .string(type), "fileName": .string(fileName),
            ]
            if let poster { value["poster"] = .string(poster) }
            if let duration { value["duration"] = .string(duration) }
            return .object(value)
        }
    }

    /// `full`: what "View full size" links to and what the script zooms to in place.
    struct FullSize: TemplateValueConvertible {
        /// the image's URL
        var url: String
        /// its width in pixels
        var width: Int
        /// its height in pixels
        var height: Int

        var templateValue: TemplateValue {
            .object(["url": .string(url), "width": .number(Double(width)), "height": .number(Double(height))])
        }
    }

    /// `date`: when the photo was taken.
    struct DateText: TemplateValueConvertible {
        /// ISO 8601, for `datetime`
        var iso: String
        /// as the page shows it, in the site's language: its medium date and short time from the
        /// CLDR (`Jun 1, 2024, 6:30 PM`, `1 juin 2024, 18:30`, `2024/06/01 18:30`), the date alone
        /// at midnight
        var text: String

        var templateValue: TemplateValue { .object(["iso": .string(iso), "text": .string(text)]) }
    }

    /// One item of `tagLinks`.
    struct TagLink: TemplateValueConvertible {
        /// the tag
        var name: String
        /// the keyword's page; absent with `"tags": false` or when a root album has the folder `tags`
        var url: String?

        var templateValue: TemplateValue {
            guard let url else { return .object(["name": .string(name)]) }
            return .object(["name": .string(name), "url": .string(url)])
        }
    }

    /// One item of `camera`.
    struct CameraDetail: TemplateValueConvertible {
        /// `Camera`, `Lens`, `Focal length`, `Aperture`, `Shutter`, `Exposure compensation` or
        /// `Sensitivity`, in the site's words (`words.camera`…)
        var label: String
        /// the value
        var value: String

        var templateValue: TemplateValue { .object(["label": .string(label), "value": .string(value)]) }
    }

    var templateValue: TemplateValue {
        var value: TemplateObject = [
            "title": .string(title),
            "alt": .string(alt),
            "src": .string(src),
            "width": .number(Double(width)),
            "height": .number(Double(height)),
            "ratio": .string(ratio),
            "tags": tags.templateValue,
            "hasTags": .bool(hasTags),
            "tagLinks": tagLinks.templateValue,
            "camera": camera.templateValue,
            "hasCamera": .bool(hasCamera),
        ]
        if let srcset { value["srcset"] = .string(srcset) }
        if let sizes { value["sizes"] = .string(sizes) }
        if let placeholder { value["placeholder"] = .string(placeholder) }
        if let isVideo { value["isVideo"] = .bool(isVideo) }
        if let video { value["video"] = video.templateValue }
        if let full { value["full"] = full.templateValue }
        if let original { value["original"] = .string(original) }
        if let caption { value["caption"] = .string(caption) }
        if let longDescription { value["longDescription"] = .string(longDescription) }
        if let creator { value["creator"] = .string(creator) }
        if let rights { value["rights"] = .string(rights) }
        if let license { value["license"] = .string(license) }
        if let place { value["place"] = .string(place) }
        if let date { value["date"] = date.templateValue }
        if let placeURL { value["placeURL"] = .string(placeURL) }
        return .object(value)
    }
}
