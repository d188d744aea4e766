extension ImageHeaderReader {
    /// The logical screen size.
    static func scanGIF(_ gif: ByteWindow) -> HeaderScan {
        var gif = gif
        gif.bigEndian = false
        guard let width = gif.u16(6), let height = gif.u16(8) else { return .needs(10) }
        return .header(ImageHeader(format: .gif, width: Int(width), height: Int(height)))
    }
}
