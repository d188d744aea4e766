/// Everything an album's pages (its album pages and its photos' pages) are rendered from, hashed:
/// the site-wide inputs, the album, its photos, its sub-albums' tiles and the breadcrumbs above
/// it. When a rebuild finds an album's signature unchanged, its pages are the same bytes as last
/// time and are not rendered again.
enum AlbumSignature {
    /// `links` are the folders of the keyword and place pages a photo's page links to.
    static func of(
        _ album: Album, ancestors: [Album], site: String, hasFeed: Bool, links: (Photo) -> [String] = { _ in [] }
    ) -> String {
        var hash = ContentHash()
        hash.combine(site)
        hash.combine(hasFeed ? "feed" : "no feed")
        for ancestor in ancestors {
            hash.combine(ancestor.outputPath)
            hash.combine(ancestor.title)
        }
        hash.combine(album.outputPath)
        hash.combine(album.title)
        hash.combine(album.description ?? "\u{0}")
        // The sharing preview shows the album's cover, which may be a photo of a sub-album.
        if let cover = album.cover { combine(cover, into: &hash) } else { hash.combine("no cover") }
        hash.combine(Int64(album.photos.count))
        for photo in album.photos {
            combine(photo, into: &hash)
            let photoLinks = links(photo)
            hash.combine(Int64(photoLinks.count))
            for link in photoLinks { hash.combine(link) }
        }
        for child in album.albums {
            hash.combine(child.outputPath)
            hash.combine(child.title)
            hash.combine(Int64(child.totalPhotoCount))
            if let cover = child.cover { combine(cover, into: &hash) } else { hash.combine("no cover") }
        }
        return hash.hex
    }

    private static func combine(_ photo: Photo, into hash: inout ContentHash) {
        hash.combine(photo.slug)
        hash.combine(photo.name)
        hash.combine(photo.primaryPath)
        hash.combine(photo.sourcePath ?? "\u{0}")
        combine(photo.image, into: &hash)
        hash.combine(Int64(photo.width))
        hash.combine(Int64(photo.height))
        hash.combine(Int64(photo.renditions.count))
        for rendition in photo.renditions {
            combine(rendition.image, into: &hash)
            hash.combine(Int64(rendition.width))
        }
        hash.combine(Int64(photo.imageWidth ?? -1))
        if let original = photo.generated?.original { combine(original, into: &hash) } else { hash.combine("\u{0}") }
        if let sharing = photo.generated?.sharing {
            combine(sharing.image, into: &hash)
            hash.combine(Int64(sharing.width))
            hash.combine(Int64(sharing.height))
        }
        hash.combine(photo.placeholder?.css ?? "\u{0}")
        if let video = photo.video {
            hash.combine("video:" + video.sourcePath)
            combine(video.location, into: &hash)
            for text in [video.mimeType, video.codec, video.poster, video.durationText] {
                hash.combine(text ?? "\u{0}")
            }
        } else {
            hash.combine("photo")
        }
        let metadata = photo.metadata
        for text in [
            metadata.title, metadata.alt, metadata.caption, metadata.date?.iso8601, metadata.make, metadata.model,
            metadata.lens, metadata.exposure, metadata.src, metadata.longDescription, metadata.label, metadata.creator,
            metadata.rights, metadata.license, metadata.location, metadata.city, metadata.region, metadata.country,
            metadata.poster,
        ] {
            hash.combine(text ?? "\u{0}")
        }
        for number in [metadata.focalLength, metadata.aperture, metadata.order] {
            hash.combine(number.map { Int64(bitPattern: $0.bitPattern) } ?? Int64.min)
        }
        for number in [metadata.iso, metadata.rating, metadata.orientation, metadata.width, metadata.height] {
            hash.combine(number.map(Int64.init) ?? Int64.min)
        }
        hash.combine(metadata.hidden == true ? "hidden" : "shown")
        hash.combine(Int64(metadata.tags?.count ?? -1))
        for tag in metadata.tags ?? [] { hash.combine(tag) }
    }

    private static func combine(_ location: ImageLocation, into hash: inout ContentHash) {
        switch location {
        case .output(let path): hash.combine("o:" + path)
        case .remote(let url): hash.combine("r:" + url)
        case .referenced(let path): hash.combine("s:" + path)
        }
    }
}
