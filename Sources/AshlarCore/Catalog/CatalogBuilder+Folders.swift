import Foundation

extension CatalogBuilder {
    /// A folder's files grouped into photos (`PhotoFiles.group`).
    struct FolderGroups: Sendable {
        var photos: [PhotoFiles]
        var unattributed: [(name: String, reason: String)]
        /// Files that are not published, known by their names alone (video, other).
        var unpublished: [UnpublishedFile]

        init(fileNames: [String]) {
            (photos, unattributed, unpublished) = PhotoFiles.group(fileNames: fileNames)
        }
    }

    /// The album of `folder` and its sub-albums, with their settings and photo files (from
    /// `groups`, by folder path), but no photo read yet. Hidden albums are left out.
    func draftAlbum(
        _ folder: SourceFolder, outputPath: String, title: String, groups: [String: FolderGroups],
        diagnostics: inout [Diagnostic]
    ) -> AlbumDraft {
        var settings = AlbumSettings()
        if folder.fileNames.contains("album.json") {
            let relative = folder.path(of: "album.json")
            if let bytes = readSmallFile(relative, kind: "album.json", diagnostics: &diagnostics) {
                let (read, albumDiagnostics) = AlbumSettings.read(bytes, path: source.display(relative))
                settings = read
                diagnostics += albumDiagnostics
            }
        }
        let grouped = groups[folder.relativePath] ?? FolderGroups(fileNames: folder.fileNames)
        for (name, reason) in grouped.unattributed {
            diagnostics.append(.warning(reason, path: source.display(folder.path(of: name))))
        }
        var draft = AlbumDraft(
            folder: folder, outputPath: outputPath, title: settings.title ?? title, settings: settings,
            photoFiles: grouped.photos, unpublished: grouped.unpublished, children: [], taken: Self.reservedSlugs)
        for subfolder in folder.subfolders.sorted(by: { NaturalOrder.precedes($0.name, $1.name) }) {
            let wanted = Slug.make(from: subfolder.name, fallback: "album")
            let slug = Slug.unique(wanted, taken: &draft.taken)
            if slug != wanted {
                diagnostics.append(
                    .warning(
                        "album URL '\(wanted)' is taken; this album is published as '\(slug)'",
                        path: source.display(subfolder.relativePath)))
            }
            let childOutput = outputPath.isEmpty ? slug : outputPath + "/" + slug
            let child = draftAlbum(
                subfolder, outputPath: childOutput, title: Self.title(fromFolderName: subfolder.name), groups: groups,
                diagnostics: &diagnostics)
            if child.settings.hidden == true { continue }
            draft.children.append(child)
        }
        return draft
    }

    /// `summer_trip-2024` → `Summer trip 2024`.
    static func title(fromFolderName name: String) -> String {
        let spaced = String(name.map { $0 == "_" || $0 == "-" ? " " : $0 }).trimmingCharacters(in: .whitespaces)
        guard let first = spaced.first else { return name }
        return first.uppercased() + spaced.dropFirst()
    }
}
