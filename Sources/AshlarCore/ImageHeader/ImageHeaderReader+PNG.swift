import AshlarImage

extension ImageHeaderReader {
    /// Reads `IHDR`, then the chunks before the image data: `eXIf` for the orientation, date and
    /// EXIF text, `iTXt` `XML:com.adobe.xmp` for XMP. Text chunks after the image data are not
    /// read: that would mean reading the whole image (exiftool and Lightroom write them before).
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
        var sawEXIF = false
        while true {
            guard let length = png.u32(offset), png.contains(offset + 4, count: 4) else {
                return .partial(header, needs: offset + 8)
            }
            guard length < 0x8000_0000 else { return .header(header) }
            if png.matches("IDAT", at: offset + 4) || png.matches("IEND", at: offset + 4) { return .header(header) }
            let chunkEnd = offset + 12 + Int(length)
            let isEXIF = png.matches("eXIf", at: offset + 4)
            let isText = png.matches("iTXt", at: offset + 4)
            if isEXIF || isText {
                guard png.contains(0, count: chunkEnd) else { return .partial(header, needs: chunkEnd) }
                let data = png.window(offset + 8, count: Int(length))
                if isEXIF, !sawEXIF {
                    sawEXIF = true
                    let exif = ExifReader(tiff: data)
                    header.orientation = exif.orientation ?? 1
                    header.date = exif.date
                    header.embedded.exif = exif.text.metadata
                    header.embedded.hasLocation = exif.hasLocation
                    header.embedded.warnings += exif.warnings
                } else if isText, header.embedded.xmp == nil {
                    switch xmpText(data) {
                    case .success(let xmp): header.embedded.xmp = xmp
                    case .failure(let problem):
                        if let message = problem.message { header.embedded.warnings.append(message) }
                    }
                }
            }
            offset = chunkEnd
        }
    }

    /// Why an `iTXt` chunk gave no XMP: another keyword (no message), or damage.
    struct TextChunkProblem: Error {
        var message: String?
    }

    /// The text of an `iTXt` chunk whose keyword is `XML:com.adobe.xmp`, inflated if compressed
    /// (at most `PNGMetadata.xmpLimit` bytes).
    static func xmpText(_ chunk: ByteWindow) -> Result<[UInt8], TextChunkProblem> {
        // Other text chunks are not copied.
        guard chunk.matches("XML:com.adobe.xmp\0", at: 0) else { return .failure(TextChunkProblem(message: nil)) }
        switch PNGMetadata.xmpPacket(fromITXt: Array(chunk.slice(0, count: chunk.count) ?? [])) {
        case .success(let packet):
            return .success(packet)
        case .failure(.otherKeyword):
            return .failure(TextChunkProblem(message: nil))
        case .failure(.damaged):
            return .failure(TextChunkProblem(message: "its XMP (iTXt) chunk is damaged"))
        case .failure(.cannotInflate(let reason)):
            return .failure(TextChunkProblem(message: "its compressed XMP (iTXt) chunk cannot be read: \(reason)"))
        }
    }
}
