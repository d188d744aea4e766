/// Files Ashlar reads whole — sidecars, `ashlar.json`, `album.json`, templates — are text people
/// write: at most 1 MiB each, so no one file can make a build read or render megabytes of it.
enum SmallFile {
    static let maximumSize = 1 << 20

    /// The error for a file of `byteCount` bytes, or nil when the size is acceptable. `kind`
    /// names the file in the message: "sidecar", "album.json", "template".
    static func sizeDiagnostic(byteCount: Int, path: String, kind: String) -> Diagnostic? {
        guard byteCount > maximumSize else { return nil }
        return .error("\(kind) is larger than 1 MiB (\(byteCount) bytes)", path: path)
    }
}
