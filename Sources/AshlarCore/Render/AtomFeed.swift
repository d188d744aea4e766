/// `feed.xml`: an Atom feed of the newest photos by the date they were taken. Dates come from the
/// photos, never from the build clock; a site with no dated photo has no feed. A date without a
/// UTC offset is written as UTC.
struct AtomFeed {
    var baseURL: String
    var configuration: SiteConfiguration
    var root: Album
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()
    static let entryCount = 20

    var xml: String? {
        let sharing = SharingModel(baseURL: baseURL, configuration: configuration, published: published)
        var dated: [(photo: Photo, album: Album, date: PhotoDate)] = []
        for (album, _) in SiteRenderer.albumsWithAncestors(root) {
            for photo in album.photos {
                if let date = photo.metadata.date { dated.append((photo, album, date)) }
            }
        }
        guard !dated.isEmpty else { return nil }
        dated.sort { a, b in
            a.date != b.date ? b.date < a.date : NaturalOrder.precedes(a.photo.primaryPath, b.photo.primaryPath)
        }
        let newest = dated.prefix(Self.entryCount)
        let author = configuration.author ?? configuration.title
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.escape(configuration.language))">
            <title>\(XMLText.escape(configuration.title))</title>

            """
        if let description = configuration.description {
            text += "<subtitle>\(XMLText.escape(description))</subtitle>\n"
        }
        text += """
            <id>\(XMLText.escape(baseURL))</id>
            <link rel="alternate" type="text/html" href="\(XMLText.escape(baseURL))"/>
            <link rel="self" type="application/atom+xml" href="\(XMLText.escape(baseURL + "feed.xml"))"/>
            <updated>\(Self.timestamp(newest[newest.startIndex].date))</updated>
            <author><name>\(XMLText.escape(author))</name></author>

            """
        if let copyright = configuration.copyright { text += "<rights>\(XMLText.escape(copyright))</rights>\n" }
        for item in newest {
            let index = item.album.photos.firstIndex(of: item.photo) ?? 0
            let total = item.album.photos.count
            // The feed is in the site's language (`xml:lang`), as its pages are.
            let words = configuration.words
            let title = PageContext.title(of: item.photo, position: index + 1, of: total, words: words)
            let alt = PageContext.alt(of: item.photo, position: index + 1, of: total, words: words)
            let page = sharing.pageURL(PhotoPageModel.folder(of: item.photo, in: item.album))
            // A video without a poster is a link to its page.
            var content =
                item.photo.hasImage
                ? "<p><img src=\"\(XMLText.escape(sharing.imageURL(item.photo)))\" alt=\"\(XMLText.escape(alt))\" width=\"\(item.photo.width)\" height=\"\(item.photo.height)\"></p>"
                : "<p><a href=\"\(XMLText.escape(page))\">\(XMLText.escape(words[.videoLabel])) \(XMLText.escape(title))</a></p>"
            if let caption = item.photo.metadata.caption { content += "<p>\(XMLText.escape(caption))</p>" }
            text += """
                <entry>
                <title>\(XMLText.escape(title))</title>
                <id>\(XMLText.escape(page))</id>
                <link rel="alternate" type="text/html" href="\(XMLText.escape(page))"/>
                <updated>\(Self.timestamp(item.date))</updated>
                <summary>\(XMLText.escape(item.photo.metadata.caption ?? alt))</summary>
                <content type="html">\(XMLText.escape(content))</content>\(Self.credits(item.photo.metadata))
                </entry>

                """
        }
        return text + "</feed>\n"
    }

    /// An entry's own `author` and `rights`, overriding the feed's, on lines of their own.
    static func credits(_ metadata: PhotoMetadata) -> String {
        var text = ""
        if let creator = metadata.creator { text += "\n<author><name>\(XMLText.escape(creator))</name></author>" }
        if let rights = metadata.rights { text += "\n<rights>\(XMLText.escape(rights))</rights>" }
        return text
    }

    /// RFC 3339, as Atom requires: the photo's own offset, or UTC when it has none.
    static func timestamp(_ date: PhotoDate) -> String {
        var copy = date
        if copy.utcOffsetMinutes == nil { copy.utcOffsetMinutes = 0 }
        return copy.iso8601
    }
}
