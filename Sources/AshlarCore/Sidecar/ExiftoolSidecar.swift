/// `exiftool -json` output saved beside a photo, with or without `-n` (numbers instead of
/// exiftool's printed values) and with or without `-G` group prefixes (`EXIF:Make`).
///
/// exiftool writes hundreds of tags, so unknown keys are ignored. A tag this reader uses that
/// holds something unexpected is a warning naming the tag; the field is left `nil`.
package enum ExiftoolSidecar {
    static let objectKeys = JSONObjectReader.Keys(
        names: nil, noun: "an exiftool tag", nullMeansAbsent: true, readsFirstOfRepeated: true)

    /// Reads exiftool's JSON; `path` is used only in diagnostics.
    package static func read(_ bytes: [UInt8], path: String) -> SidecarReading {
        Sidecar.parseJSON(bytes, path: path) { read($0, path: path) }
    }

    /// Reads already parsed exiftool output.
    package static func read(_ document: JSONDocument, path: String) -> SidecarReading {
        let root = document.root
        let entry: JSONValue
        var second: JSONValue?
        switch root.kind {
        case .object:
            entry = root
        case .array(let items):
            guard let first = items.first, first.members != nil else {
                let found = items.first.map { "a list holding \($0.typeDescription)" } ?? "an empty list"
                return structureError(found: found, document: document, path: path)
            }
            entry = first
            second = items.dropFirst().first
        default:
            return structureError(found: document.found(root), document: document, path: path)
        }
        var reader = JSONObjectReader(entry, keys: objectKeys, in: document, path: path, severity: .warning)
        if let second, case .array(let items) = root.kind {
            reader.report(
                "exiftool output describes \(items.count) files; only the first is read", at: second.offset, key: nil)
        }
        let metadata = ExiftoolTags(reader).metadata(reporting: &reader)
        return SidecarReading(metadata: metadata, diagnostics: reader.diagnostics)
    }

    private static func structureError(found: String, document: JSONDocument, path: String) -> SidecarReading {
        let message = "exiftool output must be a list holding one object, found \(found)"
        let location = document.location(of: document.root.offset)
        return SidecarReading(diagnostics: [.error(message, path: path, at: location)])
    }
}
