/// The site menu's entries, worked out once per build from the catalog, the pages and
/// `"menu"`; each page turns them into links relative to itself (`SiteSummary.menu`).
package struct SiteMenu: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        case album, page, keywords, places
    }

    package struct Entry: Sendable, Equatable {
        package var kind: Kind
        /// The album's or page's title; empty for the indexes (the theme names them).
        package var title: String
        /// The output folder the entry links to.
        package var folder: String
    }

    package var entries: [Entry] = []
    /// The keyword and place indexes the site has, whether the menu lists them or not (the
    /// front page links them).
    package var indexes: [Entry] = []

    package init(entries: [Entry] = [], indexes: [Entry] = []) {
        self.entries = entries
        self.indexes = indexes
    }

    /// The menu of a site: `sections` in order, each of the entries it has.
    init(sections: [SiteConfiguration.MenuSection], root: Album, pages: [SitePage], terms: TermPages) {
        indexes = terms.indexes.map {
            Entry(kind: $0.kind == .tags ? .keywords : .places, title: "", folder: $0.kind.folder)
        }
        for section in sections {
            switch section {
            case .albums:
                entries += root.albums.map { Entry(kind: .album, title: $0.title, folder: $0.outputPath) }
            case .pages:
                entries += pages.filter(\.inMenu).map { Entry(kind: .page, title: $0.title, folder: $0.folder) }
            case .keywords:
                if let index = terms.index(.tags) {
                    entries.append(Entry(kind: .keywords, title: "", folder: index.kind.folder))
                }
            case .places:
                if let index = terms.index(.places) {
                    entries.append(Entry(kind: .places, title: "", folder: index.kind.folder))
                }
            }
        }
    }

    /// What the album and term signatures hold of the menu: every page shows it.
    var fingerprint: String {
        var fingerprint = Fingerprint()
        fingerprint.add(entries + [Entry(kind: .page, title: "\u{0}", folder: "")] + indexes) { fingerprint, entry in
            fingerprint.add(entry.kind.rawValue)
            fingerprint.add(entry.title)
            fingerprint.add(entry.folder)
        }
        return fingerprint.hex
    }
}
