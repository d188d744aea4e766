/// A Huffman table (DHT) with lookup tables for the first 9 bits of a code: `fast` gives the code
/// length and symbol together, and `fastAC` additionally decodes a short AC coefficient's value
/// (run, value and total bits) when code and value bits both fit in those 9 bits.
///
/// The tables are plain pointers (no reference counting in the decoder's inner loop) into
/// ``OwnedBuffer``s the table holds, written only while `init` runs and freed with the table:
/// `nonisolated(unsafe)` says so to the compiler.
final class JPEGHuffmanTable: Sendable {
    static let lookaheadBits = 9

    /// `(length << 8) | symbol`, or 0 when the code is longer than 9 bits.
    nonisolated(unsafe) let fast: UnsafeMutablePointer<UInt16>
    /// `(value << 16) | (run << 8) | totalBits`, or 0 when code and value need more than 9 bits.
    nonisolated(unsafe) let fastAC: UnsafeMutablePointer<Int32>
    /// Largest code of each length (index 1...16), -1 when there is none; index 17 is a sentinel.
    nonisolated(unsafe) let maxCode: UnsafeMutablePointer<Int32>
    /// Added to a code of each length gives the index of its symbol in `values`.
    nonisolated(unsafe) let valueOffset: UnsafeMutablePointer<Int32>
    nonisolated(unsafe) let values: UnsafeMutablePointer<UInt8>
    let valueCount: Int
    /// What the pointers above point into.
    private let memory:
        (OwnedBuffer<UInt16>, OwnedBuffer<Int32>, OwnedBuffer<Int32>, OwnedBuffer<Int32>, OwnedBuffer<UInt8>)

    /// A table with no codes: stands in for one a scan does not use (``JPEGStream`` checks that
    /// every table a scan uses is defined); decoding with it only counts bad codes.
    static let empty = JPEGHuffmanTable()

    /// False when the counts over-fill the code space (the table is then unusable).
    let isValid: Bool

    private convenience init() {
        self.init(counts: Array(repeating: 0, count: 16), values: [])
    }

    init(counts: [Int], values symbols: [UInt8]) {
        let size = 1 << Self.lookaheadBits
        memory = (
            OwnedBuffer(repeating: 0, count: size), OwnedBuffer(repeating: 0, count: size),
            OwnedBuffer(repeating: -1, count: 18), OwnedBuffer(repeating: 0, count: 18),
            OwnedBuffer(repeating: 0, count: 256)
        )
        fast = memory.0.base
        fastAC = memory.1.base
        maxCode = memory.2.base
        valueOffset = memory.3.base
        values = memory.4.base
        valueCount = symbols.count
        for (i, symbol) in symbols.enumerated() { values[i] = symbol }

        isValid = Self.fitsCodeSpace(counts)

        var code = 0
        var index = 0
        for length in 1...16 {
            let n = counts[length - 1]
            // Codes that no longer fit in `length` bits mean the counts over-fill the code space.
            guard code + n <= 1 << length else { break }
            if n > 0 {
                valueOffset[length] = Int32(index - code)
                for _ in 0..<n {
                    if length <= Self.lookaheadBits {
                        fillFast(code: code, length: length, symbol: symbols[index])
                    }
                    code += 1
                    index += 1
                }
                maxCode[length] = Int32(code - 1)
            }
            code <<= 1
        }
        maxCode[17] = Int32.max
    }

    /// Whether codes of these counts per length (1...16) fit in the code space.
    static func fitsCodeSpace(_ counts: [Int]) -> Bool {
        var code = 0
        for length in 1...16 {
            code += counts[length - 1]
            if code > 1 << length { return false }
            code <<= 1
        }
        return true
    }

    private func fillFast(code: Int, length: Int, symbol: UInt8) {
        let shift = Self.lookaheadBits - length
        let run = Int32(symbol >> 4)
        let size = Int(symbol & 15)
        for low in 0..<(1 << shift) {
            let slot = code << shift | low
            fast[slot] = UInt16(length << 8) | UInt16(symbol)
            if size != 0 && length + size <= Self.lookaheadBits {
                let raw = (slot >> (shift - size)) & ((1 << size) - 1)
                let value = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw
                fastAC[slot] = Int32(value) << 16 | run << 8 | Int32(length + size)
            }
        }
    }

    /// The lookup tables as plain pointers, for hot loops (no reference counting). Valid while
    /// this table is alive.
    var lookup: JPEGHuffmanLookup {
        JPEGHuffmanLookup(
            fast: fast, fastAC: fastAC, maxCode: maxCode, valueOffset: valueOffset,
            values: values, valueCount: valueCount)
    }
}
