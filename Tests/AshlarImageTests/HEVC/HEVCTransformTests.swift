import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The inverse transforms against the spec's rows typed here, the matrices' designed
/// orthogonality, and a literal reading of §8.6.2 / §8.6.4 (a plain matrix product with the
/// spec's clipping and shifts) on random blocks of every size and bit depth.
@Suite struct HEVCTransformTests {
    /// Rows of transMatrix as printed in the spec (8-315 and following), by (N, k).
    static let specRows: [(size: Int, k: Int, row: [Int32])] = [
        (4, 0, [64, 64, 64, 64]), (4, 1, [83, 36, -36, -83]), (4, 2, [64, -64, -64, 64]),
        (4, 3, [36, -83, 83, -36]),
        (8, 1, [89, 75, 50, 18, -18, -50, -75, -89]), (8, 3, [75, -18, -89, -50, 50, 89, 18, -75]),
        (8, 5, [50, -89, 18, 75, -75, -18, 89, -50]), (8, 7, [18, -50, 75, -89, 89, -75, 50, -18]),
        (16, 1, [90, 87, 80, 70, 57, 43, 25, 9, -9, -25, -43, -57, -70, -80, -87, -90]),
        (
            32, 1,
            [
                90, 90, 88, 85, 82, 78, 73, 67, 61, 54, 46, 38, 31, 22, 13, 4, -4, -13, -22, -31, -38, -46, -54, -61,
                -67, -73, -78, -82, -85, -88, -90, -90,
            ]
        ),
        (
            32, 3,
            [
                90, 82, 67, 46, 22, -4, -31, -54, -73, -85, -90, -88, -78, -61, -38, -13, 13, 38, 61, 78, 88, 90, 85,
                73, 54, 31, 4, -22, -46, -67, -82, -90,
            ]
        ),
    ]

    @Test(arguments: 0..<specRows.count) func matrixRowsMatchTheSpec(index: Int) {
        let (size, k, row) = Self.specRows[index]
        let log2 = size.trailingZeroBitCount
        let matrix = HEVCTransform.matrix(log2Size: log2, dst: false)
        #expect(Array(matrix[k * size..<(k + 1) * size]) == row)
    }

    /// The design of the integer DCT: rows almost orthogonal, each of norm close to 64·sqrt(N).
    @Test(arguments: 2...5) func matricesAreNearlyOrthogonal(log2Size: Int) {
        let size = 1 << log2Size
        let matrix = HEVCTransform.matrix(log2Size: log2Size, dst: false)
        let norm = 64 * 64 * size
        for a in 0..<size {
            for b in 0..<size {
                var dot = 0
                for n in 0..<size { dot += Int(matrix[a * size + n]) * Int(matrix[b * size + n]) }
                if a == b {
                    #expect(abs(dot - norm) * 100 < norm, "row \(a) of \(size): \(dot)")
                } else {
                    #expect(abs(dot) * 100 < norm, "rows \(a), \(b) of \(size): \(dot)")
                }
            }
        }
    }

    /// §8.6.4.2 read literally: y[i] = Σ transMatrix[j][i] · x[j] over all j, columns then rows.
    static func literalTransform(_ d: [Int], size: Int, dst: Bool, bitDepth: Int) -> [Int] {
        let matrix = HEVCTransform.matrix(log2Size: size.trailingZeroBitCount, dst: dst).map(Int.init)
        func oneD(_ x: [Int]) -> [Int] {
            (0..<size).map { i in (0..<size).reduce(0) { $0 + matrix[$1 * size + i] * x[$1] } }
        }
        var g = [Int](repeating: 0, count: size * size)
        for x in 0..<size {
            let e = oneD((0..<size).map { d[$0 * size + x] })
            for y in 0..<size { g[y * size + x] = min(max((e[y] + 64) >> 7, -32768), 32767) }
        }
        var r = [Int](repeating: 0, count: size * size)
        let bdShift = 20 - bitDepth
        for y in 0..<size {
            let row = oneD((0..<size).map { g[y * size + $0] })
            for x in 0..<size { r[y * size + x] = (row[x] + (1 << (bdShift - 1))) >> bdShift }
        }
        return r
    }

