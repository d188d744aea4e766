import AshlarTemplate

/// The template data of one photo's page: the photo as large as fits, its title, caption, date,
/// tags and camera details, links to its neighbours and back to the album page that holds it.
struct PhotoPageModel {
    var album: Album
    var ancestors: [Album]
    /// The photo's index in the album.
    var index: Int
    var configuration: SiteConfiguration
    var hasFeed = false
    /// What every photo page of the album shows alike, worked out once for all of them; nil:
    /// worked out for this page alone.
    var shared: Shared?
    /// The theme's page geometry, for the photo's `sizes`.
    var geometry = PageGeometry()
    /// The site's keyword and place pages, which the photo's tags and place link to.
    var terms: TermPages?
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()

    /// The parts of a photo page that are the same for every photo of an album (its pages all
    /// sit one folder below the album's, so even their relative links agree).
    struct Shared: Sendable {
        var site: TemplateValue
        var breadcrumbs: TemplateValue
    }

    /// The shared parts for the photos of `album`.
    static func shared(album: Album, ancestors: [Album], configuration: SiteConfiguration, hasFeed: Bool) -> Shared {
        let folder = album.outputPath.isEmpty ? "photo" : album.outputPath + "/photo"
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed)
        return Shared(site: context.site, breadcrumbs: context.breadcrumbs(ancestors + [album], currentIsLast: false))
    }

    /// A photo's page folder: `ALBUM/SLUG`.
    static func folder(of photo: Photo, in album: Album) -> String {
        folder(slug: photo.slug, in: album)
    }

    static func folder(slug: String, in album: Album) -> String {
        folder(slug: slug, inAlbumFolder: album.outputPath)
    }

    static func folder(slug: String, inAlbumFolder album: String) -> String {
        album.isEmpty ? slug : album + "/" + slug
    }

    var photo: Photo { album.photos[index] }

    var value: TemplateValue {
        let photo = photo
        let total = album.photos.count
        let context = PageContext(
            configuration: configuration, folder: Self.folder(of: photo, in: album), hasFeed: hasFeed,
            published: published)
        let title = PageContext.title(of: photo, position: index + 1, of: total)
        let metadata = photo.metadata
        var photoValue: [String: TemplateValue] = [
            "title": .string(title),
            "alt": .string(PageContext.alt(of: photo, position: index + 1, of: total)),
            "src": .string(context.source(of: photo)),
            "width": .number(Double(photo.width)),
            "height": .number(Double(photo.height)),
        ]
        if let srcset = context.srcset(of: photo) {
            photoValue["srcset"] = .string(srcset)
            // The page's width (less the details column beside the photo on wide screens) or what
            // the height cap allows, whichever is narrower.
            let ratio = photo.height > 0 ? Double(photo.width) / Double(photo.height) : nil
            photoValue["sizes"] = .string(geometry.photoSizes(aspectRatio: ratio))
        }
        if let placeholder = context.placeholder(of: photo) { photoValue["placeholder"] = .string(placeholder.css) }
        // The width over the height, for the stylesheet to size the photo (or video) before it loads.
        photoValue["ratio"] = .string(
            photo.height > 0 ? CSSNumber.format(Double(photo.width) / Double(photo.height), digits: 6) : "1")
        if let video = Self.videoValue(photo, context: context) {
            photoValue["isVideo"] = .bool(true)
            photoValue["video"] = video
        } else {
            photoValue["full"] = Self.fullSize(of: photo, context: context)
        }
        if let original = context.original(of: photo) { photoValue["original"] = .string(context.url(of: original)) }
        if let caption = metadata.caption { photoValue["caption"] = .string(caption) }
        if let long = metadata.longDescription { photoValue["longDescription"] = .string(long) }
        for (key, value) in Self.credits(metadata) { photoValue[key] = .string(value) }
        if configuration.showPlace, let place = Self.place(metadata) { photoValue["place"] = .string(place) }
        if let date = metadata.date {
            let iso = date.iso8601
            photoValue["date"] = .object(["iso": .string(iso), "text": .string(Self.displayText(of: date, iso: iso))])
        }
        let tags = metadata.tags ?? []
        photoValue["tags"] = .array(tags.map { .string($0) })
        photoValue["hasTags"] = .bool(!tags.isEmpty)
        addTermLinks(to: &photoValue, context: context)
        let camera = Self.cameraDetails(metadata)
        photoValue["camera"] = .array(camera.map { .object(["label": .string($0.0), "value": .string($0.1)]) })
        photoValue["hasCamera"] = .bool(!camera.isEmpty)

        let pagination = Pagination(photoCount: total, pageSize: configuration.pageSize)
        let albumPage = Pagination.folder(ofPage: pagination.page(ofPhoto: index), in: album.outputPath)
        let shared =
            shared ?? Self.shared(album: album, ancestors: ancestors, configuration: configuration, hasFeed: hasFeed)
        var value: [String: TemplateValue] = [
            "site": shared.site,
            "page": context.page,
            "photo": .object(photoValue),
            "position": .number(Double(index + 1)),
            "setSize": .number(Double(total)),
            "album": .object([
                "title": .string(album.title),
                "isRoot": .bool(album.isRoot),
                "url": .string(context.link(toFolder: albumPage) + "#" + photo.slug),
            ]),
            "breadcrumbs": shared.breadcrumbs,
        ]
        if let sharing = context.sharing {
            let alt = PageContext.alt(of: photo, position: index + 1, of: total)
            var object = sharing.imageObject(photo, name: title, alt: alt, page: sharing.pageURL(context.folder))
            if case .object(let members) = object {
                object = .object([("@context", .string("https://schema.org"))] + members)
            }
            value["meta"] = sharing.meta(
                title: title, description: metadata.caption ?? alt, type: "article", folder: context.folder,
                image: photo,
                imageAlt: alt, jsonLD: object)
        }
        var neighbours: [String] = []
        if index > 0 {
            value["previous"] = neighbour(at: index - 1, total: total, context: context)
            neighbours.append(context.link(toFolder: Self.folder(of: album.photos[index - 1], in: album)))
        }
        if index + 1 < total {
            value["next"] = neighbour(at: index + 1, total: total, context: context)
            neighbours.append(context.link(toFolder: Self.folder(of: album.photos[index + 1], in: album)))
        }
        if let rules = Self.speculationRules(neighbours: neighbours) { value["speculationRules"] = .string(rules) }
        return .object(value)
    }

    /// The link to the album's photo at `index`, whose title and slug are read in place, and its
    /// image's `srcset` as this page sees it (for the script to prefetch the right candidate).
    private func neighbour(at index: Int, total: Int, context: PageContext) -> TemplateValue {
        var neighbour: [String: TemplateValue] = [
            "title": .string(PageContext.title(of: album.photos[index], position: index + 1, of: total)),
            "url": .string(context.link(toFolder: Self.folder(slug: album.photos[index].slug, in: album))),
        ]
        // A video's is its poster's; a video without a poster has none (never the video itself).
        if album.photos[index].hasImage {
            neighbour["image"] = .string(context.source(of: album.photos[index]))
            if let srcset = context.srcset(of: album.photos[index]) { neighbour["srcset"] = .string(srcset) }
        }
        return .object(neighbour)
    }

    /// `2024-06-01 18:30`: unambiguous in every language. `iso` is the date's `iso8601`, which
    /// the page shows too.
    static func displayText(of date: PhotoDate, iso: String) -> String {
        // ISO 8601 text is ASCII: cut by bytes, which is cheaper than by characters.
        let day = String(decoding: iso.utf8.prefix(10), as: UTF8.self)
        if date.hour == 0, date.minute == 0, date.second == 0 { return day }
        return day + " " + String(decoding: iso.utf8.dropFirst(11).prefix(5), as: UTF8.self)
    }

    /// Label and value pairs for the camera `<dl>`, in the order photographers read them and as
    /// they write them: "SONY ILCE-7RM3", "FE 35mm F1.8", "35 mm", "f/1.8", "1/4000 s", "ISO 1250".
    static func cameraDetails(_ metadata: PhotoMetadata) -> [(String, String)] {
        var details: [(String, String)] = []
        if let camera = CameraName.joined(make: metadata.make, model: metadata.model) {
            details.append(("Camera", camera))
        }
        if let lens = metadata.lens?.trimmingSpaces, !lens.isEmpty { details.append(("Lens", lens)) }
        if let focal = metadata.focalLength, focal > 0 {
            details.append(("Focal length", CSSNumber.format(focal, digits: 1) + " mm"))
        }
        if let aperture = metadata.aperture, aperture > 0 {
            // f/0.95 needs its second decimal; f/1.8 and f/11 need no more than one.
            details.append(("Aperture", "f/" + CSSNumber.format(aperture, digits: aperture < 1 ? 2 : 1)))
        }
        if let exposure = metadata.exposure { details.append(("Shutter", exposure + " s")) }
        if let iso = metadata.iso, iso > 0 { details.append(("Sensitivity", "ISO \(iso)")) }
        return details
    }
}
