/// A folder of photos: the site's unit of navigation. The root folder is an album too.
public struct Album: Sendable, Equatable {
    /// The folder relative to the source root; empty for the root.
    public var sourcePath: String
    /// The album's folder in the output, made of slugs; empty for the root.
    public var outputPath: String
    public var title: String
    public var description: String?
    public var photos: [Photo]
    public var albums: [Album]
    /// The photo that represents the album on its parent's page: `cover` from `album.json`, else
    /// its first photo, else its first sub-album's cover.
    public var cover: Photo?

    public init(
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

    public var isRoot: Bool { outputPath.isEmpty }

    /// Photos in this album and every album below it.
    public var totalPhotoCount: Int {
        albums.reduce(photos.count) { $0 + $1.totalPhotoCount }
    }

    /// This album and every album below it, parents before children.
    public var allAlbums: [Album] {
        [self] + albums.flatMap(\.allAlbums)
    }
}
