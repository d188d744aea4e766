import Foundation

/// The names published photos are grouped by on pages of their own, keywords or places: each
/// with the photos that carry it, one spelling to show and a slug unique among its kind. Built
/// from the catalog's albums, which hold only what is published (no hidden photo or album, none
/// that `minRating` leaves out). Pure: no disk access.
package struct TermIndex: Sendable {
    /// What the names are, and the output folder their pages live in.
    package enum Kind: String, Sendable, CaseIterable {
        case tags
        case places

        /// The output folder of the index page; each name's page is a folder below it.
        package var folder: String { rawValue }

        /// The slug of a name that has no letters or digits.
        var fallbackSlug: String {
            switch self {
            case .tags: "tag"
            case .places: "place"
            }
        }
    }

    /// A published photo, with the output folder of the album its page is in.
    package struct Entry: Sendable {
        package var photo: Photo
        package var album: String

        /// The folder of the photo's page.
        var pageFolder: String { PhotoPageModel.folder(slug: photo.slug, inAlbumFolder: album) }
    }

    /// One name and its photos.
    package struct Term: Sendable {
        /// The spelling most photos use; on a tie, the first met in catalog order.
        package var name: String
        package var slug: String
        /// In catalog order: albums as the site nests them (parents first), each album's photos
        /// in its own order.
        package private(set) var photos: [Entry]
        /// The videos among `photos`, counted once: every page of the term and the index page
        /// show it, and counting copies each entry (a shared photo's references, contended
        /// between the page workers).
        package private(set) var videoCount: Int

        init(name: String, slug: String, photos: [Entry]) {
            self.name = name
            self.slug = slug
            self.photos = photos
            self.videoCount = photos.reduce(0) { $0 + ($1.photo.video == nil ? 0 : 1) }
        }

        /// The folder of the term's first page: `tags/SLUG`.
        package func folder(in kind: Kind) -> String { kind.folder + "/" + slug }

        /// Its photos and videos counted in `words`: "4 photos, 1 video".
        func countText(words: ThemeWords) -> String {
            let videos = videoCount
            return words.count(photos: photos.count - videos, videos: videos)
        }
    }

    package var kind: Kind
    /// Ordered by their key (case-folded, so `apple` before `Banana`), then slug.
    package private(set) var terms: [Term]
    private var slugsByKey: [String: String]
    /// The slug of every name exactly as a photo writes it, so that pages find it without
    /// working out its key again.
    private var slugsByName: [String: String]

    /// The names of `kind` of every photo in `albums` (in catalog order), as `names` gives them.
    package init(kind: Kind, albums: [Album], names: (Photo) -> [String]) {
        struct Gathered {
            var spellings: [String: (count: Int, first: Int)] = [:]
            var photos: [Entry] = []
        }
        var gathered: [String: Gathered] = [:]
        // Each name as photos write it, worked out once: most photos share a few keywords.
        var resolved: [String: (spelling: String, key: String)] = [:]
        var met = 0
        for album in albums {
            for photo in album.photos {
                var seen = Set<String>()
                for raw in names(photo) {
                    let (spelling, key) = Self.resolve(raw, memo: &resolved)
                    guard !spelling.isEmpty else { continue }
                    // In place: a copy of the group out of the dictionary and back would copy its
                    // photos each time, quadratic in a keyword's photos.
                    gathered[key, default: Gathered()].spellings[spelling, default: (0, met)].count += 1
                    met += 1
                    if seen.insert(key).inserted {
                        gathered[key, default: Gathered()].photos.append(Entry(photo: photo, album: album.outputPath))
                    }
                }
            }
        }
        var taken = Set<String>()
        var terms: [Term] = []
        var slugs: [String: String] = [:]
        for key in gathered.keys.sorted() {
            guard let group = gathered[key] else { continue }
            let name =
                group.spellings.min { a, b in
                    a.value.count != b.value.count ? a.value.count > b.value.count : a.value.first < b.value.first
                }?.key ?? key
            let slug = Slug.unique(Slug.make(from: name, fallback: kind.fallbackSlug), taken: &taken)
            slugs[key] = slug
            terms.append(Term(name: name, slug: slug, photos: group.photos))
        }
        self.kind = kind
        self.terms = terms
        self.slugsByKey = slugs
        self.slugsByName = resolved.compactMapValues { slugs[$0.key] }
    }

    /// A name as written, trimmed and canonically composed, and its key; from `memo` when seen.
    private static func resolve(_ raw: String, memo: inout [String: (spelling: String, key: String)]) -> (
        spelling: String, key: String
    ) {
        if let known = memo[raw] { return known }
        let spelling = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        let result = (spelling, spelling.folding(options: [.caseInsensitive], locale: nil))
        memo[raw] = result
        return result
    }

    /// What two spellings of one name have in common: trimmed, canonically composed and
    /// case-folded (`Paris`, ` paris `, `PARIS` are one name).
    package static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
    }

    /// The slug of the page of `name`, in any spelling; nil when no published photo has it.
    package func slug(of name: String) -> String? {
        slugsByName[name] ?? slugsByKey[Self.key(name)]
    }

    /// The folder of the page of `name`: `tags/SLUG`; nil when it has none.
    package func folder(of name: String) -> String? {
        slug(of: name).map { kind.folder + "/" + $0 }
    }
}
