extension JPEGEncoder {
    /// Writes entropy-coded data: bits gather in a 64-bit accumulator that goes out 8 bytes at a
    /// time, with a zero stuffed after every `0xFF` byte (T.81 F.1.2.3).
    ///
    /// The writer writes to an ``OwnedBuffer`` so the hot path has no array bounds or uniqueness
    /// checks; ``finish()`` returns the bytes. With an allowance, the buffer grows only by what the
    /// allowance grants; once it grants too little, the writer writes over its own start (the
    /// bytes are garbage, and the encoder, seeing the allowance exceeded, discards them).
    struct BitWriter {
        private var storage: OwnedBuffer<UInt8>
        private let allowance: CodedByteAllowance?
        private var buffer: UnsafeMutablePointer<UInt8> { storage.base }
        private var capacity: Int { storage.count }
        private var count = 0
        private var accumulator: UInt64 = 0
        /// Bits still free in the accumulator, 1...64; the used ones are its low `64 - free` bits.
        private var free = 64

        init(capacity: Int, allowance: CodedByteAllowance? = nil) {
            self.allowance = allowance
            // At least 64 bytes, so that a flush after writing over the start always fits.
            let wanted = max(capacity, 64)
            storage = OwnedBuffer(uninitializedCount: max(allowance?.take(upTo: wanted) ?? wanted, 64))
        }

        /// Writes a Huffman code (`entry` is `code << 8 | length`) followed by the low `size` bits
        /// of `value`, in T.81's one's-complement form when it is negative (F.1.2.1.1).
        @inline(__always)
        mutating func write(entry: UInt32, size: Int32, value: Int32) {
            let adjusted = UInt64(UInt32(bitPattern: value < 0 ? value &- 1 : value))
            let sizeBits = UInt64(truncatingIfNeeded: size)
            let bits = UInt64(entry >> 8) &<< sizeBits | (adjusted & ((1 &<< sizeBits) &- 1))
            write(bits, length: Int(entry & 0xFF) &+ Int(size))
        }

        /// Appends the low `length` bits of `bits` (at most 32; no bit above them set).
        @inline(__always)
        mutating func write(_ bits: UInt64, length: Int) {
            if length < free {
                accumulator = accumulator &<< UInt64(length) | bits
                free &-= length
                return
            }
            // Fill the accumulator, send it, and keep the rest of `bits`. Their higher bits, already
            // sent, stay above the kept ones and are shifted out before the next flush.
            let rest = length &- free
            accumulator = accumulator &<< UInt64(free) | bits &>> UInt64(rest)
            flush()
            accumulator = bits
            free = 64 &- rest
        }

        @inline(__always)
        private mutating func flush() {
            if count &+ 16 > capacity { grow() }
            let inverted = ~accumulator
            let hasFF = (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 != 0
            if !hasFF {
                UnsafeMutableRawPointer(buffer + count).storeBytes(of: accumulator.bigEndian, as: UInt64.self)
                count &+= 8
                return
            }
            for shift in stride(from: 56, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: accumulator &>> UInt64(shift))
                buffer[count] = byte
                count &+= 1
                if byte == 0xFF {
                    buffer[count] = 0
                    count &+= 1
                }
            }
        }

        private mutating func grow() {
            var added = capacity
            if let allowance {
                added = allowance.take(upTo: capacity)
                if added < 16 {
                    allowance.markExceeded()
                    count = 0
                    return
                }
            }
            let larger = OwnedBuffer<UInt8>(uninitializedCount: capacity + added)
            larger.base.update(from: buffer, count: count)
            storage = larger
        }

        /// Pads the last byte with 1 bits and returns everything written.
        mutating func finish() -> [UInt8] {
            let used = 64 - free
            let padding = (8 - used % 8) % 8
            let bits = used + padding
            let value = padding == 0 ? accumulator : accumulator << UInt64(padding) | (1 << UInt64(padding) - 1)
            if count + 16 > capacity { grow() }
            for shift in stride(from: bits - 8, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: value >> UInt64(shift))
                buffer[count] = byte
                count += 1
                if byte == 0xFF {
                    buffer[count] = 0
                    count += 1
                }
            }
            return [UInt8](UnsafeBufferPointer(start: buffer, count: count))
        }
    }
}
