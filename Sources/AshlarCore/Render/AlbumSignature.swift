/// Everything an album's pages (its album pages and its photos' pages) are rendered from, hashed:
/// the site-wide inputs, the album, its photos, its sub-albums' tiles and the breadcrumbs above
/// it. When a rebuild finds an album's signature unchanged, its pages are the same bytes as last
/// time and are not rendered again.
enum AlbumSignature {
    /// `links` are the folders of the keyword and place pages a photo's page links to.
    static func of(
        _ album: Album, ancestors: [Album], site: String, hasFeed: Bool, published: PublishedImages = PublishedImages(),
        links: (Photo) -> [String] = { _ in [] }
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
        if let cover { combine(cover, published: published, into: &hash) }
        hash.add(Int64(album.photos.count))
        for photo in album.photos {
            combine(photo, published: published, into: &hash)
            let photoLinks = links(photo)
            hash.add(Int64(photoLinks.count))
            for link in photoLinks { hash.add(link) }
        }
        for child in album.albums {
            hash.add(child.outputPath)
            hash.add(child.title)
            hash.add(Int64(child.totalPhotoCount))
            let cover = child.coverPhoto
            hash.add(cover != nil)
            if let cover { combine(cover, published: published, into: &hash) }
        }
        return hash.hex
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
        let metadata = photo.metadata
        for text in [
            metadata.title, metadata.alt, metadata.caption, metadata.date?.iso8601, metadata.make, metadata.model,
            metadata.lens, metadata.exposure, metadata.src, metadata.longDescription, metadata.label, metadata.creator,
            metadata.rights, metadata.license, metadata.location, metadata.city, metadata.region, metadata.country,
            metadata.poster,
        ] {
            hash.add(text)
        }
        for number in [metadata.focalLength, metadata.aperture, metadata.order] {
            hash.add(number)
        }
        for number in [metadata.iso, metadata.rating, metadata.orientation, metadata.width, metadata.height] {
            hash.add(number)
        }
        hash.add(metadata.hidden == true)
        hash.add(metadata.tags != nil)
        hash.add(metadata.tags ?? []) { $0.add($1) }
    }

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
