/// Hash chains over the input for ``Deflater``: `head` holds the latest position of each hash of
/// three bytes, `previous` the position before it with the same hash (within the window).
/// The tables are the caller's (``tableSize`` `Int32`s), so the hot loops see no reference counting.
struct MatchFinder {
    static let hashBits = 15
    static let tableSize = (1 << hashBits) + Deflater.windowSize
    let base: UnsafePointer<UInt8>
    let count: Int
    private let head: UnsafeMutablePointer<Int32>
    private let previous: UnsafeMutablePointer<Int32>

    init(_ base: UnsafePointer<UInt8>, count: Int, tables: UnsafeMutablePointer<Int32>) {
        self.base = base
        self.count = count
        tables.initialize(repeating: -1, count: Self.tableSize)
        head = tables
        previous = tables + (1 << Self.hashBits)
    }

    /// Records `position` in its chain and returns the chain's previous head (-1 if none, or
    /// if fewer than three bytes remain).
    @inline(__always) func insert(_ position: Int) -> Int {
        guard position + 3 <= count else { return -1 }
        let key = UInt32(base[position]) << 16 | UInt32(base[position + 1]) << 8 | UInt32(base[position + 2])
        let hash = Int((key &* 2_654_435_761) >> (32 - UInt32(Self.hashBits)))
        // `hash` has hashBits bits; the window mask keeps `previous`'s index in range.
        let old = Int(head[hash])
        previous[position & (Deflater.windowSize - 1)] = Int32(old)
        head[hash] = Int32(position)
        return old
    }

    /// The longest match for `position` along the chain from `candidate`, if longer than
    /// `previousLength`; else a length of at most `previousLength`.
    func longestMatch(at position: Int, candidate: Int, previousLength: Int) -> (length: Int, start: Int) {
        let maxLength = min(258, count - position)
        guard maxLength >= 3 else { return (2, 0) }
        var chain = previousLength >= Deflater.goodLength ? Deflater.maxChain >> 2 : Deflater.maxChain
        var bestLength = previousLength
        var bestStart = 0
        var candidate = candidate
        let limit = position - Deflater.windowSize
        let here = base + position
        while candidate >= 0 && candidate > limit - 1 && candidate < position {
            let there = base + candidate
            // Cheap test first (as zlib's): the two bytes ending a match longer than the best, and
            // the first two. `bestLength` is at least 2 and below `maxLength`, so all are in the input.
            if bestLength < maxLength && Self.pair(there + bestLength - 1) == Self.pair(here + bestLength - 1)
                && Self.pair(there) == Self.pair(here)
            {
                let length = Self.commonLength(here, there, maxLength)
                if length > bestLength {
                    bestLength = length
                    bestStart = candidate
                    if length >= Deflater.niceLength || length == maxLength { break }
                }
            }
            chain -= 1
            if chain == 0 { break }
            // Positions in the chain decrease; the window mask keeps the index in range.
            let next = Int(previous[candidate & (Deflater.windowSize - 1)])
            if next >= candidate { break }
            candidate = next
        }
        return bestLength > previousLength ? (bestLength, bestStart) : (min(bestLength, 2), 0)
    }

    @inline(__always) static func pair(_ bytes: UnsafePointer<UInt8>) -> UInt16 {
        UnsafeRawPointer(bytes).loadUnaligned(as: UInt16.self)
    }

    /// How many bytes `a` and `b` share, up to `maxLength`, eight at a time.
    @inline(__always)
    static func commonLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ maxLength: Int) -> Int {
        var length = 0
        while length + 8 <= maxLength {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            let difference = (x ^ y).littleEndian
            if difference != 0 { return length + difference.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < maxLength && a[length] == b[length] { length += 1 }
        return length
    }
}
