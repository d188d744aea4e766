import Glibc

/// The text an image file carries about itself, kept apart by where it was found so the catalog
/// can rank the sources: embedded XMP over IPTC-IIM over EXIF text (see `MetadataPrecedence`).
package struct EmbeddedMetadata: Sendable, Equatable {
    /// The XMP packet's bytes (JPEG `APP1`, PNG `iTXt`, WebP `XMP `, AVIF `mime` item, GIF
    /// application extension), with a complete Extended XMP merged in; read like an XMP sidecar.
    package var xmp: [UInt8]?
    /// A JPEG's Extended XMP packet, complete and checked against its digest: the properties too
    /// large for the main packet (a long description).
    package var extendedXMP: [UInt8]?
    /// IPTC-IIM fields from a JPEG's `APP13` (Photoshop resource 0x0404).
    package var iim: PhotoMetadata?
    /// EXIF text fields: `ImageDescription`, `Artist`, `Copyright`, `UserComment` and the Windows
    /// `XP…` tags.
    package var exif: PhotoMetadata?
    /// What was found broken (an Extended XMP part missing, UTF-16 that does not decode), in
    /// words the catalog turns into warnings naming the image file.
    package var warnings: [String] = []
    /// Whether the file states where it was taken (an EXIF GPS IFD). Never read further.
    package var hasLocation = false

    package init(xmp: [UInt8]? = nil, iim: PhotoMetadata? = nil, exif: PhotoMetadata? = nil, warnings: [String] = []) {
        self.xmp = xmp
        self.iim = iim
        self.exif = exif
        self.warnings = warnings
    }

    /// Whether the file states where it was taken: an EXIF GPS IFD, or GPS coordinates in its
    /// XMP (`exif:GPSLatitude`, whatever the prefix).
    package var carriesLocation: Bool {
        if hasLocation { return true }
        let name = Array("GPSLatitude".utf8)
        return [xmp, extendedXMP].contains { packet in
            guard let packet, packet.count >= name.count else { return false }
            return packet.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return false }
                var start = 0
                // memchr finds each 'G'; only there are the other ten bytes compared.
                while start + name.count <= bytes.count,
                    let found = memchr(base + start, Int32(name[0]), bytes.count - name.count + 1 - start)
                {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if bytes[index..<(index + name.count)].elementsEqual(name) { return true }
                    start = index + 1
                }
                return false
            }
        }
    }

    /// Whether the file carries any text metadata at all.
    package var isEmpty: Bool { xmp == nil && extendedXMP == nil && iim == nil && exif == nil && warnings.isEmpty }
}
