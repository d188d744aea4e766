import AshlarTestSupport
import Testing

@testable import AshlarImage

/// scaling_list_data() written by hand (coded lists, predicted copies, defaults) and the
/// ScalingFactor arrays, against the spec's derivation (§7.4.5) written plainly here with the
/// up-right diagonal scan of §6.5.3.
@Suite struct HEVCScalingListTests {
    /// (6.5.3) The up-right diagonal scan, as the spec writes it.
    static func diagonal(_ blkSize: Int) -> [(Int, Int)] {
        var scan: [(Int, Int)] = []
        var x = 0
        var y = 0
        var stop = false
        while !stop {
            while y >= 0 {
                if x < blkSize && y < blkSize { scan.append((x, y)) }
                y -= 1
                x += 1
            }
            y = x
            x = 0
            if scan.count >= blkSize * blkSize { stop = true }
        }
        return scan
    }

    /// ScalingFactor from lists and DCs (7-40...7-44 and the 4:4:4 32×32 chroma rule).
    static func expectedFactor(_ lists: [[[Int]]], _ dc: [[Int]], size sizeID: Int, matrix matrixID: Int) -> [Int] {
        let size = 4 << sizeID
        var m = [Int](repeating: 0, count: size * size)
        let scan = diagonal(sizeID == 0 ? 4 : 8)
        let ratio = sizeID < 2 ? 1 : size / 8
        let listSize = sizeID == 3 && matrixID % 3 != 0 ? 2 : sizeID
        for i in 0..<scan.count {
            for j in 0..<ratio {
                for k in 0..<ratio {
                    m[(scan[i].1 * ratio + j) * size + scan[i].0 * ratio + k] = lists[listSize][matrixID][i]
                }
            }
        }
        if sizeID >= 2 { m[0] = dc[listSize - 2][matrixID] }
        return m
    }

    @Test(arguments: 0..<8)
    func codedListsGiveTheSpecsFactors(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 77)
        var writer = HEVCTestBitWriter()
        var lists: [[[Int]]] = (0..<4).map { s in
            (0..<6).map { m in
                (s == 0
                    ? [Int](repeating: 16, count: 16)
                    : (m < 3 ? HEVCScalingList.defaultIntra : HEVCScalingList.defaultInter).map(Int.init))
            }
        }
        var dc = [[Int]](repeating: [Int](repeating: 16, count: 6), count: 2)
        for sizeID in 0..<4 {
            let step = sizeID == 3 ? 3 : 1
            for matrixID in stride(from: 0, to: 6, by: step) {
                let mode = Int.random(in: 0..<3, using: &random)
                if mode == 0 || (mode == 1 && matrixID == 0) {
                    // Coded: a random list, written as deltas from 8 (or from the DC).
                    writer.bits(1, 1)
                    let count = min(64, 1 << (4 + (sizeID << 1)))
                    var next = 8
                    if sizeID > 1 {
                        let value = Int.random(in: 1...255, using: &random)
                        writer.se(value - 8)
                        dc[sizeID - 2][matrixID] = value
                        next = value
                    }
                    var list: [Int] = []
                    for _ in 0..<count {
                        let value = Int.random(in: 1...255, using: &random)
                        var delta = value - next
                        if delta > 127 { delta -= 256 }
                        if delta < -128 { delta += 256 }
                        writer.se(delta)
                        list.append(value)
                        next = value
                    }
                    lists[sizeID][matrixID] = list
                } else if mode == 1 {
                    // A copy of an earlier matrix.
                    let delta = Int.random(in: 1...(matrixID / step), using: &random)
                    writer.bits(0, 1)
                    writer.ue(delta)
                    let reference = matrixID - delta * step
                    lists[sizeID][matrixID] = lists[sizeID][reference]
                    if sizeID > 1 { dc[sizeID - 2][matrixID] = dc[sizeID - 2][reference] }
                } else {
                    // The default list.
                    writer.bits(0, 1)
                    writer.ue(0)
                    lists[sizeID][matrixID] =
                        sizeID == 0
                        ? [Int](repeating: 16, count: 16)
                        : (matrixID < 3 ? HEVCScalingList.defaultIntra : HEVCScalingList.defaultInter).map(Int.init)
                    if sizeID > 1 { dc[sizeID - 2][matrixID] = 16 }
                }
            }
        }
        writer.trailingBits()
        var reader = HEVCBitReader(writer.bytes, structure: "SPS")
        let scaling = try HEVCScalingList(&reader)
        #expect(!reader.moreRBSPData)
        for sizeID in 0..<4 {
            for matrixID in 0..<6 {
                let expected = Self.expectedFactor(lists, dc, size: sizeID, matrix: matrixID)
                #expect(
                    scaling.factors(size: 4 << sizeID, matrixID: matrixID).map(Int.init) == expected,
                    "\(sizeID)/\(matrixID)")
            }
        }
        #expect(
            scaling.factor(sizeID: 0, matrixID: 1, x: 3, y: 0) == Self.expectedFactor(lists, dc, size: 0, matrix: 1)[3])
    }

    @Test func defaultsAreTable7_6() {
        let standard = HEVCScalingList.defaults
        // Table 7-6 read in the spec's layout: entry i of the 8×8 list at diagonal position i.
        let scan = Self.diagonal(8)
        for (i, position) in scan.enumerated() {
            #expect(
                standard.factor(sizeID: 1, matrixID: 0, x: position.0, y: position.1)
                    == Int(HEVCScalingList.defaultIntra[i]))
            #expect(
                standard.factor(sizeID: 1, matrixID: 4, x: position.0, y: position.1)
                    == Int(HEVCScalingList.defaultInter[i]))
        }
        // The bottom-right corner of the intra 8×8 default is 115; 16×16 repeats it over 2×2, 32×32 over 4×4.
        #expect(standard.factor(sizeID: 1, matrixID: 0, x: 7, y: 7) == 115)
        #expect(standard.factor(sizeID: 2, matrixID: 2, x: 14, y: 15) == 115)
        #expect(standard.factor(sizeID: 3, matrixID: 3, x: 31, y: 28) == 91)
        #expect(standard.factor(sizeID: 3, matrixID: 0, x: 0, y: 0) == 16)
        #expect(Set((0..<6).flatMap { standard.factors(size: 4, matrixID: $0) }) == [16])
    }

    @Test func refusesOutOfRangeValues() {
        // scaling_list_pred_matrix_id_delta 1 for matrixId 0.
        var writer = HEVCTestBitWriter()
        writer.bits(0, 1)
        writer.ue(1)
        writer.trailingBits()
        var reader = HEVCBitReader(writer.bytes, structure: "SPS")
        #expect(throws: ImageError.self) { try HEVCScalingList(&reader) }
        // A coefficient that wraps to zero: next = (8 − 8 + 256) % 256.
        var zero = HEVCTestBitWriter()
        zero.bits(1, 1)
        zero.se(-8)
        for _ in 0..<1100 { zero.bits(1, 1) }
        var zeroReader = HEVCBitReader(zero.bytes, structure: "SPS")
        #expect {
            try HEVCScalingList(&zeroReader)
        } throws: { error in
            (error as? ImageError)?.message.contains("zero coefficient") == true
        }
    }
}

extension HEVCScalingList {
    /// m[x][y] of the `4 << sizeID` block for `matrixID`.
    func factor(sizeID: Int, matrixID: Int, x: Int, y: Int) -> Int {
        Int(factors(size: 4 << sizeID, matrixID: matrixID)[y * (4 << sizeID) + x])
    }
}
