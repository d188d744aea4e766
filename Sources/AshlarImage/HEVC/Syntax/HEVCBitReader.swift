/// Reads the fields of an HEVC RBSP (emulation prevention removed): `u(n)`, `ue(v)`, `se(v)`, each
/// named as the spec names it, so that an error says which field of which structure is wrong and
/// a test can compare every field with another reader's trace. Nothing a file holds can trap:
/// reading past the end, an Exp-Golomb code over 32 bits or a value out of its range throws.
package struct HEVCBitReader: Sendable {
    /// One field as read: its first bit's position, its name and value.
    package struct TraceEntry: Sendable, Equatable {
        package var position: Int
        package var name: String
        package var value: Int
    }

    package let bytes: [UInt8]
    /// The next bit to read, counted from the first byte's most significant bit.
    package private(set) var position: Int
    /// What is read ("SPS", "slice segment header"), for messages.
    package let structure: String
    /// Every field read, when tracing (tests).
    package var trace: [TraceEntry]?

    package init(_ bytes: [UInt8], structure: String, position: Int = 0, tracing: Bool = false) {
        self.bytes = bytes
        self.structure = structure
        self.position = position
        self.trace = tracing ? [] : nil
    }

    package var bitsLeft: Int { bytes.count * 8 - position }
    package var isByteAligned: Bool { position % 8 == 0 }

    private mutating func rawBits(_ count: Int, _ name: String) throws(ImageError) -> Int {
        guard count >= 0, count <= 32 else { throw error("\(name) would be \(count) bits long") }
        guard count <= bitsLeft else { throw ImageError(.malformed, "HEVC \(structure) ends inside \(name)") }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }

    private mutating func record(_ start: Int, _ name: String, _ value: Int) {
        if trace != nil { trace?.append(TraceEntry(position: start, name: name, value: value)) }
    }

    /// `u(count)`: an unsigned field of 0–32 bits.
    package mutating func u(_ count: Int, _ name: String) throws(ImageError) -> Int {
        let start = position
        let value = try rawBits(count, name)
        record(start, name, value)
        return value
    }

    /// `u(1)` as a flag.
    package mutating func flag(_ name: String) throws(ImageError) -> Bool {
        try u(1, name) == 1
    }

    /// `ue(v)`, at most `maximum`.
    package mutating func ue(_ name: String, maximum: Int = Int(UInt32.max) - 1) throws(ImageError) -> Int {
        let start = position
        var zeros = 0
        while try rawBits(1, name) == 0 {
            zeros += 1
            guard zeros < 32 else { throw error("\(name) is an Exp-Golomb code of more than 32 bits") }
        }
        let value = (1 << zeros) - 1 + (try rawBits(zeros, name))
        guard value <= maximum else { throw error("\(name) is \(value), more than \(maximum)") }
        record(start, name, value)
        return value
    }

    /// `se(v)`, within `range`.
    package mutating func se(_ name: String, in range: ClosedRange<Int>) throws(ImageError) -> Int {
        let start = position
        var zeros = 0
        while try rawBits(1, name) == 0 {
            zeros += 1
            guard zeros < 32 else { throw error("\(name) is an Exp-Golomb code of more than 32 bits") }
        }
        let code = (1 << zeros) - 1 + (try rawBits(zeros, name))
        let value = code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
        guard range.contains(value) else {
            throw error("\(name) is \(value), outside \(range.lowerBound)…\(range.upperBound)")
        }
        record(start, name, value)
        return value
    }

    /// Skips `count` bits (fields read only to get past them).
    package mutating func skip(_ count: Int, _ name: String) throws(ImageError) {
        guard count >= 0, count <= bitsLeft else {
            throw ImageError(.malformed, "HEVC \(structure) ends inside \(name)")
        }
        position += count
    }

    /// `more_rbsp_data()`: whether anything but the stop bit and its zero padding is left.
    package var moreRBSPData: Bool {
        guard let last = bytes.lastIndex(where: { $0 != 0 }) else { return false }
        let stopBit = last * 8 + 7 - bytes[last].trailingZeroBitCount
        return position < stopBit
    }

    /// `byte_alignment()`: a one bit, then zero bits to the next byte boundary.
    package mutating func byteAlignment() throws(ImageError) {
        guard try u(1, "alignment_bit_equal_to_one") == 1 else { throw error("alignment_bit_equal_to_one is 0") }
        while !isByteAligned {
            guard try u(1, "alignment_bit_equal_to_zero") == 0 else { throw error("alignment_bit_equal_to_zero is 1") }
        }
    }

    /// A malformed-stream error naming the structure.
    package func error(_ message: String) -> ImageError {
        ImageError(.malformed, "HEVC \(structure): \(message)")
    }
}
