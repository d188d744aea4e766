/// Reads entropy-coded bits MSB first through a 64-bit buffer, removing stuffed zero bytes as it
/// refills. At a marker or the end of the data it feeds zero bits and counts them, so a decoder
/// can tell when it has read past the real data (`isExhausted`) and never reads out of bounds.
struct JPEGBitReader {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private(set) var position: Int
    /// Unread bits, left-aligned.
    private var bits: UInt64 = 0
    private var count = 0
    /// Zero bytes fed after the data stopped.
    private var padding = 0
    /// Where the marker that stopped the data starts, once one has been met.
    private(set) var markerPosition: Int?
    /// Bad Huffman codes met so far.
    private(set) var badCodes = 0

    init(_ base: UnsafePointer<UInt8>, count: Int, position: Int) {
        self.base = base
        self.end = count
        self.position = min(position, count)
    }

    /// Whether some of the bits consumed were padding rather than data.
    var isExhausted: Bool { padding > 0 && padding * 8 > count }

    /// Where the bytes after this entropy-coded segment begin.
    var resumePosition: Int { markerPosition ?? position }

    @inline(__always)
    mutating func ensure(_ needed: Int) {
        if count < needed { refill() }
    }

    /// Fills the buffer to at least 57 bits.
    @usableFromInline
    mutating func refill() {
        if markerPosition == nil && position + 8 <= end {
            let word = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // No 0xFF byte in the word: eight bytes of plain data (a zero byte in ~word means 0xFF).
            let inverted = ~word
            let hasFF = (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080
            let n = (64 - count) >> 3
            if hasFF == 0 && n > 0 {
                bits |= (word &>> UInt64(64 - 8 * n)) &<< UInt64(64 - count - 8 * n)
                position += n
                count += 8 * n
                return
            }
        }
        while count <= 56 {
            var byte: UInt64 = 0
            if markerPosition == nil && position < end {
                let b = base[position]
                if b != 0xFF {
                    byte = UInt64(b)
                    position += 1
                } else {
                    var p = position + 1
                    while p < end && base[p] == 0xFF { p += 1 }
                    if p < end && base[p] == 0 {
                        byte = 0xFF
                        position = p + 1
                    } else {
                        markerPosition = position
                        padding += 1
                    }
                }
            } else {
                if markerPosition == nil { markerPosition = end }
                padding += 1
            }
            bits |= byte &<< UInt64(56 - count)
            count += 8
        }
    }

    /// The next Huffman symbol; needs 16 bits in the buffer. A bad code gives 0 and is counted.
    @inline(__always)
    mutating func decode(_ table: JPEGHuffmanLookup) -> Int {
        let entry = table.fast[Int(truncatingIfNeeded: bits &>> 55)]
        if entry != 0 {
            let length = Int(entry &>> 8)
            bits &<<= UInt64(length)
            count -= length
            return Int(entry & 0xFF)
        }
        return decodeSlow(table)
    }

    private mutating func decodeSlow(_ table: JPEGHuffmanLookup) -> Int {
        var length = JPEGHuffmanTable.lookaheadBits + 1
        while length <= 16 {
            let code = Int32(truncatingIfNeeded: bits &>> UInt64(64 - length))
            if code <= table.maxCode[length] {
                bits &<<= UInt64(length)
                count -= length
                let index = Int(table.valueOffset[length] &+ code)
                return index >= 0 && index < table.valueCount ? Int(table.values[index]) : 0
            }
            length += 1
        }
        badCodes += 1
        bits &<<= 16
        count -= 16
        return 0
    }

    /// The fast AC entry for the next bits (see ``JPEGHuffmanTable/fastAC``), 0 when there is none.
    @inline(__always)
    func peekAC(_ table: JPEGHuffmanLookup) -> Int32 {
        table.fastAC[Int(truncatingIfNeeded: bits &>> 55)]
    }

    @inline(__always)
    mutating func skip(_ n: Int) {
        bits &<<= UInt64(n)
        count -= n
    }

    /// `n` (1...16) raw bits as an unsigned number.
    @inline(__always)
    mutating func bits(_ n: Int) -> Int32 {
        let v = Int32(truncatingIfNeeded: bits &>> UInt64(64 - n))
        bits &<<= UInt64(n)
        count -= n
        return v
    }

    /// `n` (0...15) bits read as a JPEG signed magnitude value (the "extend" of T.81 F.2.2.1).
    @inline(__always)
    mutating func receiveExtend(_ n: Int) -> Int32 {
        if n == 0 { return 0 }
        let v = bits(n)
        return v < Int32(1) &<< Int32(n - 1) ? v &- (Int32(1) &<< Int32(n)) &+ 1 : v
    }

    @inline(__always)
    mutating func bit() -> Bool {
        let set = bits & (1 << 63) != 0
        bits &<<= 1
        count -= 1
        return set
    }

    /// Drops the buffered bits and reads past the next restart marker. Returns false when the
    /// marker found is not a restart marker (damaged or truncated data).
    mutating func restart() -> Bool {
        bits = 0
        count = 0
        padding = 0
        var p = markerPosition ?? position
        markerPosition = nil
        while p + 1 < end {
            if base[p] == 0xFF && base[p + 1] != 0 && base[p + 1] != 0xFF {
                if (0xD0...0xD7).contains(base[p + 1]) {
                    position = p + 2
                    return true
                }
                position = p
                markerPosition = p
                return false
            }
            p += 1
        }
        position = end
        markerPosition = end
        return false
    }
}
