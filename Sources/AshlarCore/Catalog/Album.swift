/// A folder of photos: the site's unit of navigation. The root folder is an album too.
package struct Album: Sendable, Equatable {
    /// The folder relative to the source root; empty for the root.
    package var sourcePath: String
    /// The album's folder in the output, made of slugs; empty for the root.
    package var outputPath: String
    package var title: String
    package var description: String?
    package var photos: [Photo]
    package var albums: [Album]
    /// The photo that represents the album on its parent's page: `cover` from `album.json`, else
    /// its first photo, else its first sub-album's cover.
    package var cover: Photo?

    package init(
        sourcePath: String, outputPath: String, title: String, description: String? = nil,
        photos: [Photo] = [], albums: [Album] = [], cover: Photo? = nil
    ) {
        self.sourcePath = sourcePath
        self.outputPath = outputPath
        self.title = title
        self.description = description
        self.photos = photos
        self.albums = albums
        self.cover = cover
    }

    package var isRoot: Bool { outputPath.isEmpty }

    /// Photos in this album and every album below it.
    package var totalPhotoCount: Int {
        albums.reduce(photos.count) { $0 + $1.totalPhotoCount }
    }

    /// This album and every album below it, parents before children.
    package var allAlbums: [Album] {
        [self] + albums.flatMap(\.allAlbums)
    }
}
