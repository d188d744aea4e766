/// Everything an album's pages (its album pages and its photos' pages) are rendered from, hashed:
/// the site-wide inputs, the album, its photos, its sub-albums' tiles and the breadcrumbs above
/// it. When a rebuild finds an album's signature unchanged, its pages are the same bytes as last
/// time and are not rendered again.
enum AlbumSignature {
    /// `links` are the folders of the keyword and place pages a photo's page links to.
    /// `digests` hold each photo's part, hashed once for the build (see ``PhotoDigests``).
    static func of(
        _ album: Album, ancestors: [Album], site: String, hasFeed: Bool, published: PublishedImages = PublishedImages(),
        digests: PhotoDigests = PhotoDigests(), links: (Photo) -> [String] = { _ in [] }
    ) -> String {
        var hash = Fingerprint()
        hash.add(site)
        hash.add(hasFeed)
        for ancestor in ancestors {
            hash.add(ancestor.outputPath)
            hash.add(ancestor.title)
        }
        hash.add(album.outputPath)
        hash.add(album.title)
        hash.add(album.description)
        // The sharing preview shows the album's cover, which may be a photo of a sub-album.
        let cover = album.coverPhoto
        hash.add(cover != nil)
        if let cover { hash.add(digests.digest(of: cover, published: published)) }
        hash.add(Int64(album.photos.count))
        for photo in album.photos {
            hash.add(digests.digest(of: photo, published: published))
            let photoLinks = links(photo)
            hash.add(Int64(photoLinks.count))
            for link in photoLinks { hash.add(link) }
        }
        for child in album.albums {
            hash.add(child.outputPath)
            hash.add(child.title)
            hash.add(Int64(child.totalPhotoCount))
            hash.add(Int64(child.totalVideoCount))
            // Its tile shows its description.
            hash.add(child.description)
            let cover = child.coverPhoto
            hash.add(cover != nil)
            if let cover { hash.add(digests.digest(of: cover, published: published)) }
        }
        return hash.hex
    }

    /// A photo's part of every signature that shows it: ``combine(_:published:into:)`` alone.
    static func digest(of photo: Photo, published: PublishedImages) -> UInt64 {
        var hash = Fingerprint()
        combine(photo, published: published, into: &hash)
        return hash.value
    }

    /// Everything a photo's tile and page show (keyword and place pages hash their photos alike).
    static func combine(_ photo: Photo, published: PublishedImages, into hash: inout Fingerprint) {
        let shown = published.shown(photo)
        hash.add(photo.slug)
        hash.add(photo.name)
        hash.add(photo.primaryPath)
        hash.add(shown?.sourcePath)
        // A video without a poster is shown by the video itself.
        combine(shown?.image ?? photo.video?.location ?? .output(""), into: &hash)
        hash.add(Int64(photo.width))
        hash.add(Int64(photo.height))
        let renditions = shown?.renditions ?? []
        hash.add(Int64(renditions.count))
        for rendition in renditions {
            combine(rendition.image, into: &hash)
            hash.add(Int64(rendition.width))
        }
        hash.add(shown?.imageWidth)
        let generated = shown?.generated
        hash.add(generated?.original != nil)
        if let original = generated?.original { combine(original, into: &hash) }
        hash.add(generated?.sharing != nil)
        if let sharing = generated?.sharing {
            combine(sharing.image, into: &hash)
            hash.add(Int64(sharing.width))
            hash.add(Int64(sharing.height))
        }
        hash.add(shown?.placeholder?.css)
        hash.add(photo.video != nil)
        if let video = photo.video {
            hash.add(video.sourcePath)
            combine(video.location, into: &hash)
            for text in [video.mimeType, video.codec, shown?.sourcePath, video.durationText] {
                hash.add(text)
            }
        }
        // The metadata fields a page shows, as the field table says.
        for field in pageFields {
            if let value = photo.metadata[field] {
                hash.add(true)
                value.add(to: &hash)
            } else {
                hash.add(false)
            }
        }
    }

    /// The fields that shape a page (`MetadataField`'s table).
    private static let pageFields = MetadataField.allCases.filter(\.definition.shapesPage)

    private static func combine(_ location: ImageLocation, into hash: inout Fingerprint) {
        switch location {
        case .output(let path):
            hash.add(0)
            hash.add(path)
        case .remote(let url):
            hash.add(1)
            hash.add(url)
        case .referenced(let path):
            hash.add(2)
            hash.add(path)
        }
    }
}
