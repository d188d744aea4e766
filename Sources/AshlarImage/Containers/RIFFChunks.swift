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

    /// The chunk whose 8-byte header starts at `offset`, reading bytes through `byte` (nil past
    /// the bytes available): its code, its data and its whole extent with the pad byte, as the
    /// header states them, whether or not those bytes are there; nil when the header is not. The
    /// one reading of a chunk header: the whole-file walk here and the header scan, which sees
    /// only the start of a file, both take it.
    package static func chunk(at offset: Int, byte: (Int) -> UInt8?) -> Chunk? {
        var header: [UInt8] = []
        for position in offset..<offset + 8 {
            guard let value = byte(position) else { return nil }
            header.append(value)
        }
        let size = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
        let dataStart = offset + 8
        return Chunk(
            code: Array(header[0..<4]), data: dataStart..<dataStart + size,
            range: offset..<dataStart + size + (size & 1))
    }

    /// Walks a whole RIFF file; throws when it is not one or a chunk runs past the end (a final
    /// pad byte may be missing, as some writers leave it out).
    package init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)) else {
            throw ImageError(.malformed, "not a RIFF file (it does not start with RIFF)")
        }
        form = Array(bytes[8..<12])
        chunks = []
        var offset = 12
        while var chunk = Self.chunk(at: offset, byte: { $0 < bytes.count ? bytes[$0] : nil }) {
            guard chunk.data.upperBound <= bytes.count else {
                throw ImageError(
                    .malformed,
                    "RIFF chunk at byte \(offset) runs past the end of the file (\(chunk.data.count) bytes)")
            }
            chunk.range = offset..<min(chunk.range.upperBound, bytes.count)
            chunks.append(chunk)
            offset = chunk.range.upperBound
        }
    }
}
