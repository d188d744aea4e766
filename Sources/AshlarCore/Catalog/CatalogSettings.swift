import AshlarImage

/// What the catalog stage needs of the site's configuration.
struct CatalogSettings: Sendable {
    /// The root album's title.
    var title = "Gallery"
    /// The language XMP alternatives are chosen in.
    var language = "en"
    var sort = SortOrder.byName
    var publishing = ImagePublishing.copy
    /// Publish only photos rated this or more (`minRating`); nil publishes every photo.
    var minimumRating: Int?
    /// Warn where a photo's embedded IPTC-IIM and XMP disagree (`--strict`).
    var reportMetadataConflicts = false
    /// The widths the rendition stage makes, narrowest first; nil when it makes none. A photo it
    /// makes renditions of is not published as it is.
    var renditionWidths: [Int]?
    var originals = RenditionSettings.Originals.omit
    /// Formats published as they are (`"publishAsIs"`).
    var publishAsIs: Set<ImageFormat> = []
    /// Photos read at once; nil is one per core (`--jobs`).
    var workers: Int?

    /// Where the browser finds a photo's local image file.
    enum ImagePublishing: Sendable, Equatable {
        /// Copied beside its album's page.
        case copy
        /// At this base URL followed by its encoded source path (`images: reference` with `mediaBaseURL`).
        case remote(baseURL: String)
        /// In the source folder, by a relative path from the output root that ends in `/`.
        case referenced(sourceFromOutput: String)
    }
}
