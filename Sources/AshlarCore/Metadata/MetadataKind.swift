/// What a field's value is, which decides how each reader parses it and how it is stored
/// (`MetadataValue`).
enum MetadataKind: Sendable {
    /// A line or paragraph of text.
    case text
    /// Text that XMP writes as language alternatives (`dc:title`): the reader picks one.
    case languageText
    /// People's names: a list in XMP, exiftool and IIM, joined with ", ".
    case names
    /// A list of keywords, without repeats.
    case keywords
    /// When the photo was taken, with its UTC offset when a source states one.
    case date
    /// A pixel count, 1 to `Sidecar.maximumDimension`.
    case dimension
    /// EXIF orientation, 1 to 8 (exiftool may name it: "Rotate 90 CW").
    case orientation
    /// -1 (rejected) to 5 stars.
    case rating
    /// Any number.
    case number
    /// A number above zero (millimetres, an f-number).
    case positiveNumber
    /// Exposure time as photographers write it: `1/250`, `2.5`.
    case exposure
    /// Exposure compensation in EV, −20 to 20, as cameras write it (`-1/3`, `+0.7`, `0`).
    case exposureCompensation
    /// ISO sensitivity, a positive whole number.
    case sensitivity
    case flag
    /// A path relative to the sidecar's folder, or an `http(s)` URL.
    case source
    /// An `http(s)` URL a page links to.
    case webURL
    /// Smaller copies of the image, for `srcset`.
    case renditions
}
