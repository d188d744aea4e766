/// The catalog stage: turns the scanned source tree into albums and photos, in three steps —
/// walk the folders and read each `album.json` (in order); read every photo's sidecars and image
/// header (on every core); then assemble albums with unique slugs and sorted photos (in order,
/// so the result and its diagnostics are the same on every run).
struct CatalogBuilder: Sendable {
    var source: any CatalogSource
    var settings: CatalogSettings

    /// Output names an album cannot take, because the site uses them itself.
    static let reservedSlugs: Set<String> = ["assets", "page"]

    /// An album before its photos are read.
    struct AlbumDraft: Sendable {
        var folder: SourceFolder
        var outputPath: String
        var title: String
        var settings: AlbumSettings
        var photoFiles: [PhotoFiles]
        /// The folder's files that are not published, known by their names alone.
        var unpublished: [UnpublishedFile]
        var children: [AlbumDraft]
        /// Slugs taken by sub-albums, which photos must not take.
        var taken: Set<String>
    }

    /// One photo's files, and where its album is.
    struct PhotoJob: Sendable {
        var files: PhotoFiles
        var folder: SourceFolder
        var albumOutput: String
    }

    /// A photo read from its files, before it has a slug.
    struct PhotoReading: Sendable {
        var photo: Photo?
        var diagnostics: [Diagnostic]
        /// Why a readable photo is not published, when `minRating` leaves it out.
        var leftOut: RatingFilter.Reason? = nil
        /// Why the photo's file is not published, when it is a file Ashlar cannot publish (a RAW
        /// whose preview is too small).
        var unpublished: UnpublishedFile? = nil
    }

    func build(_ root: SourceFolder) -> Catalog {
        var diagnostics: [Diagnostic] = []
        // Grouping file names into photos is the largest part of drafting: done for every folder
        // at once, on every core.
        var folders: [(path: String, fileNames: [String])] = []
        func collect(_ folder: SourceFolder) {
            folders.append((folder.relativePath, folder.fileNames))
            folder.subfolders.forEach(collect)
        }
        collect(root)
        let groups = folders.parallelMap(workers: settings.workers) { FolderGroups(fileNames: $0.fileNames) }
        let groupsByFolder = Dictionary(zip(folders.map(\.path), groups), uniquingKeysWith: { first, _ in first })
        let draft = draftAlbum(
            root, outputPath: "", title: settings.title, groups: groupsByFolder, diagnostics: &diagnostics)

        var jobs: [PhotoJob] = []
        collectJobs(draft, into: &jobs)
        let readings = jobs.parallelMap(workers: settings.workers) { job in readPhoto(job) }

        var index = 0
        var unpublished: [UnpublishedGroup] = []
        let album = assemble(
            draft, parts: albumPhotos(draft, readings: readings), index: &index, diagnostics: &diagnostics,
            unpublished: &unpublished)
        var leftOut: [RatingFilter.Reason: Int] = [:]
        for reason in readings.compactMap(\.leftOut) { leftOut[reason, default: 0] += 1 }
        return Catalog(root: album, diagnostics: diagnostics, leftOut: leftOut, unpublished: unpublished)
    }

    private func collectJobs(_ draft: AlbumDraft, into jobs: inout [PhotoJob]) {
        for files in draft.photoFiles {
            jobs.append(PhotoJob(files: files, folder: draft.folder, albumOutput: draft.outputPath))
        }
        for child in draft.children { collectJobs(child, into: &jobs) }
    }

    /// Reads a file of at most `SmallFile.maximumSize` bytes; reports and returns nil otherwise.
    /// `kind` names the file in that report.
    func readSmallFile(_ relative: String, kind: String, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        switch source.read(relative, upTo: SmallFile.maximumSize + 1) {
        case .success(let read):
            guard read.size > SmallFile.maximumSize,
                let tooLarge = SmallFile.sizeDiagnostic(
                    byteCount: read.size, path: source.display(relative), kind: kind)
            else { return read.bytes }
            diagnostics.append(tooLarge)
            return nil
        case .failure(let failure):
            diagnostics.append(.error("cannot read the file: \(failure.reason)", path: source.display(relative)))
            return nil
        }
    }
}
