extension ImageHeaderReader {
    /// The logical screen size, then the extensions before the first image for an XMP packet
    /// (the `XMP DataXMP` application extension, as exiftool and Adobe write it).
    static func scanGIF(_ gif: ByteWindow) -> HeaderScan {
        var gif = gif
        gif.bigEndian = false
        guard let width = gif.u16(6), let height = gif.u16(8) else { return .needs(10) }
        var header = ImageHeader(format: .gif, width: Int(width), height: Int(height))
        guard let flags = gif.u8(10) else { return .header(header) }
        var offset = 13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0)
        while true {
            guard let introducer = gif.u8(offset) else { return .partial(header, needs: offset + 1) }
            // Anything but an extension (an image, the trailer, damage) ends the search.
            guard introducer == 0x21, let label = gif.u8(offset + 1) else { return .header(header) }
            let dataStart = offset + 2
            let isXMP = label == 0xFF && gif.u8(dataStart) == 11 && gif.matches("XMP DataXMP", at: dataStart + 1)
            // Sub-blocks: a size byte, then that many bytes, until a size of zero.
            var block = isXMP ? dataStart + 12 : dataStart
            while true {
                guard let size = gif.u8(block) else { return .partial(header, needs: block + 1) }
                block += 1 + Int(size)
                if size == 0 { break }
            }
            if isXMP {
                // The packet's bytes double as sub-block sizes; a 257-byte "magic trailer" and the
                // terminator follow it.
                let packetEnd = block - 258
                if packetEnd > dataStart + 12, let packet = gif.slice(dataStart + 12, count: packetEnd - dataStart - 12)
                {
                    header.embedded.xmp = Array(packet)
                }
                return .header(header)
            }
            offset = block
        }
    }
}
