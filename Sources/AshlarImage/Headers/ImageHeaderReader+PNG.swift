extension ImageHeaderReader {
    /// Reads the chunks before the image data with AshlarImage's own reader (`PNGHeader`), so
    /// the scan refuses what the decoder refuses there, then `eXIf` for the orientation and the
    /// EXIF values and `iTXt` `XML:com.adobe.xmp` for XMP. Text chunks after the image data are not
    /// read: that would mean reading the whole image (exiftool and Lightroom write them before).
    static func scanPNG(_ prefix: [UInt8], isWholeFile: Bool) -> HeaderScan {
        let png: PNGHeader
        switch PNGHeader.read(prefix, isWholeFile: isWholeFile) {
        case .failure(let error): return .invalid(ImageFormat.png.describing(error))
        case .needsMoreBytes(let needed): return .needs(needed)
        case .header(let read): png = read
        }
        var header = ImageHeader(format: .png, width: png.width, height: png.height)
        var sawEXIF = false
        let bytes = ByteWindow(prefix)
        for chunk in png.metadataChunks {
            let data = bytes.window(chunk.data.lowerBound, count: chunk.data.count)
            if chunk.type == "eXIf", !sawEXIF {
                sawEXIF = true
                let exif = ExifReader.read(tiff: data)
                header.orientation = exif.orientation ?? 1
                header.embedded.exif = exif
                header.embedded.hasLocation = exif.hasLocation
                header.embedded.warnings += exif.warnings
            } else if chunk.type == "iTXt", header.embedded.xmp == nil {
                switch xmpText(data) {
                case .success(let xmp): header.embedded.xmp = xmp
                case .failure(let problem):
                    if let message = problem.message { header.embedded.warnings.append(message) }
                }
            }
        }
        return .header(header)
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
