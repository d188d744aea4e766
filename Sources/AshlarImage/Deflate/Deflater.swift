/// A deflate (RFC 1951) compressor with a zlib wrapper (RFC 1950), comparable to zlib's level 6.
///
/// LZ77 over hash chains of three-byte prefixes, with lazy matching: a match is emitted only if
/// the match starting one byte later is not longer (zlib's `deflate_slow`). Chains are cut at
/// 128 links (32 once a match of 8 is found) and the search stops at a match of 128, zlib's
/// level-6 settings. Every 16,383 symbols a block ends, written with whichever of a dynamic
/// Huffman code, the fixed code or stored bytes is smallest. Output depends only on the input.
enum Deflater {
    static let maxChain = 128
    static let goodLength = 8
    static let maxLazy = 16
    static let niceLength = 128
    static let windowSize = 32768
    static let blockSymbols = 16383

    /// A zlib stream holding `input`.
    static func compress(zlib input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { compress(zlib: $0) }
    }

    static func compress(zlib input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var writer = BitWriter(capacity: input.count / 2 + 64)
        writer.write(0x78, 8)
        writer.write(0x9C, 8)
        deflate(input, into: &writer)
        writer.appendBigEndian(Adler32.checksum(input))
        return writer.bytes
    }

    /// Writes `input` as raw deflate blocks, the last one final.
    static func deflate(_ input: UnsafeBufferPointer<UInt8>, into writer: inout BitWriter) {
        guard let base = input.baseAddress, input.count > 0 else {
            // One final fixed block holding only the end-of-block code.
            writer.write(0b011, 3)
            writer.write(0, 7)
            return
        }
        let tables = OwnedBuffer<Int32>(uninitializedCount: MatchFinder.tableSize)
        let symbols = OwnedBuffer<UInt32>(uninitializedCount: DeflateBlock.capacity)
        defer { withExtendedLifetime((tables, symbols)) {} }
        let finder = MatchFinder(base, count: input.count, tables: tables.base)
        var block = DeflateBlock(storage: symbols.base)
        var blockStart = 0
        var position = 0
        var previousLength = 2
        var previousMatch = 0
        var pendingLiteral = false
        let count = input.count
        while position < count {
            var matchLength = 2
            var matchStart = 0
            let candidate = finder.insert(position)
            if candidate >= 0 && previousLength < maxLazy && position - candidate <= windowSize {
                (matchLength, matchStart) = finder.longestMatch(
                    at: position, candidate: candidate,
                    previousLength: previousLength)
                // A three-byte match far back costs more than three literals (zlib's TOO_FAR).
                if matchLength == 3 && position - matchStart > 4096 { matchLength = 2 }
            }
            if previousLength >= 3 && matchLength <= previousLength {
                block.addMatch(length: previousLength, distance: position - 1 - previousMatch)
                let end = position - 1 + previousLength
                var next = position + 1
                while next < end {
                    _ = finder.insert(next)
                    next += 1
                }
                position = end
                pendingLiteral = false
                previousLength = 2
            } else {
                if pendingLiteral { block.addLiteral(base[position - 1]) }
                pendingLiteral = true
                previousLength = matchLength
                previousMatch = matchStart
                position += 1
            }
            if block.symbolCount >= blockSymbols {
                let end = pendingLiteral ? position - 1 : position
                let covered = UnsafeBufferPointer(rebasing: input[blockStart..<end])
                block.write(into: &writer, stored: covered, isFinal: false)
                block = DeflateBlock(storage: symbols.base)
                blockStart = end
            }
        }
        if pendingLiteral { block.addLiteral(base[count - 1]) }
        block.write(into: &writer, stored: UnsafeBufferPointer(rebasing: input[blockStart..<count]), isFinal: true)
    }
}
