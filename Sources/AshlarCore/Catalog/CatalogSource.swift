/// How the catalog stage reads the source tree: files by their path relative to the source root,
/// so the stage can be tested without a disk (`Scan/SourceFiles` is the disk's).
protocol CatalogSource: Sendable {
    /// The path as diagnostics name it (`photos/rome/IMG_1.json`).
    func display(_ relative: String) -> String
    /// Up to `limit` bytes from the start of the file, and the file's size.
    func read(_ relative: String, upTo limit: Int) -> Result<(bytes: [UInt8], size: Int), RawFile.Failure>
    /// The bytes of `range` of the file (a camera RAW's preview); fewer when the file ends first.
    func read(_ relative: String, range: Range<Int>) -> Result<[UInt8], RawFile.Failure>
    /// Where a path leads once links are followed.
    func whereLeads(_ relative: String) -> PathDestination
}

extension CatalogSource {
    /// By reading the file from its start: for sources that are not on disk (tests).
    func read(_ relative: String, range: Range<Int>) -> Result<[UInt8], RawFile.Failure> {
        read(relative, upTo: range.upperBound).map { read in
            Array(read.bytes[min(range.lowerBound, read.bytes.count)..<min(range.upperBound, read.bytes.count)])
        }
    }
}

/// Where a path in the source tree leads once links are followed.
enum PathDestination: Sendable, Equatable {
    case missing
    /// Out of the source folder (or to the folder itself).
    case outside
    case inside
}
