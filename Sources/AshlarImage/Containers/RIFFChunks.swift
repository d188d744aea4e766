/// The chunks of a RIFF file (WebP): each chunk's four-character code and where its data lies.
/// Sizes are checked against the file; an odd-sized chunk is followed by one pad byte.
package struct RIFFChunks: Sendable, Equatable {
    package struct Chunk: Sendable, Equatable {
        /// The four-character code, as bytes (`VP8 `, `VP8X`, `EXIF`, `XMP `, …).
        package var code: [UInt8]
        /// The chunk's data, without its 8-byte header and pad byte.
        package var data: Range<Int>
        /// The whole chunk: header, data and pad byte.
        package var range: Range<Int>
    }

    /// The form type after `RIFF` and the size (`WEBP`).
    package var form: [UInt8]
    package var chunks: [Chunk]

    /// Walks a whole RIFF file; throws when it is not one or a chunk runs past the end (a final
    /// pad byte may be missing, as some writers leave it out).
    package init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)) else {
            throw ImageError(.malformed, "not a RIFF file (it does not start with RIFF)")
        }
        form = Array(bytes[8..<12])
        chunks = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            let dataStart = offset + 8
            guard size <= bytes.count - dataStart else {
                throw ImageError(
                    .malformed, "RIFF chunk at byte \(offset) runs past the end of the file (\(size) bytes)")
            }
            let end = min(dataStart + size + (size & 1), bytes.count)
            chunks.append(
                Chunk(code: Array(bytes[offset..<offset + 4]), data: dataStart..<dataStart + size, range: offset..<end))
            offset = end
        }
    }
}
