import AshlarImage

/// An XMP sidecar (`IMG_2041.xmp`, `IMG_2041.jpg.xmp`) as Lightroom, darktable, exiftool and
/// others write it. Properties are matched by namespace URI, whatever prefix the file uses.
///
/// A document with a DTD or entity declarations is refused before parsing, so XXE and entity
/// expansion attacks are an error for that file and nothing more. A property this reader uses
/// that holds something unexpected is a warning naming it; the field is left `nil`.
package enum XMPSidecar {
    /// Reads an XMP sidecar's bytes; `path` is used only in diagnostics.
    /// - Parameter language: picks among language alternatives (`dc:title`, `dc:description`):
    ///   an exact match, then one of the same language (`en` matches `en-GB`), then `x-default`,
    ///   then the first.
    package static func read(_ bytes: [UInt8], path: String, language: String? = nil) -> SidecarReading {
        if let tooLarge = Sidecar.sizeDiagnostic(byteCount: bytes.count, path: path) {
            return SidecarReading(diagnostics: [tooLarge])
        }
        let packet: XMPPacket
        switch XMPPacketReader.read(bytes, properties: XMPFieldReader.properties) {
        case .success(let read): packet = read
        case .failure(let failure):
            let location = failure.position.map { SourceLocation(line: $0.line, column: $0.column) }
            return SidecarReading(diagnostics: [.error(failure.message, path: path, at: location)])
        }
        var fields = XMPFieldReader(packet: packet, source: bytes, path: path, language: language)
        let metadata = fields.metadata()
        let diagnostics = fields.diagnostics.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        return SidecarReading(metadata: metadata, diagnostics: diagnostics)
    }
}
