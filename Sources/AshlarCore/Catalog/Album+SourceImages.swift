extension Album {
    /// Every local image file this album and the albums below it show, photos and renditions,
    /// by their path relative to the source root. With `images: reference` the preview server
    /// serves these from the source folder, and nothing else there.
    var shownSourceImages: Set<String> {
        var paths = Set<String>()
        for album in allAlbums {
            for photo in album.photos {
                if let path = photo.sourcePath { paths.insert(path) }
                for rendition in photo.renditions {
                    if let path = rendition.sourcePath { paths.insert(path) }
                }
            }
        }
        return paths
    }
}
