import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The CTB scans of random tile layouts against the formulas of H.265 §6.5.1 and §6.5.2, written
/// plainly here (loops as in the spec), and the tile sizes that do not fit.
@Suite struct HEVCPictureGeometryTests {
    /// An SPS and PPS with the given layout, written bit by bit and read back.
    static func parameterSets(
        width: Int, height: Int, log2Ctb: Int, log2MinTb: Int, columns: [Int]?, rows: [Int]?, tileColumns: Int,
        tileRows: Int
    ) throws -> (HEVCSequenceParameterSet, HEVCPictureParameterSet) {
        var sps = HEVCTestBitWriter()
        sps.bits(0, 4) // vps id
        sps.bits(0, 3) // max sub layers − 1
        sps.bits(1, 1)
        sps.bits(1, 8) // profile space, tier, profile idc 1
        sps.bits(0x6000_0000, 32)
        sps.bits(0, 48)
        sps.bits(93, 8)
        sps.ue(0) // sps id
        sps.ue(1) // 4:2:0
        sps.ue(width)
        sps.ue(height)
        sps.bits(0, 1) // no conformance window
        sps.ue(0)
        sps.ue(0)
        sps.ue(4) // poc lsb
        sps.bits(1, 1)
        sps.ue(0)
        sps.ue(0)
        sps.ue(0)
        sps.ue(log2MinTb - 2) // MinCbLog2SizeY = MinTbLog2SizeY + 1
        sps.ue(log2Ctb - log2MinTb - 1)
        sps.ue(log2MinTb - 2)
        sps.ue(min(5, log2Ctb) - log2MinTb)
        sps.ue(0)
        sps.ue(0)
        sps.bits(0, 4) // scaling, amp, sao, pcm
        sps.ue(0) // st rps
        sps.bits(0, 4) // long term, tmvp, strong smoothing, vui
        sps.bits(0, 1) // extensions
        sps.trailingBits()
        var pps = HEVCTestBitWriter()
        pps.ue(0)
        pps.ue(0)
        pps.bits(0, 7)
        pps.ue(0)
        pps.ue(0)
        pps.se(0)
        pps.bits(0, 3)
        pps.se(0)
        pps.se(0)
        pps.bits(0, 4)
        pps.bits(1, 1) // tiles
        pps.bits(0, 1)
        pps.ue(tileColumns - 1)
        pps.ue(tileRows - 1)
        pps.bits(columns == nil ? 1 : 0, 1)
        if let columns, let rows {
            for width in columns { pps.ue(width - 1) }
            for height in rows { pps.ue(height - 1) }
        }
        pps.bits(1, 1)
        pps.bits(0, 2)
        pps.bits(0, 1) // scaling
        pps.bits(0, 1)
        pps.ue(0)
        pps.bits(0, 2)
        pps.trailingBits()
        return (try HEVCSequenceParameterSet(rbsp: sps.bytes), try HEVCPictureParameterSet(rbsp: pps.bytes))
    }

