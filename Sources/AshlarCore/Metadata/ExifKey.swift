/// Where a field's value is in an image's EXIF (`ExifRecord`), and how the tag's value is read.
enum ExifKey: Sendable {
    /// A text tag as it is.
    case text(Int)
    /// A text tag, unless it holds what cameras write when the photographer wrote nothing
    /// (`ExifFields.cameraDefaults`).
    case caption(Int)
    /// Names separated by `;` (Windows' `XPAuthor`), joined with ", ".
    case names(Int)
    /// Keywords separated by `;` (Windows' `XPKeywords`).
    case keywords(Int)
    /// A rational within `range`, else nothing.
    case rational(Int, ClosedRange<Double>)
    /// A SHORT or LONG within `range`, as a number, else nothing.
    case wholeNumber(Int, ClosedRange<Double>)
    /// An exposure time in seconds.
    case exposure(Int)
    /// The first of these sensitivity tags that holds a plausible value (65535 means "look in
    /// the newer tags").
    case sensitivity([Int])
    /// The lens model, with the lens make in front when it is not the camera's
    /// (`ExifFields.lens`).
    case lens(make: Int, model: Int)
    /// A date and time, with the tag holding its UTC offset.
    case date(Int, offset: Int)
}
