import AshlarImage
import Testing

@testable import AshlarCore

/// `AlbumSignature` and `PhotoMetadata.merged(over:)` list the model's fields by hand. A field the
/// signature misses leaves stale pages on an incremental rebuild; one `merged(over:)` misses drops
/// what a weaker source knew. Each table has one change per stored property, and a `Mirror` check
/// fails when the model gains a property its table lacks.
@Suite struct ModelCoverageTests {
    struct Change<Model>: Sendable, CustomTestStringConvertible {
        var field: String
        /// False for a field no page shows, which the signature leaves out on purpose.
        var rendered = true
        var apply: @Sendable (inout Model) -> Void
        var testDescription: String { field }
    }

    static let metadataChanges: [Change<PhotoMetadata>] = [
        Change(field: "src") { $0.src = "b.jpg" },
        Change(field: "poster") { $0.poster = "b.jpg" },
        Change(field: "width") { $0.width = 4000 },
        Change(field: "height") { $0.height = 3000 },
        Change(field: "orientation") { $0.orientation = 6 },
        Change(field: "title") { $0.title = "Title" },
        Change(field: "alt") { $0.alt = "Alt" },
        Change(field: "caption") { $0.caption = "Caption" },
        Change(field: "longDescription") { $0.longDescription = "Long description" },
        Change(field: "date") { $0.date = PhotoDate(year: 2024, month: 5, day: 1) },
        Change(field: "tags") { $0.tags = ["tag"] },
        Change(field: "order") { $0.order = 2 },
        Change(field: "hidden") { $0.hidden = true },
        Change(field: "rating") { $0.rating = 4 },
        Change(field: "label") { $0.label = "Red" },
        Change(field: "creator") { $0.creator = "Creator" },
        Change(field: "rights") { $0.rights = "Rights" },
        Change(field: "license") { $0.license = "https://example.com/licence" },
        Change(field: "location") { $0.location = "Location" },
        Change(field: "city") { $0.city = "City" },
        Change(field: "region") { $0.region = "Region" },
        Change(field: "country") { $0.country = "Country" },
        // The build resolves these into `Photo.renditions`, which the signature covers.
        Change(field: "renditions", rendered: false) { $0.renditions = [Rendition(src: "b-480.jpg", width: 480)] },
        Change(field: "make") { $0.make = "Make" },
        Change(field: "model") { $0.model = "Model" },
        Change(field: "lens") { $0.lens = "Lens" },
        Change(field: "focalLength") { $0.focalLength = 35 },
        Change(field: "aperture") { $0.aperture = 5.6 },
        Change(field: "exposure") { $0.exposure = "1/250" },
        Change(field: "iso") { $0.iso = 200 },
    ]

    static let photoChanges: [Change<Photo>] = [
        Change(field: "media") {
            $0.media = .video(
                Video(sourcePath: "a/a.mp4", location: .output("a/a.mp4"), mimeType: "video/mp4"), poster: nil)
        },
        Change(field: "primaryPath") { $0.primaryPath = "a/b.json" },
        Change(field: "name") { $0.name = "b.jpg" },
        // Follows the name: what a page shows when the metadata gives no title.
        Change(field: "titleFromFileName") { $0.name = "Harbour at dawn.jpg" },
        Change(field: "slug") { $0.slug = "b" },
        // With the slug, the item's id: the album's cover and the published images are found by it.
        Change(field: "album") { $0.album = "b" },
        Change(field: "metadata") { $0.metadata.title = "Title" },
        Change(field: "width") { $0.width = 4 },
        Change(field: "height") { $0.height = 3 },
    ]

    /// A photo's still, as the catalog has it.
    static let stillChanges: [Change<Still>] = [
        Change(field: "sourcePath") { $0.sourcePath = "a/b.jpg" },
        Change(field: "image") { $0.image = .output("a/b.jpg") },
        // The page shows the item's display size; the still's shapes its renditions, whose names
        // change with them.
        Change(field: "width", rendered: false) { $0.width = 4 },
        Change(field: "height", rendered: false) { $0.height = 3 },
        // Which stage takes the still, not a page.
        Change(field: "format", rendered: false) { $0.format = .png },
        Change(field: "renditions") {
            $0.renditions = [PhotoRendition(image: .output("a/a-480.jpg"), sourcePath: nil, width: 480)]
        },
        // Where a RAW's JPEG lies shapes its renditions (their names change with them), not a page.
        Change(field: "preview", rendered: false) { $0.preview = EmbeddedPreview(range: 0..<10, orientation: 6) },
    ]

