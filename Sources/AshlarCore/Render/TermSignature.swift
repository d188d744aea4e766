/// Everything one page of a keyword's (or place's) photos, or the index of a kind, is rendered
/// from, hashed, as `AlbumSignature` does for an album: when a rebuild finds it unchanged, the
/// page is the same bytes as last time and is not rendered again. Kept in the build manifest
/// beside the albums' signatures, by the page's folder (`tags/sea`, `tags/sea/page/2`, `tags`),
/// which no album can have (see `TermPages`). A keyword most photos carry has many pages; one
/// photo's edit renders again only the page that shows it.
enum TermSignature {
    /// Page `page` of a term: its name, slug and photo count (its pagination and the positions
    /// its tiles announce), the page's photos as their tiles show them with the folder of each
    /// photo's page, and the term's first photo (every page's sharing image).
    static func of(
        _ term: TermIndex.Term, kind: TermIndex.Kind, page: Int, range: Range<Int>, site: String, hasFeed: Bool,
        rootTitle: String, published: PublishedImages = PublishedImages(), digests: PhotoDigests = PhotoDigests()
    ) -> String {
        var hash = common(kind: kind, site: site, hasFeed: hasFeed, rootTitle: rootTitle)
        hash.add(term.name)
        hash.add(term.slug)
        hash.add(Int64(term.photos.count))
        hash.add(Int64(term.videoCount))
        hash.add(Int64(page))
        if let first = term.photos.first { hash.add(digests.digest(of: first.photo, published: published)) }
        for entry in term.photos[range] {
            hash.add(entry.album)
            hash.add(digests.digest(of: entry.photo, published: published))
        }
        return hash.hex
    }

    /// The index of a kind: every term's name, slug and photo count.
    static func of(_ index: TermIndex, site: String, hasFeed: Bool, rootTitle: String) -> String {
        var hash = common(kind: index.kind, site: site, hasFeed: hasFeed, rootTitle: rootTitle)
        hash.add("index")
        hash.add(Int64(index.terms.count))
        for term in index.terms {
            hash.add(term.name)
            hash.add(term.slug)
            hash.add(Int64(term.photos.count))
            hash.add(Int64(term.videoCount))
        }
        return hash.hex
    }

    private static func common(kind: TermIndex.Kind, site: String, hasFeed: Bool, rootTitle: String) -> Fingerprint {
        var hash = Fingerprint()
        hash.add(site)
        hash.add(hasFeed)
        hash.add(kind.rawValue)
        hash.add(rootTitle)
        return hash
    }
}
