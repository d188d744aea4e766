/// The metadata an image file carries about itself, as the file holds it and kept apart by where
/// it was found, so the catalog can rank the sources (embedded XMP over IPTC-IIM over EXIF) and
/// map each one's keys to its fields.
package struct EmbeddedMetadata: Sendable, Equatable {
    /// The XMP packet's bytes (JPEG `APP1`, PNG `iTXt`, WebP `XMP `, AVIF `mime` item, GIF
    /// application extension), with a complete Extended XMP merged in; read like an XMP sidecar.
    package var xmp: [UInt8]?
    /// A JPEG's Extended XMP packet, complete and checked against its digest: the properties too
    /// large for the main packet (a long description).
    package var extendedXMP: [UInt8]?
    /// IPTC-IIM datasets from a JPEG's `APP13` (Photoshop resource 0x0404), when any holds text.
    package var iim: IIMRecord?
    /// The EXIF values (IFD0 and the EXIF IFD), when the file has EXIF.
    package var exif: ExifRecord?
    /// What was found broken (an Extended XMP part missing, UTF-16 that does not decode), in
    /// words the catalog turns into warnings naming the image file.
    package var warnings: [String] = []
    /// Whether the file's EXIF or IPTC-IIM records where it was taken (`LocationRecord.inEXIF`,
    /// `LocationRecord.inPhotoshopResources`). Never read further.
    package var hasLocation = false

    package init(xmp: [UInt8]? = nil, iim: IIMRecord? = nil, exif: ExifRecord? = nil, warnings: [String] = []) {
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

    /// Whether the file carries any metadata at all.
    package var isEmpty: Bool { xmp == nil && extendedXMP == nil && iim == nil && exif == nil && warnings.isEmpty }
}
