import AshlarImage
import Testing

@testable import AshlarCore

/// `AlbumSignature` lists the photo's and the album's properties by hand: one it misses leaves
/// stale pages on an incremental rebuild. Each table has one change per stored property, and a
/// `Mirror` check fails when the model gains a property its table lacks. (The metadata fields
/// are not listed by hand: the signature and `merged(over:)` follow the field table, checked by
/// `MetadataFieldTableTests`.)
@Suite struct ModelCoverageTests {
    struct Change<Model>: Sendable, CustomTestStringConvertible {
        var field: String
        /// False for a field no page shows, which the signature leaves out on purpose.
        var rendered = true
        var apply: @Sendable (inout Model) -> Void
        var testDescription: String { field }
    }

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
        #expect(Self.storedProperties(of: Self.photo()) == Self.photoChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: try #require(Self.photo().still)) == Self.stillChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: Self.published) == Self.publishedChanges.map(\.field).sorted())
        #expect(Self.storedProperties(of: Self.album()) == Self.albumChanges.map(\.field).sorted())
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

    /// A sub-album's tile counts its photos and videos apart ("4 photos, 1 video"): a photo below
    /// it turned into a video, the count alike, renders its parent again.
    @Test func aSubAlbumsVideosAreInItsParentsSignature() {
        func parent(secondIsVideo: Bool) -> Album {
            var second = Self.photo(slug: "b")
            if secondIsVideo {
                second.media = .video(
                    Video(sourcePath: "a/c/b.mp4", location: .output("a/c/b.mp4"), mimeType: "video/mp4"), poster: nil)
            }
            let child = Album(
                sourcePath: "a/c", outputPath: "a/c", title: "C", photos: [Self.photo(), second],
                cover: Self.photo().id)
            var album = Self.album()
            album.albums = [child]
            return album
        }
        #expect(Self.signature(parent(secondIsVideo: true)) != Self.signature(parent(secondIsVideo: false)))
    }

    @Test(arguments: albumChanges)
    func signatureFollowsTheAlbumField(change: Change<Album>) {
        var album = Self.album()
        change.apply(&album)
        #expect((Self.signature(album) != Self.signature(Self.album())) == change.rendered)
    }
}
