/// A kept audio track's `CodecPrivate`, rewritten in place where the codec keeps text there:
/// Vorbis's comment header (a vendor string and `KEY=value` comments, which can name a place or
/// an owner) becomes one with an empty vendor padded with zeros and no comments; FLAC's metadata
/// blocks other than `STREAMINFO`, `PADDING` and `SEEKTABLE` (Vorbis comments, pictures with
/// their own EXIF, applications' blocks, cue sheets) become `PADDING` of the same length.
/// Every other codec's `CodecPrivate` (Opus's `OpusHead`, VP9's features, AV1's `av1C`) holds
/// decoder settings and is kept as it is.
package enum MatroskaCodecPrivate {
    /// The bytes to write over `data`, the `CodecPrivate` of a track of `codec`, or nil when it
    /// is kept as it is; an error when it cannot be read, and so cannot be rewritten.
    static func rewritten(_ data: [UInt8], codec: String) throws(VideoReadError) -> [UInt8]? {
        switch codec {
        case "A_VORBIS": return try vorbis(data)
        case "A_FLAC": return try flac(data)
        default: return nil
        }
    }

    /// Xiph lacing: the packet count less one (2), the sizes of the first two packets (runs of
    /// 255 and a last byte below 255), then the identification, comment and setup headers.
    private static func vorbis(_ data: [UInt8]) throws(VideoReadError) -> [UInt8] {
        let damaged = VideoReadError("WebM Vorbis track's CodecPrivate is damaged")
        guard data.first == 2 else { throw damaged }
        var offset = 1
        var sizes: [Int] = []
        for _ in 0..<2 {
            var size = 0
            while offset < data.count, data[offset] == 255, size < data.count {
                size += 255
                offset += 1
            }
            guard offset < data.count else { throw damaged }
            sizes.append(size + Int(data[offset]))
            offset += 1
        }
        let start = offset + sizes[0]
        let length = sizes[1]
        let header: [UInt8] = [3] + Array("vorbis".utf8)
        guard length >= 16, start <= data.count - length, data[start..<start + 7].elementsEqual(header) else {
            throw damaged
        }
        let vendor = length - 16
        var comment = header + littleEndian(UInt32(vendor)) + [UInt8](repeating: 0, count: vendor)
        comment += littleEndian(0) + [1]
        var rewritten = data
        rewritten.replaceSubrange(start..<start + length, with: comment)
        return rewritten
    }

    /// `fLaC`, then metadata blocks: a byte of the last-block flag and the type, a 24-bit length.
    private static func flac(_ data: [UInt8]) throws(VideoReadError) -> [UInt8] {
        let damaged = VideoReadError("WebM FLAC track's CodecPrivate is damaged")
        guard data.count >= 4, data[0..<4].elementsEqual(Array("fLaC".utf8)) else { throw damaged }
        var rewritten = data
        var offset = 4
        while offset < data.count {
            guard offset <= data.count - 4 else { throw damaged }
            let type = data[offset] & 0x7F
            let length = Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            guard length <= data.count - offset - 4 else { throw damaged }
            if ![0, 1, 3].contains(type) {
                rewritten[offset] = data[offset] & 0x80 | 1
                rewritten.replaceSubrange(
                    offset + 4..<offset + 4 + length, with: [UInt8](repeating: 0, count: length))
            }
            offset += 4 + length
            if data[offset - 4 - length] & 0x80 != 0 { break }
        }
        // Nothing follows the last block in a file a muxer wrote.
        rewritten.replaceSubrange(offset..<data.count, with: [UInt8](repeating: 0, count: data.count - offset))
        return rewritten
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
