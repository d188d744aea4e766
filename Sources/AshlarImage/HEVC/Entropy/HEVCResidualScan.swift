/// The scan orders of H.265 §6.5.3–6.5.5 (ScanOrder[log2BlockSize][scanIdx][sPos]): up-right
/// diagonal, horizontal and vertical, for blocks of 1×1 to 8×8 (sub-blocks of a transform block,
/// and the 4×4 positions inside one). Each position is packed as `x | y << 4`.
package enum HEVCResidualScan {
    /// The order for a `1 << log2Size` block (log2Size 0...3) and scanIdx 0...2.
    package static func order(log2Size: Int, scanIndex: Int) -> [UInt8] {
        tables[log2Size * 3 + scanIndex]
    }

    /// All twelve orders, indexed `log2Size * 3 + scanIndex`.
    static let tables: [[UInt8]] = (0...3).flatMap { log2 in (0...2).map { make(size: 1 << log2, scanIndex: $0) } }

    private static func make(size: Int, scanIndex: Int) -> [UInt8] {
        var order: [UInt8] = []
        switch scanIndex {
        case 1:
            for y in 0..<size { for x in 0..<size { order.append(UInt8(x | y << 4)) } }
        case 2:
            for x in 0..<size { for y in 0..<size { order.append(UInt8(x | y << 4)) } }
        default:
            // §6.5.3: anti-diagonals from bottom-left to top-right.
            var x = 0
            var y = 0
            while order.count < size * size {
                while y >= 0 {
                    if x < size && y < size { order.append(UInt8(x | y << 4)) }
                    y -= 1
                    x += 1
                }
                y = x
                x = 0
            }
        }
        return order
    }
}
