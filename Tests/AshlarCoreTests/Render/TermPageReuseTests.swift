import Testing

@testable import AshlarCore

/// Keyword and place pages are reused by signature, as album pages are: a rebuild renders again
/// only the pages whose photos (or names, or counts) changed.
@Suite struct TermPageReuseTests {
    static func photo(_ slug: String, title: String, tags: [String], city: String? = nil) -> Photo {
        var metadata = PhotoMetadata()
        metadata.title = title
        metadata.tags = tags
        metadata.city = city
        return Photo(
            sourcePath: slug + ".jpg", image: .output(slug + ".jpg"), primaryPath: slug + ".jpg", name: slug + ".jpg",
            slug: slug, metadata: metadata, width: 3, height: 2)
    }

    static func root(_ photos: [Photo]) -> Album {
        Album(sourcePath: "", outputPath: "", title: "Root", photos: photos)
    }

    static let photos = [
        photo("a", title: "A", tags: ["sea", "harbour"], city: "Brest"),
        photo("b", title: "B", tags: ["sea"]),
        photo("c", title: "C", tags: ["boats"], city: "Brest"),
    ]

    /// The output paths of the keyword and place pages `render` rendered again (not `.unchanged`).
    static func rendered(_ site: SiteRenderer.Rendered) -> Set<String> {
        Set(
            site.files.filter { file in
                guard file.path.hasPrefix("tags/") || file.path.hasPrefix("places/") else { return false }
                if case .unchanged = file.contents { return false }
                return true
            }.map(\.path))
    }

    func renderer(reusing previous: [String: String], pageSize: Int = 60) -> SiteRenderer {
        var configuration = SiteConfiguration()
        configuration.showPlace = true
        configuration.pageSize = pageSize
        let (library, _) = Theme.builtIn.library()
        var renderer = SiteRenderer(configuration: configuration, theme: .builtIn, library: library)
        renderer.siteFingerprint = "site"
        renderer.reusableAlbums = previous
        return renderer
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var change: @Sendable ([Photo]) -> [Photo]
        /// The keyword and place pages rendered again.
        var rendered: Set<String>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing changed", change: { $0 }, rendered: []),
        Case(
            name: "a title shows on its keywords' and place's pages",
            change: { photos in
                var photos = photos
                photos[1].metadata.title = "B, edited"
                return photos
            }, rendered: ["tags/sea/index.html"]),
        Case(
            name: "a new keyword changes the index",
            change: { photos in
                var photos = photos
                photos[2].metadata.tags = ["boats", "sea"]
                return photos
            },
            // A photo's pages are hashed whole: its place's page is rendered again too.
            rendered: ["tags/index.html", "tags/sea/index.html", "tags/boats/index.html", "places/brest/index.html"]),
        Case(
            name: "a photo's alt text reaches the place's page",
            change: { photos in
                var photos = photos
                photos[2].metadata.alt = "Boats in the harbour"
                return photos
            }, rendered: ["tags/boats/index.html", "places/brest/index.html"]),
    ]

    @Test(arguments: cases)
    func rendersAgainOnlyWhatChanged(_ testCase: Case) throws {
        let first = renderer(reusing: [:]).render(root: Self.root(Self.photos))
        #expect(Self.rendered(first).contains("tags/sea/index.html"))
        #expect(Self.rendered(first).contains("places/index.html"))
        // The previous build's signatures, albums' and terms' alike.
        let second = renderer(reusing: first.albumSignatures).render(root: Self.root(testCase.change(Self.photos)))
        #expect(Self.rendered(second) == testCase.rendered)
        // Every page is still there, rendered or kept.
        #expect(Set(second.files.map(\.path)) == Set(first.files.map(\.path)))
    }

    /// A keyword's pages are reused one by one: an edit renders again only the page that shows
    /// the photo (the first photo is every page's sharing image, so it counts everywhere).
    @Test func rendersAgainOnlyThePageOfTheChangedPhoto() throws {
        let first = renderer(reusing: [:], pageSize: 1).render(root: Self.root(Self.photos))
        #expect(Self.rendered(first).isSuperset(of: ["tags/sea/index.html", "tags/sea/page/2/index.html"]))
        var photos = Self.photos
        photos[1].metadata.title = "B, edited"
        let second = renderer(reusing: first.albumSignatures, pageSize: 1).render(root: Self.root(photos))
        #expect(Self.rendered(second) == ["tags/sea/page/2/index.html"])
    }

    /// Counts say photos and videos apart ("1 photo, 1 video"): a photo turned into a video
    /// renders again every page of its keywords and the index, though no count changed.
    @Test func aPhotoTurnedVideoRendersItsKeywordsCountsAgain() throws {
        let first = renderer(reusing: [:], pageSize: 1).render(root: Self.root(Self.photos))
        var photos = Self.photos
        photos[1].media = .video(
            Video(sourcePath: "b.mp4", location: .output("b.mp4"), mimeType: "video/mp4"), poster: nil)
        let second = renderer(reusing: first.albumSignatures, pageSize: 1).render(root: Self.root(photos))
        #expect(Self.rendered(second) == ["tags/index.html", "tags/sea/index.html", "tags/sea/page/2/index.html"])
    }
}
