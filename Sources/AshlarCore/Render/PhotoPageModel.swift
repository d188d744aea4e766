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
        var site: Encoded<SiteSummary>
        var breadcrumbs: Encoded<[Breadcrumb]>
    }

    /// The shared parts for the photos of `album`.
    static func shared(album: Album, ancestors: [Album], configuration: SiteConfiguration, hasFeed: Bool) -> Shared {
        let folder = album.outputPath.isEmpty ? "photo" : album.outputPath + "/photo"
        let context = PageContext(configuration: configuration, folder: folder, hasFeed: hasFeed)
        return Shared(
            site: Encoded(context.site),
            breadcrumbs: Encoded(context.breadcrumbs(ancestors + [album], currentIsLast: false)))
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

    var content: PhotoPage {
        let photo = photo
        let total = album.photos.count
        let context = PageContext(
            configuration: configuration, folder: Self.folder(of: photo, in: album), hasFeed: hasFeed,
            published: published)
        let details = PhotoDetails(
            photo: photo, position: index + 1, of: total, context: context, geometry: geometry,
            showPlace: configuration.showPlace, terms: terms)
        let pagination = Pagination(photoCount: total, pageSize: configuration.pageSize)
        let albumPage = Pagination.folder(ofPage: pagination.page(ofPhoto: index), in: album.outputPath)
        let shared =
            shared ?? Self.shared(album: album, ancestors: ancestors, configuration: configuration, hasFeed: hasFeed)
        let neighbours = [index - 1, index + 1].filter(album.photos.indices.contains).map { index in
            PhotoPage.Neighbour(
                photo: album.photos[index], position: index + 1, of: total,
                folder: Self.folder(of: album.photos[index], in: album), context: context)
        }
        return PhotoPage(
            site: shared.site,
            words: context.words,
            page: context.page,
            meta: meta(details: details, context: context),
            photo: details,
            position: index + 1,
            setSize: total,
            positionText: context.words.position(index + 1, of: total, isVideo: photo.video != nil),
            album: .init(
                title: album.title, isRoot: album.isRoot, url: context.link(toFolder: albumPage) + "#" + photo.slug),
            breadcrumbs: shared.breadcrumbs,
            previous: index > 0 ? neighbours.first : nil,
            next: index + 1 < total ? neighbours.last : nil,
            speculationRules: Self.speculationRules(neighbours: neighbours.map(\.url)))
    }

    /// The sharing tags, with the photo's `ImageObject`; nil without a `baseURL`.
    private func meta(details: PhotoDetails, context: PageContext) -> ShareTags? {
        guard let sharing = context.sharing else { return nil }
        var object = sharing.imageObject(
            photo, name: details.title, alt: details.alt, page: sharing.pageURL(context.folder))
        if case .object(let members) = object {
            object = .object([("@context", .string("https://schema.org"))] + members)
        }
        return sharing.meta(
            title: details.title, description: photo.metadata.caption ?? details.alt, type: "article",
            folder: context.folder, image: photo, imageAlt: details.alt, jsonLD: object)
    }

    /// Label and value pairs for the camera `<dl>`, in the order photographers read them and as
    /// they write them: "SONY ILCE-7RM3", "FE 35mm F1.8", "35 mm", "f/1.8", "1/4000 s", "ISO 1250";
    /// a phone's "5.7 mm (26 mm equiv.)" and its lens without the phone's name again
    /// ("Back triple camera 5.7mm f/1.5"); exposure compensation when it is not zero ("−2/3 EV").
    /// The labels are `words`' (English unless given).
    static func cameraDetails(_ metadata: PhotoMetadata, words: ThemeWords = ThemeWords()) -> [(String, String)] {
        var details: [(String, String)] = []
        if let camera = CameraName.joined(make: metadata.make, model: metadata.model) {
            details.append((words[.camera], camera))
        }
        if let lens = CameraName.lens(metadata.lens, model: metadata.model) { details.append((words[.lens], lens)) }
        if let focal = CameraName.focalLength(metadata.focalLength, equivalent: metadata.focalLength35mm) {
            details.append((words[.focalLength], focal))
        }
        if let aperture = metadata.aperture, aperture > 0 {
            // f/0.95 needs its second decimal; f/1.8 and f/11 need no more than one.
            details.append((words[.aperture], "f/" + CSSNumber.format(aperture, digits: aperture < 1 ? 2 : 1)))
        }
        if let exposure = metadata.exposure { details.append((words[.shutter], exposure + " s")) }
        if let compensation = metadata.exposureCompensation.flatMap(CameraName.exposureCompensation) {
            details.append((words[.exposureCompensation], compensation))
        }
        if let iso = metadata.iso, iso > 0 { details.append((words[.sensitivity], "ISO \(iso)")) }
        return details
    }
}