    /// What the rendition stage published for the photo, beside the catalog.
    static let publishedChanges: [Change<PublishedRenditions>] = [
        Change(field: "renditions") {
            $0.renditions.insert(PhotoRendition(image: .output("a/a@240w.jpg"), sourcePath: nil, width: 240), at: 0)
        },
        Change(field: "largestWidth") { $0.largestWidth = 960 },
        Change(field: "generated") { $0.generated.original = .output("a/a-original.jpg") },
        Change(field: "placeholder") {
            $0.placeholder = ColourPlaceholder(colours: [.init(red: 1, green: 2, blue: 3)])
        },
    ]

    static let published = PublishedRenditions(
        renditions: [
            PhotoRendition(image: .output("a/a@480w.jpg"), sourcePath: nil, width: 480),
            PhotoRendition(image: .output("a/a@720w.jpg"), sourcePath: nil, width: 720),
        ],
        largestWidth: 720, generated: GeneratedImages(files: []))

    static let albumChanges: [Change<Album>] = [
        // Pages name an album by its output path only.
        Change(field: "sourcePath", rendered: false) { $0.sourcePath = "b" },
        Change(field: "outputPath") { $0.outputPath = "b" },
        Change(field: "title") { $0.title = "B" },
        Change(field: "description") { $0.description = "About A" },
        Change(field: "photos") { $0.photos.append(ModelCoverageTests.photo(slug: "b")) },
        Change(field: "albums") { $0.albums = [Album(sourcePath: "a/c", outputPath: "a/c", title: "C")] },
        // An album's cover may be a photo of a sub-album; its page's sharing preview shows it.
        Change(field: "cover") { $0.cover = nil },
    ]

    static func photo(slug: String = "a") -> Photo {
        var photo = Photo(
            sourcePath: "a/\(slug).jpg", image: .output("a/\(slug).jpg"), primaryPath: "a/\(slug).jpg",
            name: "\(slug).jpg", slug: slug, metadata: PhotoMetadata(), width: 3, height: 2)
        photo.album = "a"
        return photo
    }

    static func album(photos: [Photo] = [photo()]) -> Album {
        Album(sourcePath: "a", outputPath: "a", title: "A", photos: photos, cover: photos.first?.id)
    }

    static func signature(_ album: Album, published: PublishedImages = PublishedImages()) -> String {
        AlbumSignature.of(album, ancestors: [], site: "site", hasFeed: false, published: published)
    }

    static func storedProperties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap(\.label).sorted()
    }

    @Test func everyStoredPropertyHasAChange() throws {
        #expect(Self.storedProperties(of: PhotoMetadata()) == Self.metadataChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: Self.photo()) == Self.photoChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: try #require(Self.photo().still)) == Self.stillChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: Self.published) == Self.publishedChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: Self.album()) == Self.albumChanges.map(\.field).sorted())
    }

    @Test(arguments: metadataChanges)
    func mergedTakesTheFieldFromAWeakerSource(change: Change<PhotoMetadata>) {
        var weaker = PhotoMetadata()
        change.apply(&weaker)
        #expect(weaker != PhotoMetadata())
        #expect(PhotoMetadata().merged(over: weaker) == weaker)
    }

    @Test(arguments: metadataChanges)
    func signatureFollowsTheMetadataField(change: Change<PhotoMetadata>) {
        var photo = Self.photo()
        change.apply(&photo.metadata)
        let changed = Self.signature(Self.album(photos: [photo])) != Self.signature(Self.album())
        #expect(changed == change.rendered)
    }

    @Test(arguments: photoChanges)
    func signatureFollowsThePhotoField(change: Change<Photo>) {
        var photo = Self.photo()
        change.apply(&photo)
        let changed = Self.signature(Self.album(photos: [photo])) != Self.signature(Self.album())
        #expect(changed == change.rendered)
    }

    @Test(arguments: stillChanges)
    func signatureFollowsTheStillField(change: Change<Still>) throws {
        var still = try #require(Self.photo().still)
        change.apply(&still)
        var photo = Self.photo()
        photo.media = .photo(still)
        let changed = Self.signature(Self.album(photos: [photo])) != Self.signature(Self.album())
        #expect(changed == change.rendered)
    }

    /// What the rendition stage publishes is not in the catalog, but the pages show it.
    @Test(arguments: publishedChanges)
    func signatureFollowsWhatWasPublished(change: Change<PublishedRenditions>) {
        var changed = Self.published
        change.apply(&changed)
        let id = Self.photo().id
        let before = PublishedImages(items: [id: .renditions(Self.published)])
        let after = PublishedImages(items: [id: .renditions(changed)])
        #expect(Self.signature(Self.album(), published: before) != Self.signature(Self.album()))
        #expect(
            (Self.signature(Self.album(), published: after) != Self.signature(Self.album(), published: before))
                == change.rendered)
    }

    @Test(arguments: albumChanges)
    func signatureFollowsTheAlbumField(change: Change<Album>) {
        var album = Self.album()
        change.apply(&album)
        #expect((Self.signature(album) != Self.signature(Self.album())) == change.rendered)
    }
}
