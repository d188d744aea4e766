extension PublishedImages {
    /// The albums as the site publishes them: the catalog's, less the items the rendition stage
    /// left out; an album whose cover is left out takes its first item, else its first
    /// sub-album's cover. The catalog itself is not changed; with nothing left out this is it.
    func albums(of root: Album) -> Album {
        let leftOut = leftOut
        guard !leftOut.isEmpty else { return root }
        return Self.removing(leftOut, from: root)
    }

    private static func removing(_ leftOut: Set<PhotoID>, from album: Album) -> Album {
        var album = album
        album.photos.removeAll { leftOut.contains($0.id) }
        album.albums = album.albums.map { removing(leftOut, from: $0) }
        if let cover = album.cover, leftOut.contains(cover) {
            album.cover = album.photos.first?.id ?? album.albums.lazy.compactMap(\.cover).first
        }
        return album
    }
}