    @Test(arguments: 0..<40)
    func scansMatchTheSpec(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed + 1))
        let log2Ctb = Int.random(in: 4...6, using: &random)
        let log2MinTb = Int.random(in: 2...3, using: &random)
        let width = 16 * Int.random(in: 1...45, using: &random)
        let height = 16 * Int.random(in: 1...35, using: &random)
        let widthInCtbs = (width + (1 << log2Ctb) - 1) >> log2Ctb
        let heightInCtbs = (height + (1 << log2Ctb) - 1) >> log2Ctb
        let tileColumns = Int.random(in: 1...min(widthInCtbs, 20), using: &random)
        let tileRows = Int.random(in: (tileColumns == 1 ? 2 : 1)...max(2, min(heightInCtbs, 22)), using: &random)
        guard tileRows <= heightInCtbs else { return }
        let uniform = Bool.random(using: &random)
        // Explicit sizes: random cuts of the picture into tiles of at least one CTB.
        func cuts(_ count: Int, _ total: Int) -> [Int] {
            var sizes = [Int](repeating: 1, count: count)
            for _ in 0..<(total - count) { sizes[Int.random(in: 0..<count, using: &random)] += 1 }
            return sizes
        }
        let columnSizes = cuts(tileColumns, widthInCtbs)
        let rowSizes = cuts(tileRows, heightInCtbs)
        let (sps, pps) = try Self.parameterSets(
            width: width, height: height, log2Ctb: log2Ctb, log2MinTb: log2MinTb,
            columns: uniform ? nil : Array(columnSizes.dropLast()), rows: uniform ? nil : Array(rowSizes.dropLast()),
            tileColumns: tileColumns, tileRows: tileRows)
        let geometry = try HEVCPictureGeometry(sps: sps, pps: pps)

        // (6-3), (6-4): colWidth, rowHeight; (6-5), (6-6): colBd, rowBd.
        var colWidth = columnSizes
        var rowHeight = rowSizes
        if uniform {
            for i in 0..<tileColumns {
                colWidth[i] = ((i + 1) * widthInCtbs) / tileColumns - (i * widthInCtbs) / tileColumns
            }
            for j in 0..<tileRows { rowHeight[j] = ((j + 1) * heightInCtbs) / tileRows - (j * heightInCtbs) / tileRows }
        }
        var colBd = [Int](repeating: 0, count: tileColumns + 1)
        var rowBd = [Int](repeating: 0, count: tileRows + 1)
        for i in 0..<tileColumns { colBd[i + 1] = colBd[i] + colWidth[i] }
        for j in 0..<tileRows { rowBd[j + 1] = rowBd[j] + rowHeight[j] }
        #expect(geometry.columnBoundaries == colBd)
        #expect(geometry.rowBoundaries == rowBd)
        // (6-7): CtbAddrRsToTs.
        let size = widthInCtbs * heightInCtbs
        var rsToTs = [Int](repeating: 0, count: size)
        for ctbAddrRs in 0..<size {
            let tbX = ctbAddrRs % widthInCtbs
            let tbY = ctbAddrRs / widthInCtbs
            var tileX = 0
            for i in 0..<tileColumns where tbX >= colBd[i] { tileX = i }
            var tileY = 0
            for j in 0..<tileRows where tbY >= rowBd[j] { tileY = j }
            var value = 0
            for i in 0..<tileX { value += rowHeight[tileY] * colWidth[i] }
            for j in 0..<tileY { value += widthInCtbs * rowHeight[j] }
            value += (tbY - rowBd[tileY]) * colWidth[tileX] + tbX - colBd[tileX]
            rsToTs[ctbAddrRs] = value
        }
        #expect(geometry.ctbAddressRasterToTile.map(Int.init) == rsToTs)
        // (6-8): CtbAddrTsToRs; (6-9): TileId.
        var tsToRs = [Int](repeating: 0, count: size)
        for rs in 0..<size { tsToRs[rsToTs[rs]] = rs }
        #expect(geometry.ctbAddressTileToRaster.map(Int.init) == tsToRs)
        var tileID = [Int](repeating: 0, count: size)
        var tileIndex = 0
        for j in 0..<tileRows {
            for i in 0..<tileColumns {
                for y in rowBd[j]..<rowBd[j + 1] {
                    for x in colBd[i]..<colBd[i + 1] { tileID[rsToTs[y * widthInCtbs + x]] = tileIndex }
                }
                tileIndex += 1
            }
        }
        #expect(geometry.tileID.map(Int.init) == tileID)
        // (6-10): MinTbAddrZs.
        let shift = log2Ctb - log2MinTb
        #expect(geometry.widthInMinTbs == widthInCtbs << shift)
        var mismatches = 0
        for y in 0..<(heightInCtbs << shift) {
            for x in 0..<(widthInCtbs << shift) {
                let tbX = (x << log2MinTb) >> log2Ctb
                let tbY = (y << log2MinTb) >> log2Ctb
                let ctbAddrRs = widthInCtbs * tbY + tbX
                var value = rsToTs[ctbAddrRs] << (shift * 2)
                for i in 0..<shift {
                    let m = 1 << i
                    value += (m & x != 0 ? m * m : 0) + (m & y != 0 ? 2 * m * m : 0)
                }
                if Int(geometry.minTbAddressZScan[y * geometry.widthInMinTbs + x]) != value { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func refusesTilesThatDoNotFit() throws {
        // 64×64 with 16×16 CTBs: 4 CTB columns; explicit columns of 2 + 2 leave none for the third.
        #expect(throws: ImageError.self) {
            let (sps, pps) = try Self.parameterSets(
                width: 64, height: 64, log2Ctb: 4, log2MinTb: 2, columns: [2, 2], rows: [], tileColumns: 3,
                tileRows: 1)
            _ = try HEVCPictureGeometry(sps: sps, pps: pps)
        }
        #expect(throws: ImageError.self) {
            let (sps, pps) = try Self.parameterSets(
                width: 64, height: 64, log2Ctb: 4, log2MinTb: 2, columns: nil, rows: nil, tileColumns: 5, tileRows: 1)
            _ = try HEVCPictureGeometry(sps: sps, pps: pps)
        }
    }
}
