/// What a format's scanner made of a prefix.
enum HeaderScan {
    case header(ImageHeader)
    /// The size is known; optional extras (EXIF orientation) need `needs` bytes.
    case partial(ImageHeader, needs: Int)
    /// The header continues past the prefix; at least this many bytes are needed.
    case needs(Int)
    case invalid(String)
    /// An ISO BMFF file that is not AVIF (HEIC, MP4).
    case notAVIF
}
