extension ImageHeaderReader {
    /// The logical screen size, then the extensions before the first image for an XMP packet
    /// (the `XMP DataXMP` application extension, as exiftool and Adobe write it). The blocks are
    /// walked by `GIFBlocks`, the reader that makes a GIF's published copy.
    static func scanGIF(_ gif: ByteWindow) -> HeaderScan {
        var gif = gif
        gif.bigEndian = false
        guard let width = gif.u16(6), let height = gif.u16(8) else { return .needs(10) }
        var header = ImageHeader(format: .gif, width: Int(width), height: Int(height))
        guard let flags = gif.u8(10) else { return .header(header) }
        var offset = GIFBlocks.blocksStart(flags: flags)
        let xmpIdentifier = Array("XMP DataXMP".utf8)
        while true {
            switch GIFBlocks.step(at: offset, byte: gif.u8) {
            case .needs(let count):
                return .partial(header, needs: count)
            case .block(let block):
                guard case .extension(_, let identifier) = block.kind else {
                    // An image ends the search.
                    return .header(header)
                }
                if identifier == xmpIdentifier {
                    // The packet's bytes double as sub-block sizes; a 257-byte "magic trailer" and
                    // the terminator follow it.
                    let packetStart = block.range.lowerBound + 14
                    let packetEnd = block.range.upperBound - 258
                    if packetEnd > packetStart, let packet = gif.slice(packetStart, count: packetEnd - packetStart) {
                        header.embedded.xmp = Array(packet)
                    }
                    return .header(header)
                }
                offset = block.range.upperBound
            case .trailer, .unknown:
                // The trailer or damage ends the search.
                return .header(header)
            }
        }
    }
}
