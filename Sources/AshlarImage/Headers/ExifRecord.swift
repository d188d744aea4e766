/// What an image's EXIF holds, by tag, as `ExifReader` found it in IFD0 and the EXIF IFD: the
/// media-level result that AshlarCore's metadata field table maps to a photo's fields.
package struct ExifRecord: Sendable, Equatable {
    /// ASCII values decoded (UTF-8 when valid, else Latin-1) up to their first NUL, trimmed;
    /// `Copyright`'s two notices joined by "; "; the Windows `XP…` tags and `UserComment` decoded
    /// from their own encodings. Empty text is left out.
    package var texts: [Int: String] = [:]
    /// The first RATIONAL value of an entry (`ExposureTime`, `FNumber`, `FocalLength`), unchecked.
    package var rationals: [Int: Double] = [:]
    /// The first SHORT or LONG value of an entry (the sensitivity tags), unchecked.
    package var integers: [Int: Int] = [:]
    /// `Orientation`, 1 to 8, when stated and valid.
    package var orientation: Int?
    /// Whether the EXIF records where the photo was taken (`TIFFReader.recordsLocation`, which
    /// `LocationRecord.inEXIF` answers with).
    package var hasLocation = false
    /// Text values that could not be decoded, in words naming the tag.
    package var warnings: [String] = []

    package init() {}
}
