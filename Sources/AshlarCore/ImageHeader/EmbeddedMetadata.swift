import AshlarImage

/// The text an image file carries about itself, kept apart by where it was found so the catalog
/// can rank the sources: embedded XMP over IPTC-IIM over EXIF (see `MetadataPrecedence`).
package struct EmbeddedMetadata: Sendable, Equatable {
    /// The XMP packet's bytes (JPEG `APP1`, PNG `iTXt`, WebP `XMP `, AVIF `mime` item, GIF
    /// application extension), with a complete Extended XMP merged in; read like an XMP sidecar.
    package var xmp: [UInt8]?
    /// A JPEG's Extended XMP packet, complete and checked against its digest: the properties too
    /// large for the main packet (a long description).
    package var extendedXMP: [UInt8]?
    /// IPTC-IIM fields from a JPEG's `APP13` (Photoshop resource 0x0404).
    package var iim: PhotoMetadata?
    /// EXIF fields: the text (`ImageDescription`, `Artist`, `Copyright`, `UserComment`, the
    /// Windows `XP…` tags) and the camera (make, model, lens, exposure, f-number, ISO, focal length).
    package var exif: PhotoMetadata?
    /// What was found broken (an Extended XMP part missing, UTF-16 that does not decode), in
    /// words the catalog turns into warnings naming the image file.
    package var warnings: [String] = []
    /// Whether the file's EXIF or IPTC-IIM records where it was taken (`LocationRecord.inEXIF`,
    /// `LocationRecord.inPhotoshopResources`). Never read further.
    package var hasLocation = false

    package init(xmp: [UInt8]? = nil, iim: PhotoMetadata? = nil, exif: PhotoMetadata? = nil, warnings: [String] = []) {
        self.xmp = xmp
        self.iim = iim
        self.exif = exif
        self.warnings = warnings
    }

    /// Whether the file states where it was taken: its EXIF, IPTC-IIM or XMP, as AshlarImage's
    /// `LocationRecord` finds it (the one answer the rewriters strip by).
    package var carriesLocation: Bool {
        hasLocation || [xmp, extendedXMP].contains { $0.map(LocationRecord.inXMP) ?? false }
    }

    /// Whether the file carries any text metadata at all.
    package var isEmpty: Bool { xmp == nil && extendedXMP == nil && iim == nil && exif == nil && warnings.isEmpty }
}