    /// Random coefficients, most of them zero and in the top-left corner, as real blocks are.
    static func randomLevels(size: Int, range: ClosedRange<Int32>, generator: inout SeededGenerator) -> [Int32] {
        let corner = Int.random(in: 1...size, using: &generator)
        return (0..<size * size).map { index in
            let x = index % size
            let y = index / size
            guard x < corner, y < corner, Int.random(in: 0..<3, using: &generator) == 0 else { return 0 }
            return Int32.random(in: range, using: &generator)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var log2Size: Int
        var dst: Bool
        var bitDepth: Int
        var testDescription: String { "\(1 << log2Size)x\(1 << log2Size) \(dst ? "DST" : "DCT") \(bitDepth)-bit" }
    }

    static let cases: [Case] =
        [Case(log2Size: 2, dst: true, bitDepth: 8), Case(log2Size: 2, dst: true, bitDepth: 10)]
        + (2...5).flatMap { log2 in [8, 10, 12].map { Case(log2Size: log2, dst: false, bitDepth: $0) } }

    @Test(arguments: cases) func inverseTransformMatchesTheLiteralReading(_ testCase: Case) {
        var generator = SeededGenerator(seed: UInt64(testCase.log2Size * 100 + testCase.bitDepth))
        let size = 1 << testCase.log2Size
        for round in 0..<40 {
            let range: ClosedRange<Int32> = round % 4 == 0 ? -32768...32767 : -600...600
            let levels = Self.randomLevels(size: size, range: range, generator: &generator)
            let expected = Self.literalTransform(
                levels.map(Int.init), size: size, dst: testCase.dst, bitDepth: testCase.bitDepth)
            var block = levels
            var settings = HEVCTransformSettings(bitDepth: testCase.bitDepth)
            settings.isIntra = testCase.dst
            HEVCTransform.residual(
                &block, log2Size: testCase.log2Size, settings: settings,
                dequantiser: HEVCDequantiserSettings(bitDepth: testCase.bitDepth, qp: 4))
            // qP 4 with no scaling lists: levelScale 64, m 16, so d = (level · 1024 + round) >>
            // bdShift, written here from the formula.
            let bdShift = testCase.bitDepth + testCase.log2Size - 5
            let scaled = levels.map { min(max((Int($0) * 16 * 64 + (1 << (bdShift - 1))) >> bdShift, -32768), 32767) }
            let expectedScaled = Self.literalTransform(
                scaled, size: size, dst: testCase.dst, bitDepth: testCase.bitDepth)
            #expect(block.map(Int.init) == expectedScaled, "round \(round)")
            var unscaled = levels
            HEVCTransform.inverse(&unscaled, log2Size: testCase.log2Size, dst: testCase.dst)
            let bd = 20 - testCase.bitDepth
            #expect(unscaled.map { (Int($0) + (1 << (bd - 1))) >> bd } == expected, "round \(round)")
        }
    }

    /// A DC-only DCT block gives a flat residual; a zero block a zero residual.
    @Test(arguments: 2...5) func dcOnlyIsFlat(log2Size: Int) {
        let size = 1 << log2Size
        var block = [Int32](repeating: 0, count: size * size)
        block[0] = 1000
        HEVCTransform.inverse(&block, log2Size: log2Size, dst: false)
        #expect(Set(block).count == 1)
        var zero = [Int32](repeating: 0, count: size * size)
        HEVCTransform.inverse(&zero, log2Size: log2Size, dst: false)
        #expect(zero.allSatisfy { $0 == 0 })
    }

    @Test func zeroResidualReconstructsThePrediction() throws {
        var plane = try HEVCPlane(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { plane.setSample(x: x, y: y, UInt16(x * 30 + y)) } }
        let before = plane
        HEVCTransform.addResidual([Int32](repeating: 0, count: 64), to: &plane, x0: 0, y0: 0, size: 8, bitDepth: 8)
        #expect(plane == before)
        HEVCTransform.addResidual([Int32](repeating: 300, count: 16), to: &plane, x0: 4, y0: 4, size: 4, bitDepth: 8)
        #expect(plane.sample(x: 5, y: 5) == 255)
        #expect(plane.sample(x: 3, y: 3) == before.sample(x: 3, y: 3))
    }
}
