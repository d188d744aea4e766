/// Bounds-checked reads of integers from part of a byte array. Every read returns nil rather
/// than trapping when it would leave the window.
package struct ByteWindow: Sendable {
    let bytes: [UInt8]
    /// The window is `bytes[start..<end]`; offsets given to reads are relative to `start`.
    let start: Int
    let end: Int
    package var bigEndian: Bool

    package init(_ bytes: [UInt8], start: Int = 0, end: Int? = nil, bigEndian: Bool = true) {
        self.bytes = bytes
        let clampedStart = min(max(0, start), bytes.count)
        self.start = clampedStart
        self.end = max(clampedStart, min(end ?? bytes.count, bytes.count))
        self.bigEndian = bigEndian
    }

    package var count: Int { end - start }

    /// Whether `count` bytes at `offset` lie inside the window.
    package func contains(_ offset: Int, count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= self.count - count
    }

    package func u8(_ offset: Int) -> UInt8? {
        contains(offset, count: 1) ? bytes[start + offset] : nil
    }

    package func u16(_ offset: Int) -> UInt16? {
        guard contains(offset, count: 2) else { return nil }
        let a = UInt16(bytes[start + offset])
        let b = UInt16(bytes[start + offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    package func u24(_ offset: Int) -> UInt32? {
        guard contains(offset, count: 3) else { return nil }
        let a = UInt32(bytes[start + offset])
        let b = UInt32(bytes[start + offset + 1])
        let c = UInt32(bytes[start + offset + 2])
        return bigEndian ? a << 16 | b << 8 | c : c << 16 | b << 8 | a
    }

    package func u32(_ offset: Int) -> UInt32? {
        guard let high = u16(bigEndian ? offset : offset + 2), let low = u16(bigEndian ? offset + 2 : offset) else {
            return nil
        }
        return UInt32(high) << 16 | UInt32(low)
    }

    package func u64(_ offset: Int) -> UInt64? {
        guard let high = u32(bigEndian ? offset : offset + 4), let low = u32(bigEndian ? offset + 4 : offset) else {
            return nil
        }
        return UInt64(high) << 32 | UInt64(low)
    }

    package func slice(_ offset: Int, count: Int) -> ArraySlice<UInt8>? {
        contains(offset, count: count) ? bytes[(start + offset)..<(start + offset + count)] : nil
    }

    /// Whether the bytes at `offset` are `expected` (ASCII).
    package func matches(_ expected: String, at offset: Int) -> Bool {
        let utf8 = expected.utf8
        guard let slice = slice(offset, count: utf8.count) else { return false }
        return slice.elementsEqual(utf8)
    }

    /// A narrower window, `count` bytes from `offset`, clamped to this one.
    package func window(_ offset: Int, count: Int) -> ByteWindow {
        let from = start + min(max(0, offset), self.count)
        let to = count < 0 ? end : min(end, from + count)
        return ByteWindow(bytes, start: from, end: to, bigEndian: bigEndian)
    }
}
