extension CatalogBuilder {
    /// The album of `draft` with its photos (taken in order from `readings`, from `cursor` on) and
    /// sub-albums: unique photo slugs, no two photos publishing different files under one name,
    /// photos sorted, the cover chosen, and duplicate titles reported.
    func assemble(_ draft: AlbumDraft, readings: [PhotoReading], cursor: inout Int, diagnostics: inout [Diagnostic])
        -> Album
    {
        var album = Album(
            sourcePath: draft.folder.relativePath, outputPath: draft.outputPath, title: draft.title,
            description: draft.settings.description)
        var taken = draft.taken
        var imageSources: [String: String] = [:]
        var photos: [Photo] = []
        for _ in draft.photoFiles {
            let reading = readings[cursor]
            cursor += 1
            diagnostics += reading.diagnostics
            guard var photo = reading.photo else { continue }
            let wanted = Slug.make(from: PhotoFiles.baseName(of: photo.imageFileName), fallback: "photo")
            photo.slug = Slug.unique(wanted, taken: &taken)
            if photo.slug != wanted {
                diagnostics.append(
                    .warning(
                        "photo URL '\(wanted)' is taken; this photo is published as '\(photo.slug)'",
                        path: source.display(photo.primaryPath)))
            }
            // Two photos may not publish different files under one name.
            if case .output(var output) = photo.image, let source = photo.sourcePath {
                var counter = 1
                while let existing = imageSources[output], existing != source {
                    counter += 1
                    let name = "\(photo.slug)-\(counter).\(PhotoFiles.fileExtension(of: output))"
                    output = draft.outputPath.isEmpty ? name : draft.outputPath + "/" + name
                }
                imageSources[output] = source
                photo.image = .output(output)
            }
            photos.append(photo)
        }
        album.photos = (draft.settings.sort ?? settings.sort).sorted(photos)
        // Two photos of one album with the same title read the same in links and to screen readers.
        // Names, not photos: a copy of every photo of a 100,000-photo album took 200 MiB.
        var firstWithTitle: [String: String] = [:]
        for photo in album.photos {
            guard let title = photo.metadata.title else { continue }
            if let first = firstWithTitle[title] {
                diagnostics.append(
                    .warning(
                        "title \"\(title.prefix(60))\" is also the title of '\(first)' in this album; titles tell photos apart in links and to screen readers",
                        path: source.display(photo.primaryPath), key: "title"))
            } else {
                firstWithTitle[title] = photo.name
            }
        }
        for child in draft.children {
            album.albums.append(assemble(child, readings: readings, cursor: &cursor, diagnostics: &diagnostics))
        }
        if let cover = draft.settings.cover {
            album.cover = Self.photo(named: cover, in: album)
            if album.cover == nil {
                diagnostics.append(
                    .warning(
                        "'cover' names no photo in this album or below it: \"\(cover.prefix(200))\"",
                        path: source.display(draft.folder.path(of: "album.json")), key: "cover"))
            }
        }
        if album.cover == nil {
            album.cover = album.photos.first ?? album.albums.lazy.compactMap(\.cover).first
        }
        if album.photos.isEmpty, album.albums.isEmpty {
            diagnostics.append(
                .warning(
                    "album has no photos to show; its page says so", path: source.display(draft.folder.relativePath)))
        }
        return album
    }

    /// The photo `name` (a file name in the album, or a path relative to it) names.
    static func photo(named name: String, in album: Album) -> Photo? {
        let target = album.sourcePath.isEmpty ? name : album.sourcePath + "/" + name
        if let own = album.photos.first(where: { $0.name == name || $0.sourcePath == target }) { return own }
        for candidate in album.allAlbums {
            if let match = candidate.photos.first(where: { $0.sourcePath == target || $0.primaryPath == target }) {
                return match
            }
        }
        return nil
    }
}
