/// One stage of the build, in the order `BuildRun` runs them. Each reads the
/// products of stages before it and makes one of its own; `build`, `check`, `--shard`, `serve`
/// and the tools run a prefix or all of the list (``BuildScope``).
package enum BuildStage: String, CaseIterable, Sendable {
    /// `ashlar.json` and the theme → ``BuildProduct/inputs``.
    case configuration
    /// The source folder's files, sizes and times → ``BuildProduct/source``.
    case scan
    /// Sidecars, embedded metadata and headers → ``BuildProduct/catalog`` (albums and photos).
    case read
    /// Renditions and published copies, made or found in the cache →
    /// ``BuildProduct/publishedImages``.
    case renditions
    /// Templates over the catalog and its published images → ``BuildProduct/pages``.
    case render
    /// Pages and images into the output folder, the build state beside it →
    /// ``BuildProduct/output``.
    case write

    /// The products this stage reads.
    package var reads: [BuildProduct] {
        switch self {
        case .configuration: []
        case .scan: [.inputs]
        case .read: [.inputs, .source]
        case .renditions: [.inputs, .catalog]
        case .render: [.inputs, .catalog, .publishedImages]
        case .write: [.pages, .publishedImages]
        }
    }

    /// The product this stage makes.
    package var makes: BuildProduct {
        switch self {
        case .configuration: .inputs
        case .scan: .source
        case .read: .catalog
        case .renditions: .publishedImages
        case .render: .pages
        case .write: .output
        }
    }
}

/// What a stage hands on (``BuildStage/makes``).
package enum BuildProduct: String, CaseIterable, Sendable {
    /// The configuration and the theme (`SiteInputs`).
    case inputs
    /// Every source folder and file with its size and time (`ScannedSource`).
    case source
    /// The site as data: albums, items (a photo or a video), their metadata (`Catalog`).
    case catalog
    /// For each item, the images its pages load, beside the catalog, which no stage changes
    /// after the read (`RenditionProduct`: `PublishedImages`, the stage's report, the cache).
    case publishedImages
    /// Every page and file of the site (`RenderedSite`).
    case pages
    /// The site in its folder, and the build state (`BuildManifest`).
    case output
}
