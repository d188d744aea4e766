/// `sitemap.xml`: every page, with the images each shows (the image sitemap extension).
struct Sitemap {
    var baseURL: String
    var configuration: SiteConfiguration
    var root: Album
    /// The keyword and place pages, listed after the albums.
    var terms = TermPages()
    /// What the rendition stage published for each item, beside the catalog.
    var published = PublishedImages()
    /// The pages of `pages/`, listed last.
    var pages: [SitePage] = []

    var xml: String {
        let sharing = SharingModel(baseURL: baseURL, configuration: configuration, published: published)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">

            """
        func entry(_ folder: String, images: [Photo]) {
            text += "<url><loc>\(XMLText.escape(sharing.pageURL(folder)))</loc>"
            for photo in images where photo.hasImage {
                text += "<image:image><image:loc>\(XMLText.escape(sharing.imageURL(photo)))</image:loc></image:image>"
            }
            text += "</url>\n"
        }
        for (album, _) in SiteRenderer.albumsWithAncestors(root) {
            let pagination = Pagination(photoCount: album.photos.count, pageSize: configuration.pageSize)
            for page in 0..<pagination.pageCount {
                // The image sitemap allows 1,000 images per page entry.
                entry(
                    Pagination.folder(ofPage: page, in: album.outputPath),
                    images: Array(album.photos[pagination.range(ofPage: page)].prefix(1000)))
            }
            for photo in album.photos {
                entry(PhotoPageModel.folder(of: photo, in: album), images: [photo])
            }
        }
        for index in terms.indexes {
            entry(index.kind.folder, images: [])
            for term in index.terms {
                let pagination = Pagination(photoCount: term.photos.count, pageSize: configuration.pageSize)
                for page in 0..<pagination.pageCount {
                    entry(
                        Pagination.folder(ofPage: page, in: term.folder(in: index.kind)),
                        images: term.photos[pagination.range(ofPage: page)].prefix(1000).map(\.photo))
                }
            }
        }
        for page in pages { entry(page.folder, images: []) }
        return text + "</urlset>\n"
    }
}
