extension ImageHeaderReader {
    /// Reads `IHDR`, then looks for an `eXIf` chunk before the image data for the orientation.
    static func scanPNG(_ png: ByteWindow) -> HeaderScan {
        guard png.contains(0, count: 24) else { return .needs(24) }
        guard png.matches("IHDR", at: 12), let width = png.u32(16), let height = png.u32(20) else {
            return .invalid("PNG does not start with an IHDR chunk")
        }
        var header = ImageHeader(format: .png, width: Int(width), height: Int(height))
        guard let ihdrLength = png.u32(8), ihdrLength == 13 else {
            return .invalid("PNG IHDR chunk has the wrong length")
        }
        var offset = 8 + 12 + 13
        while true {
            guard let length = png.u32(offset), png.contains(offset + 4, count: 4) else {
                return .partial(header, needs: offset + 8)
            }
            guard length < 0x8000_0000 else { return .header(header) }
            if png.matches("IDAT", at: offset + 4) || png.matches("IEND", at: offset + 4) { return .header(header) }
            let chunkEnd = offset + 12 + Int(length)
            if png.matches("eXIf", at: offset + 4) {
                guard png.contains(0, count: chunkEnd) else { return .partial(header, needs: chunkEnd) }
                let exif = ExifReader(tiff: png.window(offset + 8, count: Int(length)))
                header.orientation = exif.orientation ?? 1
                header.date = exif.date
                header.description = exif.description
                return .header(header)
            }
            offset = chunkEnd
        }
    }
}
