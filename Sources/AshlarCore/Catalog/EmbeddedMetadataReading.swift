import AshlarImage

/// An image file's own metadata as the catalog ranks it: embedded XMP (with its Extended XMP)
/// over IPTC-IIM over EXIF, each mapped to fields by the field table, merged into one layer that
/// sits under every sidecar.
struct EmbeddedMetadataReading {
    private(set) var metadata = PhotoMetadata()
    private(set) var diagnostics: [Diagnostic] = []

    /// The fields the IIM and XMP may disagree on, by their names in messages.
    static func comparedFields(_ metadata: PhotoMetadata) -> KeyValuePairs<String, String?> {
        [
            "title": metadata.title, "caption": metadata.caption, "creator": metadata.creator,
            "rights": metadata.rights, "keywords": metadata.tags?.joined(separator: ", "),
        ]
    }

    /// - Parameters:
    ///   - path: the image file as diagnostics name it.
    ///   - reportConflicts: warn where the IIM and the XMP disagree (`--strict`); the XMP wins
    ///     either way, as the Metadata Working Group advises.
    init(_ embedded: EmbeddedMetadata, path: String, language: String?, reportConflicts: Bool) {
        var xmp = PhotoMetadata()
        for (packet, name) in [(embedded.xmp, "XMP"), (embedded.extendedXMP, "Extended XMP")] {
            guard let packet else { continue }
            let reading = XMPSidecar.read(packet, path: path, language: language)
            xmp = xmp.merged(over: reading.metadata)
            // The packet's lines and columns are not the image file's: the messages say which
            // packet instead.
            diagnostics += reading.diagnostics.map { diagnostic in
                Diagnostic(
                    .warning, path: path, key: diagnostic.key, message: "its embedded \(name): \(diagnostic.message)")
            }
        }
        // Size and orientation come from the image itself, never from what its XMP says.
        for field in MetadataField.allCases where field.definition.merge == .imageFile { xmp[field] = nil }
        diagnostics += embedded.warnings.map { Diagnostic(.warning, path: path, message: $0) }
        let iim = embedded.iim.map(IIMFields.metadata)
        if reportConflicts, let iim, embedded.xmp != nil {
            for ((name, fromXMP), (_, fromIIM)) in zip(Self.comparedFields(xmp), Self.comparedFields(iim)) {
                guard let fromXMP, let fromIIM, fromXMP != fromIIM else { continue }
                // The XMP's keywords may add to the IIM's (Lightroom's hierarchical ones).
                if name == "keywords", Set(iim.tags ?? []).isSubset(of: xmp.tags ?? []) { continue }
                diagnostics.append(
                    .warning(
                        "its IPTC-IIM and XMP disagree on the \(name) (\(fromIIM.quotedForMessage) and \(fromXMP.quotedForMessage)); the XMP is used",
                        path: path))
            }
        }
        let exif = embedded.exif.map(ExifFields.metadata) ?? PhotoMetadata()
        metadata = xmp.merged(over: iim ?? PhotoMetadata()).merged(over: exif)
    }
}
