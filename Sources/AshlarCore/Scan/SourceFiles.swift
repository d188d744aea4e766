/// The source folder on disk, as the catalog stage reads it.
struct SourceFiles: CatalogSource {
    var paths: SitePaths
    /// The source folder's real path, links resolved.
    var realRoot: String

    init(paths: SitePaths) {
        self.paths = paths
        self.realRoot = FileSystem.realPath(paths.source.path) ?? paths.source.path
    }

    func display(_ relative: String) -> String {
        paths.display(relative)
    }

    func read(_ relative: String, upTo limit: Int) -> Result<(bytes: [UInt8], size: Int), RawFile.Failure> {
        RawFile.read(paths.sourceFile(relative), upTo: limit)
    }

    func read(_ relative: String, range: Range<Int>) -> Result<[UInt8], RawFile.Failure> {
        RawFile.read(paths.sourceFile(relative), range: range)
    }

    func whereLeads(_ relative: String) -> PathDestination {
        guard let real = FileSystem.realPath(paths.sourceFile(relative)) else { return .missing }
        return real != realRoot && FileSystem.isInside(real, root: realRoot) ? .inside : .outside
    }
}
