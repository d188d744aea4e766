/// Reads a deflate stream's bits least significant first through a 64-bit buffer.
///
/// The fast refill loads eight bytes at once (as libdeflate does): it keeps at least 56 bits
/// buffered, enough for one whole length/distance pair (15 + 5 + 15 + 13 bits). Past the end of
/// the input it feeds zero bytes and counts them, so a decoder can tell from ``overrun`` that it
/// used bits the stream does not have, and report truncation instead of decoding the padding.
struct BitReader {
    let base: UnsafePointer<UInt8>
    let count: Int
    /// The next byte to load; past `count` when zero bytes were fed.
    var position: Int
    /// Buffered bits, next bit lowest. Bits above `available` are either zero or the input's
    /// following bytes, which the next refill ORs in again unchanged.
    var buffer: UInt64 = 0
    var available: Int = 0

    init(_ base: UnsafePointer<UInt8>, count: Int, position: Int) {
        self.base = base
        self.count = count
        self.position = position
    }

    @inline(__always) mutating func refill() {
        if position &+ 8 <= count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
            buffer |= word &<< UInt64(available)
            position &+= (63 &- available) &>> 3
            available |= 56
        } else {
            refillByBytes()
        }
    }

    mutating func refillByBytes() {
        while available <= 55 {
            let byte: UInt64 = position < count ? UInt64(base[position]) : 0
            buffer |= byte &<< UInt64(available)
            position &+= 1
            available &+= 8
        }
    }

    /// Whether bits past the end of the input have been consumed.
    @inline(__always) var overrun: Bool {
        position > count && available < (position &- count) &<< 3
    }

    @inline(__always) mutating func drop(_ n: Int) {
        buffer &>>= UInt64(truncatingIfNeeded: n)
        available &-= n
    }

    /// The next `n` bits (n ≤ 32, already buffered) as a number, consumed.
    @inline(__always) mutating func take(_ n: Int) -> Int {
        let value = Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(truncatingIfNeeded: n)) &- 1))
        drop(n)
        return value
    }

    /// Skips to the next byte boundary and gives buffered whole bytes back to the input, so
    /// `position` is the next unread byte (past `count` if the stream overran its end).
    mutating func alignToByte() {
        drop(available & 7)
        position &-= available &>> 3
        buffer = 0
        available = 0
    }
}
