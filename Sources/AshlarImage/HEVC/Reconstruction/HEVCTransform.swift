/// The inverse transforms of H.265 §8.6.4.2: the 4×4 DST and the 4- to 32-point DCTs of the
/// spec's transMatrix, in two stages with the intermediate clip.
package enum HEVCTransform {
    /// transMatrix (8-315 to 8-318) as 32 rows of 32 (row k is frequency k, column n is sample n).
    /// Every entry is ±T[m] for m, the angle index of cos(π(2n+1)k / 64) folded into 0...32: the
    /// spec's table is exactly these values, see HEVCTransformTests.
    package static let matrix32: [Int32] = {
        let odd32: [Int32] = [90, 90, 88, 85, 82, 78, 73, 67, 61, 54, 46, 38, 31, 22, 13, 4]
        let odd16: [Int32] = [90, 87, 80, 70, 57, 43, 25, 9]
        let odd8: [Int32] = [89, 75, 50, 18]
        func magnitude(_ m: Int) -> Int32 {
            if m == 0 || m == 16 { return 64 }
            if m % 2 == 1 { return odd32[(m - 1) / 2] }
            if m % 4 == 2 { return odd16[(m - 2) / 4] }
            if m % 8 == 4 { return odd8[(m - 4) / 8] }
            return m == 8 ? 83 : 36
        }
        var matrix = [Int32](repeating: 0, count: 32 * 32)
        for k in 0..<32 {
            for n in 0..<32 {
                let j = ((2 * n + 1) * k) % 128
                let (m, sign): (Int, Int32) =
                    switch j {
                    case 0...32: (j, 1)
                    case 33..<64: (64 - j, -1)
                    case 64...96: (j - 64, -1)
                    default: (128 - j, 1)
                    }
                matrix[k * 32 + n] = sign * magnitude(m)
            }
        }
        return matrix
    }()

    /// transMatrix of the DST (8-314), row k frequency, column n sample.
    package static let dst4: [Int32] = [29, 55, 74, 84, 74, 74, 0, -74, 84, -29, -74, 55, 55, -84, 74, -29]

    /// The N-point matrix (row k, column n): the DST for `dst`, else rows k · 32/N of transMatrix.
    package static func matrix(log2Size: Int, dst: Bool) -> [Int32] {
        if dst { return dst4 }
        let size = 1 << log2Size
        let step = 32 / size
        var result = [Int32](repeating: 0, count: size * size)
        for k in 0..<size {
            for n in 0..<size { result[k * size + n] = matrix32[k * step * 32 + n] }
        }
        return result
    }

    static let matrices: [[Int32]] = (2...5).map { matrix(log2Size: $0, dst: false) }

    /// Inverse-transforms coefficients d (nTbS × nTbS, row-major y · nTbS + x) in place into the
    /// residual before the final bdShift: columns first, clip (e + 64) >> 7 to 16 bits, then rows.
    /// Each pass adds, for every non-zero input, that input times a row of the matrix (rows of the
    /// transform matrix are contiguous, so the additions vectorise), and only up to the last
    /// non-zero row and column.
    package static func inverse(_ block: inout [Int32], log2Size: Int, dst: Bool) {
        let log2Size = min(max(log2Size, 2), 5)
        let size = 1 << log2Size
        guard block.count >= size * size else { return }
        let matrix = dst && log2Size == 2 ? dst4 : matrices[log2Size - 2]
        matrix.withUnsafeBufferPointer { m in
            block.withUnsafeMutableBufferPointer { d in
                guard let m = m.baseAddress, let d = d.baseAddress else { return }
                inverse(d, size: size, matrix: m)
            }
        }
    }

    /// ``inverse(_:log2Size:dst:)`` on `size` × `size` coefficients at `d`.
    static func inverse(_ d: UnsafeMutablePointer<Int32>, size: Int, matrix m: UnsafePointer<Int32>) {
        var lastX = -1
        var lastY = -1
        for y in 0..<size {
            for x in 0..<size where d[y * size + x] != 0 {
                lastX = max(lastX, x)
                lastY = max(lastY, y)
            }
        }
        guard lastX >= 0 else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * size * size) { scratch in
            guard let transposed = scratch.baseAddress else { return }
            let sums = transposed + size * size
            // Coefficients are within 16 bits and |transMatrix| <= 90: a sum of 32 products stays
            // below 2^27, so the wrapping operators never wrap.
            // Columns: e[x][y] = Σk transMatrix[k][y] · d[x][k], kept transposed (row x).
            for x in 0...lastX {
                let column = transposed + x * size
                column.update(repeating: 0, count: size)
                for k in 0...lastY {
                    let c = d[k * size + x]
                    if c == 0 { continue }
                    let row = m + k * size
                    for y in 0..<size { column[y] = column[y] &+ c &* row[y] }
                }
                for y in 0..<size { column[y] = min(max((column[y] &+ 64) >> 7, -32768), 32767) }
            }
            // Rows: r[x][y] = Σk transMatrix[k][x] · g[k][y].
            for y in 0..<size {
                sums.update(repeating: 0, count: size)
                for k in 0...lastX {
                    let c = transposed[k * size + y]
                    if c == 0 { continue }
                    let row = m + k * size
                    for x in 0..<size { sums[x] = sums[x] &+ c &* row[x] }
                }
                (d + y * size).update(from: sums, count: size)
            }
        }
    }
}
