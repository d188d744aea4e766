/// Writes bits least significant first, as deflate packs them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Bits written so far.
    var bitCount: Int { bytes.count * 8 + count }

    /// Writes the low `length` bits of `bits` (length ≤ 32).
    @inline(__always) mutating func write(_ bits: UInt32, _ length: Int) {
        buffer |= UInt64(bits) &<< UInt64(count)
        count &+= length
        if count >= 32 {
            let word = UInt32(truncatingIfNeeded: buffer)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            buffer >>= 32
            count &-= 32
        }
    }

    /// Pads with zero bits to a byte boundary and empties the buffer.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = max(0, count - 8)
        }
        buffer = 0
    }

    mutating func append(_ data: UnsafeBufferPointer<UInt8>) {
        alignToByte()
        bytes.append(contentsOf: data)
    }

    mutating func appendBigEndian(_ value: UInt32) {
        alignToByte()
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
