@testable import AshlarImage

/// The encoder side of the H.265 arithmetic coding engine (§9.3.5: EncodeDecision, EncodeBypass,
/// EncodeTerminate, EncodeFlush, with PutBit and the outstanding bits), written plainly from the
/// spec to check the decoder by round trips. It shares only the two probability tables
/// (rangeTabLps, transIdxLps) with the decoder.
struct HEVCCABACTestEncoder {
    private var low = 0
    private var range = 510
    private var firstBit = true
    private var outstanding = 0
    /// The bits written so far, one per element.
    private(set) var bits: [UInt8] = []

    /// Starts the engine again at the current (byte-aligned) position (after PCM samples, or at
    /// a new substream).
    mutating func restart() {
        low = 0
        range = 510
        firstBit = true
        outstanding = 0
    }

    mutating func encodeDecision(_ state: inout UInt8, _ bin: Int) {
        var p = Int(state >> 1)
        var mps = Int(state & 1)
        let lps = Int(HEVCCABACDecoder.rangeTabLps[p * 4 + ((range >> 6) & 3)])
        range -= lps
        if bin != mps {
            low += range
            range = lps
            if p == 0 { mps = 1 - mps }
            p = Int(HEVCCABACDecoder.transIdxLps[p])
        } else {
            p = min(p + 1, 62)
        }
        state = UInt8(p << 1 | mps)
        renormalise()
    }

    mutating func encodeBypass(_ bin: Int) {
        low <<= 1
        if bin != 0 { low += range }
        if low >= 1024 {
            putBit(1)
            low -= 1024
        } else if low < 512 {
            putBit(0)
        } else {
            low -= 512
            outstanding += 1
        }
    }

    /// `count` bypass bins of `value`, most significant first.
    mutating func encodeBypassBins(_ value: Int, _ count: Int) {
        var i = count - 1
        while i >= 0 {
            encodeBypass((value >> i) & 1)
            i -= 1
        }
    }

    /// The terminating bin; after a 1 the engine is flushed (its last bit, a 1, is the stop or
    /// alignment bit) and the output padded with zero bits to a byte.
    mutating func encodeTerminate(_ bin: Int) {
        range -= 2
        if bin != 0 {
            low += range
            range = 2
            renormalise()
            putBit((low >> 9) & 1)
            writeBit((low >> 8) & 1)
            writeBit(1)
            while bits.count % 8 != 0 { writeBit(0) }
        } else {
            renormalise()
        }
    }

    /// Raw bytes (PCM samples) at a byte-aligned position.
    mutating func writeBytes(_ bytes: [UInt8]) {
        for byte in bytes { for i in (0..<8).reversed() { writeBit(Int(byte >> UInt8(i)) & 1) } }
    }

    var byteCount: Int { bits.count / 8 }

    /// The bits packed into bytes, the last one padded with zeros.
    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (i, bit) in bits.enumerated() where bit != 0 { out[i / 8] |= 0x80 >> UInt8(i % 8) }
        return out
    }

    private mutating func renormalise() {
        while range < 256 {
            if low < 256 {
                putBit(0)
            } else if low >= 512 {
                low -= 512
                putBit(1)
            } else {
                low -= 256
                outstanding += 1
            }
            range <<= 1
            low <<= 1
        }
    }

    private mutating func putBit(_ bit: Int) {
        if firstBit {
            firstBit = false
        } else {
            writeBit(bit)
        }
        while outstanding > 0 {
            writeBit(1 - bit)
            outstanding -= 1
        }
    }

    private mutating func writeBit(_ bit: Int) { bits.append(UInt8(bit)) }
}
