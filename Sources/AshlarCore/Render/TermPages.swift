/// The keyword and place pages a site has: keyword pages unless `"tags": false`, place pages
/// too with `showPlace`, and neither kind when a root album or photo already has its folder.
struct TermPages: Sendable {
    /// The kinds that get pages, in `TermIndex.Kind` order.
    var indexes: [TermIndex] = []
    /// A warning for each kind whose folder an album or photo already has.
    var diagnostics: [Diagnostic] = []

    init() {}

    /// `display` turns a path relative to the source root into the one messages show. The kinds'
    /// indexes are built side by side on up to `workers` threads (nil: every core).
    init(
        root: Album, configuration: SiteConfiguration, display: (String) -> String = { $0 }, workers: Int? = nil
    ) {
        guard configuration.tags else { return }
        var kinds: [TermIndex.Kind] = []
        for kind in TermIndex.Kind.allCases {
            if kind == .places, !configuration.showPlace { continue }
            if let album = root.albums.first(where: { $0.outputPath == kind.folder }) {
                diagnostics.append(Self.collision(kind, path: display(album.sourcePath), what: "album folder"))
                continue
            }
            if let photo = root.photos.first(where: { $0.slug == kind.folder }) {
                diagnostics.append(Self.collision(kind, path: display(photo.primaryPath), what: "photo page"))
                continue
            }
            kinds.append(kind)
        }
        let albums = root.allAlbums
        let built = kinds.parallelMap(workers: workers) { kind in
            TermIndex(kind: kind, albums: albums) { Self.names(of: $0, kind: kind) }
        }
        // A site without keywords has no keyword index either.
        indexes = built.filter { !$0.terms.isEmpty }
    }

    private static func collision(_ kind: TermIndex.Kind, path: String, what: String) -> Diagnostic {
        let pages = kind == .tags ? "keyword" : "place"
        return Diagnostic(
            .warning, path: path,
            message:
                "the \(what) '\(kind.folder)' has the folder of the site's \(pages) pages; they are not written (rename the folder, or set \"tags\": false)"
        )
    }

    /// The names of `kind` a photo has: its keywords, or the place line its page shows.
    static func names(of photo: Photo, kind: TermIndex.Kind) -> [String] {
        switch kind {
        case .tags: photo.metadata.tags ?? []
        case .places: PhotoPageModel.place(photo.metadata).map { [$0] } ?? []
        }
    }

    func index(_ kind: TermIndex.Kind) -> TermIndex? {
        indexes.first { $0.kind == kind }
    }

    /// The folders of the pages a photo's page links to, for the album's signature: they change
    /// with other albums' photos (a name's slug, whether it has a page at all).
    func links(of photo: Photo) -> [String] {
        indexes.flatMap { index in Self.names(of: photo, kind: index.kind).map { index.folder(of: $0) ?? "\u{0}" } }
    }
}
