extension Album {
    /// Every local image file this album and the albums below it show in place, photos and
    /// renditions (`images: reference`), by their path relative to the source root. The preview
    /// server serves these from the source folder, and nothing else there: a photo shown by its
    /// renditions or a published copy is never served as it is, even by a stale page's link.
    var shownSourceImages: Set<String> {
        var paths = Set<String>()
        for album in allAlbums {
            // The rendition stage takes only images published into the output: what it
            // publishes is never shown in place.
            for still in album.photos.lazy.compactMap(\.still) {
                if case .referenced = still.image, let path = still.sourcePath { paths.insert(path) }
                for rendition in still.renditions {
                    if case .referenced = rendition.image, let path = rendition.sourcePath { paths.insert(path) }
                }
            }
        }
        return paths
    }
}
