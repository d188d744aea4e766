/// What an album's optional `album.json` says.
package struct AlbumSettings: Sendable, Equatable {
    package var title: String?
    package var description: String?
    /// The file name of the photo (in this album or below it) that represents the album.
    package var cover: String?
    package var sort: SortOrder?
    /// A hidden album is left out of the site, with everything below it.
    package var hidden: Bool?

    package init() {}

    static let keys = JSONObjectReader.Keys(
        names: ["title", "description", "cover", "sort", "hidden"], noun: "an album key", nullMeansAbsent: false)

    /// Reads `album.json`. Wrong types are errors naming the key; unknown keys are warnings.
    package static func read(_ bytes: [UInt8], path: String) -> (AlbumSettings, [Diagnostic]) {
        let (settings, diagnostics) = JSONObjectReader.read(
            bytes, path: path, name: "album.json", keys: keys
        ) { album in
            var settings = AlbumSettings()
            settings.title = album.string("title")
            settings.description = album.string("description")
            settings.cover = album.string("cover", "must name a photo in this album or below it") { name in
                name.contains("..") || name.hasPrefix("/") || name.contains("\\") ? nil : name
            }
            let sortOrder = "must be one of \(SortOrder.accepted), optionally with a leading '-'"
            settings.sort = album.string("sort", sortOrder, SortOrder.init(parsing:))
            settings.hidden = album.bool("hidden")
            return settings
        }
        return (settings ?? AlbumSettings(), diagnostics)
    }
}
