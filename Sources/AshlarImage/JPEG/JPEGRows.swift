/// What a JPEG decode that handed its rows on found besides them
/// (``JPEGDecoder/decodeRows(_:scale:limits:checked:into:)``).
struct JPEGRows {
    var width: Int
    var height: Int
    var format: PixelFormat
    /// The embedded ICC profile, its chunks joined.
    var iccProfile: [UInt8]?
    var warnings: [ImageWarning]
}
