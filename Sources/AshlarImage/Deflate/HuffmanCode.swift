/// Code lengths for a deflate Huffman code with a maximum length.
///
/// An optimal (unlimited) code comes from the two-queue method over the symbols sorted by
/// frequency; lengths over the limit are then folded back, one Kraft unit at a time, by
/// lengthening the deepest shorter code (the heuristic miniz and zlib use in spirit), and the
/// resulting lengths are handed out longest-first to the least frequent symbols.
enum HuffmanCode {
    static func lengths(frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
            .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
        // Deflate needs at least two codes for the code to be complete (zlib does the same).
        if used.count < 2 {
            let first = used.first ?? 0
            lengths[first] = 1
            lengths[first == 0 ? 1 : 0] = 1
            return lengths
        }
        let leaves = used.count
        var weight = used.map { frequencies[$0] } + [Int](repeating: 0, count: leaves - 1)
        var parent = [Int](repeating: 0, count: 2 * leaves - 1)
        var nextLeaf = 0
        var nextInner = leaves
        var made = leaves
        func smallest() -> Int {
            if nextLeaf < leaves && (nextInner == made || weight[nextLeaf] <= weight[nextInner]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        while made < 2 * leaves - 1 {
            let a = smallest()
            let b = smallest()
            weight[made] = weight[a] + weight[b]
            parent[a] = made
            parent[b] = made
            made += 1
        }
        var depth = [Int](repeating: 0, count: 2 * leaves - 1)
        var counts = [Int](repeating: 0, count: max(limit, leaves) + 1)
        for node in stride(from: 2 * leaves - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
            if node < leaves { counts[min(depth[node], counts.count - 1)] += 1 }
        }
        // Fold lengths over the limit back to it, then restore the Kraft sum to exactly one.
        for length in stride(from: counts.count - 1, to: limit, by: -1) {
            counts[limit] += counts[length]
            counts[length] = 0
        }
        var kraft = 0
        for length in 1...limit { kraft += counts[length] << (limit - length) }
        while kraft > 1 << limit {
            counts[limit] -= 1
            for length in stride(from: limit - 1, to: 0, by: -1) where counts[length] > 0 {
                counts[length] -= 1
                counts[length + 1] += 2
                break
            }
            kraft -= 1
        }
        var next = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<counts[length] {
                lengths[used[next]] = UInt8(length)
                next += 1
            }
        }
        return lengths
    }

    /// Canonical codes (RFC 1951 §3.2.2), bit-reversed for writing least significant bit first.
    static func codes(lengths: [UInt8]) -> [UInt16] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[Int(length)]
            next[Int(length)] += 1
            return UInt16(InflateTable.reversed(code, Int(length)))
        }
    }
}
