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
    /// The item that represents the album on its parent's page, in it or in an album below it:
    /// `cover` from `album.json`, else its first item with an image, else its first sub-album's
    /// cover (``photo(_:)`` finds it).
    package var cover: PhotoID?

    package init(
        sourcePath: String, outputPath: String, title: String, description: String? = nil,
        photos: [Photo] = [], albums: [Album] = [], cover: PhotoID? = nil
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

    /// Photos in this album and every album below it (videos included).
    package var totalPhotoCount: Int {
        albums.reduce(photos.count) { $0 + $1.totalPhotoCount }
    }

    /// The videos among `totalPhotoCount`.
    package var totalVideoCount: Int {
        albums.reduce(photos.count { $0.video != nil }) { $0 + $1.totalVideoCount }
    }

    /// This album and every album below it, parents before children.
    package var allAlbums: [Album] {
        [self] + albums.flatMap(\.allAlbums)
    }

    /// The item `id` names in this album or an album below it; nil when there is none.
    package func photo(_ id: PhotoID) -> Photo? {
        if id.album == outputPath { return photos.first { $0.slug == id.slug } }
        let inside = outputPath.isEmpty || id.album.hasPrefix(outputPath + "/")
        guard inside else { return nil }
        for child in albums where id.album == child.outputPath || id.album.hasPrefix(child.outputPath + "/") {
            return child.photo(id)
        }
        return nil
    }

    /// The item that represents the album (``cover``).
    package var coverPhoto: Photo? { cover.flatMap(photo) }
}
