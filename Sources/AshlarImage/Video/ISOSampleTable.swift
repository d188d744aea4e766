/// Where a track's samples lie in the file, from its sample table (`stsc`, `stsz` or `stz2`,
/// `stco` or `co64`), without reading them: one byte range a chunk, adjacent ones joined. The
/// published copy keeps these bytes of the media data and zeroes the rest.
package enum ISOSampleTable {
    /// The byte ranges of the samples of the track whose `stbl` holds `boxes` (in `file`, whose
    /// byte 0 is the file's byte `base`); an error when the tables disagree or a sample lies past
    /// the end of the file.
    static func chunkRanges(
        _ file: ByteWindow, _ boxes: [ISOBoxReader.Box], _ format: VideoFormat, base: Int, fileSize: Int
    ) throws(VideoReadError) -> [Range<Int>] {
        let stsc = boxes.first { $0.type == "stsc" }
        let chunks = try chunkOffsets(file, boxes.first { $0.type == "stco" || $0.type == "co64" }, format, base: base)
        let sizes = try SampleSizes(file, boxes.first { $0.type == "stsz" || $0.type == "stz2" }, format, base: base)
        guard sizes.count > 0 || !chunks.isEmpty else { return [] }
        func disagree(_ what: String) -> VideoReadError {
            VideoReadError("\(format.name) sample tables disagree: \(what)", offset: base + (stsc?.start ?? 0))
        }
        guard let stsc, let count = file.u32(stsc.payloadStart + 4).map(Int.init),
            count <= (stsc.end - stsc.payloadStart - 8) / 12
        else { throw disagree("'stsc' is missing or too short") }
        var ranges: [Range<Int>] = []
        var sample = 0
        for entry in 0..<count {
            let at = stsc.payloadStart + 8 + entry * 12
            let first = Int(file.u32(at) ?? 0)
            let perChunk = Int(file.u32(at + 4) ?? 0)
            let next = entry + 1 < count ? Int(file.u32(at + 12) ?? 0) : chunks.count + 1
            guard first >= 1, entry > 0 || first == 1, next > first, next <= chunks.count + 1 else {
                throw disagree("'stsc' names chunk \(first), and there are \(chunks.count)")
            }
            for chunk in first..<next {
                guard perChunk <= sizes.count - sample else {
                    throw disagree("'stsc' places more samples than the \(sizes.count) 'stsz' has")
                }
                let offset = chunks[chunk - 1]
                guard let length = sizes.total(from: sample, count: perChunk, limit: fileSize), offset <= fileSize,
                    length <= fileSize - offset
                else {
                    throw VideoReadError(
                        "\(format.name) has a sample past the end of the file (chunk at byte \(offset))",
                        offset: base + stsc.start)
                }
                sample += perChunk
                guard length > 0 else { continue }
                if let last = ranges.last, last.upperBound == offset {
                    ranges[ranges.count - 1] = last.lowerBound..<offset + length
                } else {
                    ranges.append(offset..<offset + length)
                }
            }
        }
        guard sample == sizes.count else {
            throw disagree("'stsc' places \(sample) samples and 'stsz' has \(sizes.count)")
        }
        return ranges
    }

    /// `stco` (32-bit) or `co64` (64-bit) offsets, each checked to fit an `Int`.
    private static func chunkOffsets(
        _ file: ByteWindow, _ box: ISOBoxReader.Box?, _ format: VideoFormat, base: Int
    ) throws(VideoReadError) -> [Int] {
        guard let box else { return [] }
        let width = box.type == "co64" ? 8 : 4
        guard let count = file.u32(box.payloadStart + 4).map(Int.init),
            count <= (box.end - box.payloadStart - 8) / width
        else { throw VideoReadError("\(format.name) box '\(box.type)' is too short", offset: base + box.start) }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let at = box.payloadStart + 8 + index * width
            let offset = width == 8 ? file.u64(at) ?? .max : file.u32(at).map(UInt64.init) ?? .max
            guard offset <= UInt64(Int.max >> 1) else {
                throw VideoReadError("\(format.name) box '\(box.type)' has an offset past any file", offset: base + at)
            }
            offsets.append(Int(offset))
        }
        return offsets
    }

    /// A track's sample sizes: one for all (`stsz` with a size), or a table of 4, 8, 16 or 32
    /// bits an entry (`stz2`, `stsz`).
    private struct SampleSizes {
        var count = 0
        var constant = 0
        var table: ByteWindow?
        var bits = 32
        var start = 0

        init(_ file: ByteWindow, _ box: ISOBoxReader.Box?, _ format: VideoFormat, base: Int) throws(VideoReadError) {
            guard let box else { return }
            let tooShort = VideoReadError("\(format.name) box '\(box.type)' is too short", offset: base + box.start)
            guard let field = file.u32(box.payloadStart + 4), let count = file.u32(box.payloadStart + 8) else {
                throw tooShort
            }
            self.count = Int(count)
            start = box.payloadStart + 12
            if box.type == "stz2" {
                bits = Int(field & 0xFF)
                guard [4, 8, 16].contains(bits) else {
                    throw VideoReadError("\(format.name) 'stz2' has \(bits)-bit sizes", offset: base + box.start)
                }
            } else if field != 0 {
                constant = Int(field)
                return
            }
            guard self.count <= (box.end - start) * 8 / bits else { throw tooShort }
            table = file
        }

        /// The bytes of `count` samples from `first`; nil past `limit`.
        func total(from first: Int, count: Int, limit: Int) -> Int? {
            guard let table else {
                guard constant == 0 || count <= limit / constant else { return nil }
                return constant * count
            }
            var sum = 0
            for index in first..<first + count {
                sum += size(table, index)
                guard sum <= limit else { return nil }
            }
            return sum
        }

        private func size(_ table: ByteWindow, _ index: Int) -> Int {
            switch bits {
            case 4:
                let byte = Int(table.u8(start + index / 2) ?? 0)
                return index % 2 == 0 ? byte >> 4 : byte & 0x0F
            case 8: return Int(table.u8(start + index) ?? 0)
            case 16: return Int(table.u16(start + index * 2) ?? 0)
            default: return Int(table.u32(start + index * 4) ?? 0)
            }
        }
    }
}
