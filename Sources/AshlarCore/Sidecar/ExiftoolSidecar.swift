/// `exiftool -json` output saved beside a photo, with or without `-n` (numbers instead of
/// exiftool's printed values) and with or without `-G` group prefixes (`EXIF:Make`).
///
/// exiftool writes hundreds of tags, so unknown keys are ignored. A tag this reader uses that
/// holds something unexpected is a warning naming the tag; the field is left `nil`.
public enum ExiftoolSidecar {
    /// Reads exiftool's JSON; `path` is used only in diagnostics.
    public static func read(_ bytes: [UInt8], path: String) -> SidecarReading {
        Sidecar.parseJSON(bytes, path: path) { read($0, path: path) }
    }

    /// Reads already parsed exiftool output.
    public static func read(_ document: JSONDocument, path: String) -> SidecarReading {
        var fields = JSONFieldReader(document: document, path: path, severity: .warning)
        let root = document.root
        let entry: JSONValue
        switch root.kind {
        case .object:
            entry = root
        case .array(let items):
            guard let first = items.first, first.members != nil else {
                let found = items.first.map { "a list holding \($0.typeDescription)" } ?? "an empty list"
                fields.report(
                    "exiftool output must be a list holding one object, found \(found)", at: root.offset, key: nil,
                    severity: .error)
                return SidecarReading(diagnostics: fields.diagnostics)
            }
            if items.count > 1 {
                fields.report(
                    "exiftool output describes \(items.count) files; only the first is read", at: items[1].offset,
                    key: nil)
            }
            entry = first
        default:
            fields.report(
                "exiftool output must be a list holding one object, found \(root.typeDescription)", at: root.offset,
                key: nil, severity: .error)
            return SidecarReading(diagnostics: fields.diagnostics)
        }
        let tags = ExiftoolTags(entry)
        let metadata = tags.metadata(reporting: &fields)
        // Tags are read in order of importance; findings are listed in the file's order, as XMP's are.
        let diagnostics = fields.diagnostics.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        return SidecarReading(metadata: metadata, diagnostics: diagnostics)
    }
}
