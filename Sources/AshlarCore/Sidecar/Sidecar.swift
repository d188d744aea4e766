import AshlarImage

/// Limits and entry points shared by the sidecar readers.
package enum Sidecar {
    /// Sidecars larger than this are refused before they are read: 1 MiB.
    package static let maximumSize = SmallFile.maximumSize

    /// The largest width or height, in pixels, that a photo may have.
    package static let maximumDimension = ImageHeaderReader.maximumDimension

    /// The error for a sidecar of `byteCount` bytes, or nil when the size is acceptable.
    /// Call it with the file's size before reading it.
    package static func sizeDiagnostic(byteCount: Int, path: String) -> Diagnostic? {
        SmallFile.sizeDiagnostic(byteCount: byteCount, path: path, kind: "sidecar")
    }

    /// The kinds of sidecar Ashlar reads.
    package enum Format: String, Sendable, Equatable, CaseIterable {
        /// Ashlar's own JSON object.
        case ashlar
        /// `exiftool -json` output, with or without `-n`.
        case exiftool
        /// An XMP packet (`.xmp`).
        case xmp
    }

    /// The format of a sidecar, from its file name and, for JSON, its first significant byte:
    /// `exiftool -json` writes a list, Ashlar sidecars are objects.
    package static func format(path: String, bytes: [UInt8]) -> Format {
        if path.lowercased().hasSuffix(".xmp") { return .xmp }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") { return .exiftool }
        return .ashlar
    }

    /// Reads a sidecar of any format; see `format(path:bytes:)`.
    /// `language` picks among XMP language alternatives (`en` matches `en-GB`).
    package static func read(_ bytes: [UInt8], path: String, language: String? = nil) -> SidecarReading {
        switch format(path: path, bytes: bytes) {
        case .ashlar: AshlarSidecar.read(bytes, path: path)
        case .exiftool: ExiftoolSidecar.read(bytes, path: path)
        case .xmp: XMPSidecar.read(bytes, path: path, language: language)
        }
    }

    /// Checks a JSON sidecar's size and parses it, then hands the document to `read`; a file too
    /// large or not JSON is a reading with just that error.
    static func parseJSON(_ bytes: [UInt8], path: String, then read: (JSONDocument) -> SidecarReading) -> SidecarReading
    {
        if let tooLarge = sizeDiagnostic(byteCount: bytes.count, path: path) {
            return SidecarReading(diagnostics: [tooLarge])
        }
        do {
            return read(try JSONDocument(bytes: bytes))
        } catch {
            return SidecarReading(diagnostics: [error.diagnostic(path: path, bytes: bytes)])
        }
    }
}
