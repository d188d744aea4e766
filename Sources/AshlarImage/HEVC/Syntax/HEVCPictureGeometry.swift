/// The CTB and minimum transform block layout of a picture (H.265 §6.5.1, §6.5.2), computed once
/// from the SPS and PPS: tile column and row boundaries, the raster/tile scan conversions, TileId
/// and MinTbAddrZs (the z-scan order of minimum transform blocks).
package struct HEVCPictureGeometry: Sendable, Equatable {
    /// PicWidthInCtbsY and PicHeightInCtbsY.
    package var widthInCtbs: Int
    package var heightInCtbs: Int
    /// CtbLog2SizeY and MinTbLog2SizeY.
    package var log2CtbSize: Int
    package var log2MinTbSize: Int
    /// colBd[0...num_tile_columns] and rowBd[0...num_tile_rows], in CTBs.
    package var columnBoundaries: [Int]
    package var rowBoundaries: [Int]
    /// CtbAddrRsToTs, CtbAddrTsToRs and TileId (indexed by tile-scan address).
    package var ctbAddressRasterToTile: [Int32]
    package var ctbAddressTileToRaster: [Int32]
    package var tileID: [Int32]
    /// Minimum transform blocks per row and column of the picture (covering whole CTBs).
    package var widthInMinTbs: Int
    package var heightInMinTbs: Int
    /// MinTbAddrZs[x][y] at index y * widthInMinTbs + x.
    package var minTbAddressZScan: [Int32]

    /// PicSizeInCtbsY.
    package var sizeInCtbs: Int { widthInCtbs * heightInCtbs }

    /// Computes the layout; tile sizes that do not fit the picture are malformed.
    package init(sps: HEVCSequenceParameterSet, pps: HEVCPictureParameterSet) throws(ImageError) {
        widthInCtbs = sps.widthInCTBs
        heightInCtbs = sps.heightInCTBs
        log2CtbSize = sps.log2CodingTreeBlockSize
        log2MinTbSize = sps.log2MinTransformBlockSize
        let widths = try Self.tileSizes(
            count: pps.tiles?.columns ?? 1, total: widthInCtbs, uniform: pps.tiles?.columnWidths == nil,
            explicit: pps.tiles?.columnWidths ?? [],
            what: "tile columns")
        let heights = try Self.tileSizes(
            count: pps.tiles?.rows ?? 1, total: heightInCtbs, uniform: pps.tiles?.rowHeights == nil,
            explicit: pps.tiles?.rowHeights ?? [],
            what: "tile rows")
        columnBoundaries = widths.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }
        rowBoundaries = heights.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) }
        let count = widthInCtbs * heightInCtbs
        var rasterToTile = [Int32](repeating: 0, count: count)
        var tileToRaster = [Int32](repeating: 0, count: count)
        var tiles = [Int32](repeating: 0, count: count)
        // Tiles in raster order, CTBs in raster order within each tile (6-5, 6-6, 6-7).
        var address = 0
        var tile: Int32 = 0
        for row in 0..<heights.count {
            for column in 0..<widths.count {
                for y in rowBoundaries[row]..<rowBoundaries[row + 1] {
                    for x in columnBoundaries[column]..<columnBoundaries[column + 1] {
                        let raster = y * widthInCtbs + x
                        rasterToTile[raster] = Int32(address)
                        tileToRaster[address] = Int32(raster)
                        tiles[address] = tile
                        address += 1
                    }
                }
                tile += 1
            }
        }
        ctbAddressRasterToTile = rasterToTile
        ctbAddressTileToRaster = tileToRaster
        tileID = tiles
        let shift = log2CtbSize - log2MinTbSize
        widthInMinTbs = widthInCtbs << shift
        heightInMinTbs = heightInCtbs << shift
        var zScan = [Int32](repeating: 0, count: widthInMinTbs * heightInMinTbs)
        // (6-10): the CTB's tile-scan address, then the interleaved bits of x and y inside it.
        var inside = [Int](repeating: 0, count: 1 << shift)
        for value in 0..<(1 << shift) {
            var spread = 0
            for bit in 0..<shift where value >> bit & 1 == 1 { spread |= 1 << (2 * bit) }
            inside[value] = spread
        }
        let (columns, rows, ctbColumns) = (widthInMinTbs, heightInMinTbs, widthInCtbs)
        let mask = (1 << shift) - 1
        zScan.withUnsafeMutableBufferPointer { out in
            for y in 0..<rows {
                let ctbY = y >> shift
                for x in 0..<columns {
                    let ctb = Int(rasterToTile[ctbY * ctbColumns + (x >> shift)])
                    out[y * columns + x] = Int32(
                        ctb << (2 * shift) | inside[x & mask] | inside[y & mask] << 1)
                }
            }
        }
        minTbAddressZScan = zScan
    }

    /// colWidth or rowHeight (6-3, 6-4): uniform spacing, or the explicit sizes with the last one
    /// taking what is left.
    private static func tileSizes(count: Int, total: Int, uniform: Bool, explicit: [Int], what: String)
        throws(ImageError) -> [Int]
    {
        guard count <= total else {
            throw ImageError(.malformed, "HEVC \(count) \(what) do not fit \(total) CTBs")
        }
        if uniform {
            return (0..<count).map { ((($0 + 1) * total) / count) - (($0 * total) / count) }
        }
        let used = explicit.reduce(0, +)
        guard explicit.count == count - 1, used < total else {
            throw ImageError(.malformed, "HEVC explicit \(what) (\(used) CTBs) do not fit \(total) CTBs")
        }
        return explicit + [total - used]
    }
}
