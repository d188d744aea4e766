extension CatalogBuilder {
    /// An album's own photos as read, with what reading and placing them reported.
    struct AlbumPhotos: Sendable {
        var photos: [Photo] = []
        var diagnostics: [Diagnostic] = []
        /// Photo files found not publishable once read (a RAW's preview too small).
        var unpublished: [UnpublishedFile] = []
    }

    /// Every album's own photos, on every core (each album's are independent of the others'),
    /// in the order `assemble` takes them: an album, then its sub-albums.
    func albumPhotos(_ root: AlbumDraft, readings: [PhotoReading]) -> [AlbumPhotos] {
        var albums: [(draft: AlbumDraft, readings: Range<Int>)] = []
        var cursor = 0
        func collect(_ draft: AlbumDraft) {
            // The draft without its children: they are not needed here, and are not copied.
            var own = draft
            own.children = []
            albums.append((own, cursor..<cursor + draft.photoFiles.count))
            cursor += draft.photoFiles.count
            draft.children.forEach(collect)
        }
        collect(root)
        return albums.parallelMap(workers: settings.workers) { album in
            ownPhotos(album.draft, readings: readings[album.readings])
        }
    }

    /// An album's photos: unique photo slugs, no two photos publishing different files under one
    /// name, photos sorted, and duplicate titles reported.
    func ownPhotos(_ draft: AlbumDraft, readings: ArraySlice<PhotoReading>) -> AlbumPhotos {
        var result = AlbumPhotos()
        var taken = draft.taken
        var imageSources: [String: String] = [:]
        var photos: [Photo] = []
        for reading in readings {
            result.diagnostics += reading.diagnostics
            if let file = reading.unpublished { result.unpublished.append(file) }
            guard var photo = reading.photo else { continue }
            let wanted = Slug.make(from: PhotoFiles.baseName(of: photo.imageFileName), fallback: "photo")
            photo.slug = Slug.unique(wanted, taken: &taken)
            photo.album = draft.outputPath
            if photo.slug != wanted {
                result.diagnostics.append(
                    .warning(
                        "photo URL '\(wanted)' is taken; this photo is published as '\(photo.slug)'",
                        path: source.display(photo.primaryPath)))
            }
            // Two photos may not publish different files under one name (a video's poster counts).
            if var still = photo.still, case .output(var output) = still.image, let source = still.sourcePath {
                var counter = 1
                while let existing = imageSources[output], existing != source {
                    counter += 1
                    let name = "\(photo.slug)-\(counter).\(PhotoFiles.fileExtension(of: output))"
                    output = draft.outputPath.isEmpty ? name : draft.outputPath + "/" + name
                }
                imageSources[output] = source
                still.image = .output(output)
                switch photo.media {
                case .photo: photo.media = .photo(still)
                case .video(let video, _): photo.media = .video(video, poster: still)
                }
            }
            photos.append(photo)
        }
        result.photos = (draft.settings.sort ?? settings.sort).sorted(photos)
        // Two photos of one album with the same title read the same in links and to screen readers.
        // Names, not photos: a copy of every photo of a 100,000-photo album took 200 MiB.
        var firstWithTitle: [String: String] = [:]
        for photo in result.photos {
            guard let title = photo.metadata.title else { continue }
            if let first = firstWithTitle[title] {
                result.diagnostics.append(
                    .warning(
                        "title \"\(title.prefix(60))\" is also the title of '\(first)' in this album; titles tell photos apart in links and to screen readers",
                        path: source.display(photo.primaryPath), key: "title"))
            } else {
                firstWithTitle[title] = photo.name
            }
        }
        return result
    }

    /// The album of `draft` with its photos (taken in order from `parts`, from `index` on; see
    /// `albumPhotos`) and sub-albums, and its cover chosen.
    func assemble(
        _ draft: AlbumDraft, parts: [AlbumPhotos], index: inout Int, diagnostics: inout [Diagnostic],
        unpublished: inout [UnpublishedGroup]
    ) -> Album {
        var album = Album(
            sourcePath: draft.folder.relativePath, outputPath: draft.outputPath, title: draft.title,
            description: draft.settings.description)
        let part = parts[index]
        index += 1
        diagnostics += part.diagnostics
        album.photos = part.photos
        let files = (draft.unpublished + part.unpublished).sorted { FileNameOrder.precedes($0.name, $1.name) }
        let groups = UnpublishedGroup.groups(album: draft.folder.relativePath, files: files)
        unpublished += groups
        for child in draft.children {
            album.albums.append(
                assemble(child, parts: parts, index: &index, diagnostics: &diagnostics, unpublished: &unpublished))
        }
        if let cover = draft.settings.cover {
            // A video without a poster has no image to stand for the album.
            album.cover = Self.photo(named: cover, in: album).flatMap { $0.hasImage ? $0.id : nil }
            if album.cover == nil {
                diagnostics.append(
                    .warning(
                        "'cover' names no photo in this album or below it: \"\(cover.prefix(200))\"",
                        path: source.display(draft.folder.path(of: "album.json")), key: "cover"))
            }
        }
        if album.cover == nil {
            album.cover = album.photos.first(where: \.hasImage)?.id ?? album.albums.lazy.compactMap(\.cover).first
        }
        if album.photos.isEmpty, album.albums.isEmpty {
            // An album of only unpublished files (videos Ashlar does not publish, say) says why
            // it is empty.
            let why =
                groups.isEmpty
                ? ""
                : ": " + groups.map { "\($0.counted) not published (\($0.reason.shortAdvice))" }.joined(separator: ", ")
            diagnostics.append(
                .warning(
                    "album has no photos to show\(why); its page says so",
                    path: source.display(draft.folder.relativePath)))
        }
        return album
    }

    /// The photo `name` (a file name in the album, or a path relative to it) names.
    static func photo(named name: String, in album: Album) -> Photo? {
        let target = album.sourcePath.isEmpty ? name : album.sourcePath + "/" + name
        if let own = album.photos.first(where: { $0.name == name || $0.still?.sourcePath == target }) { return own }
        for candidate in album.allAlbums {
            if let match = candidate.photos.first(where: { $0.still?.sourcePath == target || $0.primaryPath == target })
            {
                return match
            }
        }
        return nil
    }
}
