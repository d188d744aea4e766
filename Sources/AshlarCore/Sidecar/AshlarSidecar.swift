/// Ashlar's own sidecar: a JSON object beside the photo (`IMG_2041.jpg.json`) that states what the
/// photographer wants shown. Every key is optional and `null` counts as absent.
///
/// Invalid values are errors that name the key and point at the value; the field is left `nil`
/// and reading goes on. Unknown keys are warnings with a "did you mean".
package enum AshlarSidecar {
    /// Every key a sidecar may have, in the order the documentation lists them: the fields' names.
    package static let keys = MetadataField.allCases.map(\.name)

    static let objectKeys = JSONObjectReader.Keys(names: keys, noun: "a sidecar key", nullMeansAbsent: true)

    /// Reads a sidecar's bytes; `path` is used only in diagnostics.
    package static func read(_ bytes: [UInt8], path: String) -> SidecarReading {
        Sidecar.parseJSON(bytes, path: path) { read($0, path: path) }
    }

    /// Reads an already parsed sidecar.
    package static func read(_ document: JSONDocument, path: String) -> SidecarReading {
        let (metadata, diagnostics) = JSONObjectReader.read(
            document, path: path, name: "a sidecar", keys: objectKeys
        ) { sidecar in
            var metadata = PhotoMetadata()
            for field in MetadataField.allCases { metadata[field] = sidecar.value(of: field) }
            return metadata
        }
        return SidecarReading(metadata: metadata ?? PhotoMetadata(), diagnostics: diagnostics)
    }
}
