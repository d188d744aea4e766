extension ImageHeaderReader {
    /// Reads the first chunk: a lossy `VP8 ` frame header, a lossless `VP8L` header or the
    /// extended `VP8X` canvas, whose `EXIF` and `XMP ` chunks (usually after the image data) give the
    /// date and the text metadata. Its orientation is not used: browsers show WebP pixels as stored, and the
    /// tile must have the shape the browser shows (checked in Chromium by the end-to-end tests).
    static func scanWebP(_ riff: ByteWindow) -> HeaderScan {
        var webp = riff
        webp.bigEndian = false
        guard webp.contains(12, count: 8) else { return .needs(20) }
        if webp.matches("VP8 ", at: 12) {
            guard webp.contains(20, count: 10) else { return .needs(30) }
            guard webp.u8(23) == 0x9D, webp.u8(24) == 0x01, webp.u8(25) == 0x2A,
                let width = webp.u16(26), let height = webp.u16(28)
            else { return .invalid("WebP lossy frame has no start code") }
            return .header(ImageHeader(format: .webp, width: Int(width & 0x3FFF), height: Int(height & 0x3FFF)))
        }
        if webp.matches("VP8L", at: 12) {
            guard webp.contains(20, count: 5) else { return .needs(25) }
            guard webp.u8(20) == 0x2F, let bits = webp.u32(21) else {
                return .invalid("WebP lossless header has the wrong signature")
            }
            let width = Int(bits & 0x3FFF) + 1
            let height = Int((bits >> 14) & 0x3FFF) + 1
            return .header(ImageHeader(format: .webp, width: width, height: height))
        }
        if webp.matches("VP8X", at: 12) {
            guard webp.contains(20, count: 10), let flags = webp.u8(20), let width = webp.u24(24),
                let height = webp.u24(27)
            else { return .needs(30) }
            var header = ImageHeader(format: .webp, width: Int(width) + 1, height: Int(height) + 1)
            // Flags: 0x08 an EXIF chunk, 0x04 an XMP chunk, both usually after the image data.
            var wanted = (exif: flags & 0x08 != 0, xmp: flags & 0x04 != 0)
            guard wanted.exif || wanted.xmp, let firstSize = webp.u32(16), let riffSize = webp.u32(4) else {
                return .header(header)
            }
            // The RIFF header states where the file ends: a flag without its chunk is no reason
            // to read on.
            let riffEnd = Int(riffSize) + 8
            var offset = 20 + Int(firstSize) + Int(firstSize & 1)
            while wanted.exif || wanted.xmp {
                guard offset + 8 <= riffEnd else { return .header(header) }
                guard let chunk = RIFFChunks.chunk(at: offset, byte: webp.u8) else {
                    return .partial(header, needs: offset + 8)
                }
                let isEXIF = wanted.exif && chunk.code == Array("EXIF".utf8)
                let isXMP = wanted.xmp && chunk.code == Array("XMP ".utf8)
                if isEXIF || isXMP {
                    guard webp.contains(0, count: chunk.data.upperBound) else {
                        return .partial(header, needs: chunk.data.upperBound)
                    }
                    let data = webp.window(chunk.data.lowerBound, count: chunk.data.count)
                    if isEXIF {
                        wanted.exif = false
                        let exif = ExifReader.read(tiff: data)
                        header.embedded.exif = exif
                        header.embedded.hasLocation = exif.hasLocation
                        header.embedded.warnings += exif.warnings
                    } else {
                        wanted.xmp = false
                        header.embedded.xmp = Array(data.slice(0, count: data.count) ?? [])
                    }
                }
                offset = chunk.range.upperBound
            }
            return .header(header)
        }
        return .invalid("WebP has no VP8, VP8L or VP8X chunk first")
    }
}
