/// Which metadata wins when a photo has several sources: Ashlar JSON over XMP over exiftool JSON,
/// and the image file's own header weakest of all. Among sidecars of one format, the first (in
/// file-name order) wins.
enum MetadataPrecedence {
    /// Lower is stronger.
    static func strength(_ format: Sidecar.Format) -> Int {
        switch format {
        case .ashlar: 0
        case .xmp: 1
        case .exiftool: 2
        }
    }

    /// One sidecar's reading, and where it came from.
    struct Entry: Sendable {
        var format: Sidecar.Format
        /// The sidecar's position among the photo's sidecars.
        var index: Int
        var reading: SidecarReading
        /// The sidecar's path as diagnostics name it.
        var path: String
    }

    /// `entries` strongest first.
    static func ordered(_ entries: [Entry]) -> [Entry] {
        entries.sorted { (strength($0.format), $0.index) < (strength($1.format), $1.index) }
    }

    /// The sidecars' metadata merged, each field from the strongest sidecar that has it.
    static func merged(_ ordered: [Entry]) -> PhotoMetadata {
        // The strongest as it is (merging it over nothing would give it back field by field).
        guard var metadata = ordered.first?.reading.metadata else { return PhotoMetadata() }
        for entry in ordered.dropFirst() { metadata = metadata.merged(over: entry.reading.metadata) }
        return metadata
    }
}
