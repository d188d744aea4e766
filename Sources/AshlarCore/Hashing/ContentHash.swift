/// A fast, stable 64-bit hash of bytes (FNV-1a over 8-byte words, then mixed): the same value on
/// every run and machine, so the build manifest can tell changed output from unchanged. Not
/// cryptographic; a collision would only make Ashlar skip rewriting a file.
package struct ContentHash: Sendable {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325

    package init() {}

    /// A hash from another starting state: two seeds give two independent-enough lanes of one
    /// longer digest (`SourceDigest`).
    package init(seed: UInt64) {
        state ^= seed &* 0x9E37_79B9_7F4A_7C15
    }

    package mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            state = (state ^ word) &* 0x0000_0100_0000_01B3
            state ^= state >> 29
            index += 8
        }
        while index < count {
            state = (state ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
            index += 1
        }
        // The length, so "ab" + "c" and "a" + "bc" differ.
        state = (state ^ UInt64(count)) &* 0x0000_0100_0000_01B3
    }

    package mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    package mutating func combine(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { combine($0) }
    }

    package var value: UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Sixteen hex digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package static func of(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.combine(bytes)
        return hash.hex
    }
}
