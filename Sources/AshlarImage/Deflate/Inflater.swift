/// A deflate (RFC 1951) decompressor, with or without the zlib wrapper (RFC 1950).
///
/// Output goes into a buffer the caller sizes; the decoder never writes past it, so a stream
/// that would expand further (a "zlib bomb") stops with ``Status/outputFull`` having allocated
/// nothing more. Corrupt data stops with a message, never a trap: every table index is masked
/// to the table's size and every copy is checked against the output written so far.
package enum Inflater {
    enum Status: Equatable, Sendable {
        /// The stream ended properly (and, with the zlib wrapper, its Adler-32 matched).
        case complete
        /// The input ended first; the output holds everything decoded up to there.
        case truncated
        /// The stream has more output than the buffer holds; the buffer is full.
        case outputFull
        /// The data is corrupt; the output holds what was decoded before the damage.
        case malformed(String)
    }

    struct Result: Equatable, Sendable {
        /// Bytes written to the output.
        var written: Int
        var status: Status
    }

    /// Decompresses `input` into `output`, stopping when the stream ends, the input runs out,
    /// the output is full or the data proves corrupt.
    static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, zlib: Bool
    ) -> Result {
        guard let inBase = input.baseAddress, let outBase = output.baseAddress, !input.isEmpty else {
            return Result(written: 0, status: input.isEmpty ? .truncated : .outputFull)
        }
        var start = 0
        if zlib {
            guard input.count >= 2 else { return Result(written: 0, status: .truncated) }
            if let problem = zlibHeaderProblem(input[0], input[1]) {
                return Result(written: 0, status: .malformed(problem))
            }
            start = 2
        }
        var decoder = InflateDecoder(
            input: inBase, count: input.count, start: start,
            output: outBase, capacity: output.count)
        var result = decoder.run()
        guard zlib, result.status == .complete else { return result }
        var reader = decoder.reader
        reader.alignToByte()
        let at = reader.position
        guard at + 4 <= input.count else { return Result(written: result.written, status: .truncated) }
        let stored =
            UInt32(input[at]) << 24 | UInt32(input[at + 1]) << 16 | UInt32(input[at + 2]) << 8
            | UInt32(input[at + 3])
        let computed = Adler32.checksum(UnsafeBufferPointer(start: outBase, count: result.written))
        if stored != computed { result.status = .malformed("zlib checksum does not match the data") }
        return result
    }

    /// Decompresses a whole zlib stream whose size is not known beforehand, into at most `limit`
    /// bytes: past the limit it throws `.tooLarge`, having allocated no more than the limit.
    package static func decompress(zlib bytes: [UInt8], limit: Int) throws(ImageError) -> [UInt8] {
        var capacity = min(limit, max(4096, bytes.count * 4))
        while true {
            var result = Result(written: 0, status: .complete)
            let output = bytes.withUnsafeBufferPointer { input in
                [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    result = inflate(input, into: buffer, zlib: true)
                    initialized = result.written
                }
            }
            switch result.status {
            case .complete:
                return output
            case .truncated:
                throw ImageError(.malformed, "zlib data ends early")
            case .malformed(let message):
                throw ImageError(.malformed, message)
            case .outputFull:
                guard capacity < limit else {
                    throw ImageError(.tooLarge, "zlib data expands past the limit of \(limit) bytes")
                }
                capacity = capacity > limit / 4 ? limit : capacity * 4
            }
        }
    }

    static func zlibHeaderProblem(_ cmf: UInt8, _ flg: UInt8) -> String? {
        if cmf & 0x0F != 8 { return "zlib stream uses compression method \(cmf & 0x0F), not deflate" }
        if cmf >> 4 > 7 { return "zlib stream declares a window larger than 32 KiB" }
        if (UInt16(cmf) << 8 | UInt16(flg)) % 31 != 0 { return "zlib header check bits are wrong" }
        if flg & 0x20 != 0 { return "zlib stream needs a preset dictionary" }
        return nil
    }
}
