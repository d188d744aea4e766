extension JPEGEncoder {
    /// A Huffman table built for the symbols one image uses (T.81 Annex K.2), as DHT stores it and
    /// as the entropy coder looks codes up.
    struct HuffmanTable {
        /// `counts[i]` codes of length `i + 1`, for lengths 1...16.
        var counts: [UInt8]
        /// The symbols in order of increasing code length.
        var symbols: [UInt8]
        /// For each of the 256 symbols, `code << 8 | length` (length 0: symbol unused).
        var codes: [UInt32]

        /// The optimal code lengths for `frequencies` (257 counts: the 256 symbols, then a reserved
        /// one that keeps any real code from being all 1 bits), limited to 16 bits. Follows
        /// Figures K.1–K.4, choosing among equal frequencies as libjpeg's `jpeg_gen_optimal_table`
        /// does, so the tables match `cjpeg -optimize`'s.
        init(frequencies: ArraySlice<Int>) {
            var frequency = Array(frequencies)
            frequency[256] = 1
            var codeSize = [Int](repeating: 0, count: 257)
            var others = [Int](repeating: -1, count: 257)
            while true {
                var c1 = -1
                var c2 = -1
                var v1 = Int.max
                var v2 = Int.max
                for symbol in 0...256 where frequency[symbol] != 0 {
                    let value = frequency[symbol]
                    if value <= v1 {
                        v2 = v1
                        c2 = c1
                        v1 = value
                        c1 = symbol
                    } else if value <= v2 {
                        v2 = value
                        c2 = symbol
                    }
                }
                if c2 < 0 { break }
                frequency[c1] += frequency[c2]
                frequency[c2] = 0
                codeSize[c1] += 1
                while others[c1] >= 0 {
                    c1 = others[c1]
                    codeSize[c1] += 1
                }
                others[c1] = c2
                codeSize[c2] += 1
                while others[c2] >= 0 {
                    c2 = others[c2]
                    codeSize[c2] += 1
                }
            }
            // A chain of 257 symbols is at most 256 deep.
            var lengths = [Int](repeating: 0, count: 258)
            for size in codeSize where size > 0 { lengths[size] += 1 }
            // Figure K.3: move pairs of over-long codes up until none is longer than 16 bits.
            for length in stride(from: 257, to: 16, by: -1) {
                while lengths[length] > 0 {
                    var shorter = length - 2
                    while lengths[shorter] == 0 { shorter -= 1 }
                    lengths[length] -= 2
                    lengths[length - 1] += 1
                    lengths[shorter + 1] += 2
                    lengths[shorter] -= 1
                }
            }
            // The reserved symbol has the longest code; taking it away frees the all-ones code.
            var longest = 16
            while lengths[longest] == 0 { longest -= 1 }
            lengths[longest] -= 1

            counts = (1...16).map { UInt8(lengths[$0]) }
            // Figure K.4: symbols sorted by their unadjusted length, which orders them as the
            // adjusted lengths do.
            var sorted: [UInt8] = []
            for size in 1...256 {
                for symbol in 0..<256 where codeSize[symbol] == size { sorted.append(UInt8(symbol)) }
            }
            symbols = sorted
            codes = [UInt32](repeating: 0, count: 256)
            var code: UInt32 = 0
            var index = 0
            for length in 1...16 {
                for _ in 0..<lengths[length] {
                    codes[Int(sorted[index])] = code << 8 | UInt32(length)
                    code += 1
                    index += 1
                }
                code <<= 1
            }
        }
    }

    /// The number of bits needed for `magnitude` (T.81's SSSS category).
    @inline(__always)
    static func category(_ magnitude: Int32) -> Int32 {
        32 &- Int32(truncatingIfNeeded: UInt32(bitPattern: magnitude).leadingZeroBitCount)
    }

    /// Adds the symbols one block will code to the DC and AC frequency counts (257 each).
    @inline(__always)
    static func countSymbols(
        _ block: UnsafePointer<Int16>, mask: UInt64, previousDC: inout Int32,
        dc: UnsafeMutablePointer<Int>, ac: UnsafeMutablePointer<Int>
    ) {
        let value = Int32(block[0])
        let difference = value &- previousDC
        previousDC = value
        dc[Int(category(difference < 0 ? 0 &- difference : difference))] &+= 1
        var remaining = mask
        var last = 0
        while remaining != 0 {
            let k = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            var run = k &- last &- 1
            while run > 15 {
                ac[0xF0] &+= 1
                run &-= 16
            }
            let coefficient = Int32(block[k])
            let size = category(coefficient < 0 ? 0 &- coefficient : coefficient)
            ac[run &<< 4 | Int(size)] &+= 1
            last = k
        }
        if last != 63 { ac[0] &+= 1 }
    }

    /// Writes one block's DC difference and AC run/size symbols with their extra bits.
    /// `dc` and `ac` are `code << 8 | length` per symbol; every symbol the block uses has a code,
    /// because the tables were built from the same blocks' counts.
    @inline(__always)
    static func encodeBlock(
        _ block: UnsafePointer<Int16>, mask: UInt64, previousDC: inout Int32,
        dc: UnsafePointer<UInt32>, ac: UnsafePointer<UInt32>, writer: inout BitWriter
    ) {
        let value = Int32(block[0])
        let difference = value &- previousDC
        previousDC = value
        let dcSize = category(difference < 0 ? 0 &- difference : difference)
        writer.write(entry: dc[Int(dcSize)], size: dcSize, value: difference)
        var remaining = mask
        var last = 0
        while remaining != 0 {
            let k = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            var run = k &- last &- 1
            while run > 15 {
                writer.write(entry: ac[0xF0], size: 0, value: 0)
                run &-= 16
            }
            let coefficient = Int32(block[k])
            let size = category(coefficient < 0 ? 0 &- coefficient : coefficient)
            writer.write(entry: ac[run &<< 4 | Int(size)], size: size, value: coefficient)
            last = k
        }
        if last != 63 { writer.write(entry: ac[0], size: 0, value: 0) }
    }
}
