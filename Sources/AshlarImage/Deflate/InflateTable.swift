/// Decoding tables for one deflate Huffman code: a first-level table indexed by the next
/// `rootBits` input bits, and second-level tables for longer codes (as zlib's `inflate_table`).
///
/// An entry is a `UInt32`: bits 0–3 the bits to consume, bits 4–7 the extra bits that follow
/// (or, for a pointer, the second-level table's index bits), bits 8–10 the ``Kind``, bits 16–31
/// the value (literal byte, base length or distance, or the second-level table's offset).
enum InflateTable {
    enum Kind: UInt32 {
        case literal = 0
        case length = 1
        case endOfBlock = 2
        case pointer = 3
        case invalid = 4
    }

    static let litLenRootBits = 10
    static let distanceRootBits = 8
    static let codeLengthRootBits = 7
    /// Complete codes of at most 288 symbols and 15 bits need fewer entries (zlib's `ENOUGH`).
    static let litLenCapacity = 2048
    static let distanceCapacity = 1024
    static let codeLengthCapacity = 128

    @inline(__always) static func entry(_ kind: Kind, value: Int, extra: Int = 0, consume: Int = 0) -> UInt32 {
        UInt32(value) << 16 | kind.rawValue << 8 | UInt32(extra) << 4 | UInt32(consume)
    }

    @inline(__always) static func kind(_ entry: UInt32) -> UInt32 { (entry >> 8) & 7 }
    @inline(__always) static func value(_ entry: UInt32) -> Int { Int(entry >> 16) }
    @inline(__always) static func extra(_ entry: UInt32) -> Int { Int((entry >> 4) & 0xF) }
    @inline(__always) static func consume(_ entry: UInt32) -> Int { Int(entry & 0xF) }

    /// Entries (without their code length) for literal/length symbols 0–287: literals, the end
    /// of block, lengths 3–258 with their extra bits (RFC 1951 §3.2.5), and the unused 286–287.
    static let litLenSymbols: [UInt32] = {
        let bases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
            131, 163, 195, 227, 258,
        ]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var symbols = (0..<256).map { entry(.literal, value: $0) }
        symbols.append(entry(.endOfBlock, value: 0))
        for index in 0..<29 { symbols.append(entry(.length, value: bases[index], extra: extras[index])) }
        symbols += [entry(.invalid, value: 0), entry(.invalid, value: 0)]
        return symbols
    }()

    /// Entries for distance symbols 0–31: distances 1–32,768 with extra bits, and unused 30–31.
    static let distanceSymbols: [UInt32] = {
        var symbols: [UInt32] = []
        var base = 1
        for code in 0..<30 {
            let extra = code < 4 ? 0 : code / 2 - 1
            symbols.append(entry(.length, value: base, extra: extra))
            base += 1 << extra
        }
        return symbols + [entry(.invalid, value: 0), entry(.invalid, value: 0)]
    }()

    /// Entries for the code-length alphabet 0–18: the symbol itself.
    static let codeLengthSymbols: [UInt32] = (0..<19).map { entry(.literal, value: $0) }

    /// Scratch `Int`s ``build(lengths:count:symbols:rootBits:into:capacity:scratch:)`` needs.
    static let scratchCount = 48 + (1 << litLenRootBits)

    /// Fills `table` for the code with the given lengths; returns a message when the lengths do
    /// not form a usable code. As in zlib, an incomplete code is accepted only when it is a
    /// single one-bit code; a code with no symbols gives a table of invalid entries.
    static func build(
        lengths: UnsafePointer<UInt8>, count: Int, symbols: UnsafePointer<UInt32>,
        rootBits: Int, into table: UnsafeMutablePointer<UInt32>, capacity: Int,
        scratch: UnsafeMutablePointer<Int>
    ) -> String? {
        let counts = scratch
        let next = scratch + 16
        let probe = scratch + 32
        let longest = scratch + 48
        counts.initialize(repeating: 0, count: 16)
        var maxLength = 0
        for symbol in 0..<count {
            let length = Int(lengths[symbol]) // a UInt8 below 16: callers store code lengths 0–15
            counts[length] += 1
            maxLength = max(maxLength, length)
        }
        let rootSize = 1 << rootBits
        let invalid = entry(.invalid, value: 0, consume: 1)
        table.initialize(repeating: invalid, count: rootSize)
        if maxLength == 0 { return nil }

        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            if left < 0 { return "deflate code lengths are over-subscribed" }
        }
        if left > 0 && maxLength != 1 { return "deflate code lengths are incomplete" }

        var code = 0
        next[0] = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        let rootMask = rootSize - 1
        if maxLength > rootBits {
            // The longest code under each root prefix sizes that prefix's second-level table.
            longest.initialize(repeating: 0, count: rootSize)
            for length in 0...15 { probe[length] = next[length] }
            for symbol in 0..<count {
                let length = Int(lengths[symbol])
                guard length > rootBits else { continue }
                let prefix = reversed(probe[length], length) & rootMask
                probe[length] += 1
                longest[prefix] = max(longest[prefix], length)
            }
            var offset = rootSize
            for prefix in 0..<rootSize where longest[prefix] != 0 {
                let subBits = longest[prefix] - rootBits
                let size = 1 << subBits
                if offset + size > capacity { return "deflate code is too large" }
                table[prefix] = entry(.pointer, value: offset, extra: subBits, consume: rootBits)
                (table + offset).initialize(repeating: invalid, count: size)
                offset += size
            }
        }
        for symbol in 0..<count {
            let length = Int(lengths[symbol])
            guard length > 0 else { continue }
            let code = reversed(next[length], length)
            next[length] += 1
            if length <= rootBits {
                let value = symbols[symbol] | UInt32(length)
                var index = code
                while index < rootSize {
                    table[index] = value
                    index += 1 << length
                }
            } else {
                // Its prefix has a pointer: the first pass made one for every long code.
                let pointer = table[code & rootMask]
                let subBits = extra(pointer)
                let subLength = length - rootBits
                let value = symbols[symbol] | UInt32(subLength)
                var index = code >> rootBits
                while index < 1 << subBits {
                    table[InflateTable.value(pointer) + index] = value
                    index += 1 << subLength
                }
            }
        }
        return nil
    }

    @inline(__always) static func reversed(_ code: Int, _ length: Int) -> Int {
        var code = code
        var result = 0
        for _ in 0..<length {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }
}
