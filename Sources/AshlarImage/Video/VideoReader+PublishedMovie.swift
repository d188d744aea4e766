extension VideoReader {
    /// A patch that turns `box` into a `free` box of the same size: its size field (and 64-bit
    /// size) kept, its type `free`, everything after the header zero.
    static func free(_ file: ByteWindow, _ box: ISOBoxReader.Box, base: Int) -> VideoPatch {
        var bytes = Array(file.slice(box.start, count: 4) ?? [0, 0, 0, 8])
        bytes += Array("free".utf8)
        if box.headerSize == 16 { bytes += Array(file.slice(box.start + 8, count: 8) ?? []) }
        return VideoPatch(offset: base + box.start, bytes: bytes, zeros: max(0, box.end - box.start - bytes.count))
    }

    /// The patches that zero every byte of the media data (`mdat` payloads) that no kept sample
    /// uses: the samples of dropped tracks, and any gap. An error when a kept sample lies outside
    /// the media data, or a dropped track's sample lies among the kept ones (the copy would keep
    /// it, or break the video).
    static func mediaPatches(
        _ mediaData: [ISOBoxReader.Box], kept: [Range<Int>], dropped: [(range: Range<Int>, entry: String)],
        _ format: VideoFormat
    ) throws(VideoReadError) -> [VideoPatch] {
        let kept = merged(kept)
        for (range, entry) in dropped {
            let index = firstEnding(after: range.lowerBound, in: kept)
            if index < kept.count, kept[index].overlaps(range) {
                throw VideoReadError(
                    "\(format.name) has samples of a track it does not publish ('\(entry)') among its video or "
                        + "sound, which cannot be removed; export the video without that track",
                    offset: range.lowerBound)
            }
        }
        var patches: [VideoPatch] = []
        var next = 0
        for box in mediaData.sorted(by: { $0.start < $1.start }) {
            var offset = box.payloadStart
            while next < kept.count, kept[next].lowerBound < box.end {
                let range = kept[next]
                guard range.lowerBound >= box.payloadStart, range.upperBound <= box.end else { break }
                if range.lowerBound > offset {
                    patches.append(VideoPatch(offset: offset, bytes: [], zeros: range.lowerBound - offset))
                }
                offset = range.upperBound
                next += 1
            }
            if offset < box.end { patches.append(VideoPatch(offset: offset, bytes: [], zeros: box.end - offset)) }
        }
        if next < kept.count {
            throw VideoReadError(
                "\(format.name) has a sample of its video or sound outside its media data ('mdat'), which cannot "
                    + "be published; remux it (ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)",
                offset: kept[next].lowerBound)
        }
        return patches
    }

    /// `ranges` sorted, overlapping and adjacent ones joined.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The index of the first of the sorted, disjoint `ranges` that ends after `offset`.
    private static func firstEnding(after offset: Int, in ranges: [Range<Int>]) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
