/// What a PNG's chunks before its image data say: read by the decoder's own chunk reader
/// (``PNGStructure``), with every check it makes there (signature, `IHDR`, chunk order and CRCs),
/// so the gallery's header scan refuses what the decoder refuses before any pixel.
package struct PNGHeader: Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// The `eXIf` and `iTXt` chunks before the image data: their type and where their data lies.
    package var metadataChunks: [MetadataChunk]

    package struct MetadataChunk: Sendable, Equatable {
        /// `eXIf` or `iTXt`.
        package var type: String
        package var data: Range<Int>
    }

    /// The outcome of reading the header from the first bytes of a file.
    package enum Read: Sendable, Equatable {
        case header(PNGHeader)
        /// The bytes end before the first `IDAT` chunk's header: read at least this many.
        case needsMoreBytes(Int)
        /// The decoder would refuse the file; the error says why.
        case failure(ImageError)
    }

    /// Reads the chunks up to the image data from `prefix`, the first bytes of a file (the whole
    /// file when `isWholeFile`).
    package static func read(_ prefix: [UInt8], isWholeFile: Bool, limits: ImageLimits = .default) -> Read {
        var needed: Int?
        do throws(ImageError) {
            let structure = try PNGStructure(prefix, headerOnly: true, isWholeFile: isWholeFile, needed: &needed)
            let info = structure.info
            if let error = PNGDecoder.refusal(of: info, limits: limits) { return .failure(error) }
            return .header(
                PNGHeader(
                    width: info.width, height: info.height,
                    metadataChunks: structure.chunks.filter { $0.type == "eXIf" || $0.type == "iTXt" }.map {
                        MetadataChunk(type: $0.type, data: $0.data)
                    }))
        } catch {
            if !isWholeFile, let needed { return .needsMoreBytes(max(needed, prefix.count + 1)) }
            return .failure(error)
        }
    }
}
