/// `scaling_list_data()` (§7.3.4, §7.4.5) and the scaling factors it gives: for each size
/// (4×4, 8×8, 16×16, 32×32) and matrix (intra Y, Cb, Cr, inter Y, Cb, Cr), the factor m[x][y]
/// dequantisation multiplies by, row-major (`y * size + x`).
package struct HEVCScalingList: Sendable, Equatable {
    /// ScalingList[sizeId][matrixId][i], in up-right diagonal scan order.
    package var lists: [[[UInt8]]]
    /// scaling_list_dc_coef_minus8 + 8 for 16×16 (index 0) and 32×32 (index 1).
    package var dc: [[UInt8]]

    /// Table 7-6: the default 8×8 lists for intra (matrices 0–2) and inter (3–5), in scan order.
    static let defaultIntra: [UInt8] = [
        16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 17, 16, 17, 16, 17, 18, 17, 18, 18, 17, 18, 21, 19, 20, 21, 20, 19,
        21, 24, 22, 22, 24, 24, 22, 22, 24, 25, 25, 27, 30, 27, 25, 25, 29, 31, 35, 35, 31, 29, 36, 41, 44, 41, 36,
        47, 54, 54, 47, 65, 70, 65, 88, 88, 115,
    ]
    static let defaultInter: [UInt8] = [
        16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 20, 20, 20, 20, 20, 20,
        20, 24, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25, 25, 25, 28, 28, 28, 28, 28, 28, 33, 33, 33, 33, 33,
        41, 41, 41, 41, 54, 54, 54, 71, 71, 91,
    ]

    static func defaultList(sizeID: Int, matrixID: Int) -> [UInt8] {
        if sizeID == 0 { return [UInt8](repeating: 16, count: 16) }
        return matrixID < 3 ? defaultIntra : defaultInter
    }

    /// The default lists (`scaling_list_enabled_flag` without data, Table 7-5 and 7-6).
    package static let defaults: HEVCScalingList = {
        let lists = (0..<4).map { size in (0..<6).map { defaultList(sizeID: size, matrixID: $0) } }
        return HEVCScalingList(lists: lists, dc: [[UInt8]](repeating: [UInt8](repeating: 16, count: 6), count: 2))
    }()

    init(lists: [[[UInt8]]], dc: [[UInt8]]) {
        self.lists = lists
        self.dc = dc
    }

    /// Reads `scaling_list_data()`. For 32×32 only matrices 0 and 3 are coded; the chroma ones
    /// (used by 4:4:4) come from the 16×16 lists (§7.4.5, with `chroma_format_idc` 3).
    package init(_ reader: inout HEVCBitReader) throws(ImageError) {
        var lists = Self.defaults.lists
        var dc = Self.defaults.dc
        for sizeID in 0..<4 {
            for matrixID in stride(from: 0, to: 6, by: sizeID == 3 ? 3 : 1) {
                if !(try reader.flag("scaling_list_pred_mode_flag")) {
                    let step = sizeID == 3 ? 3 : 1
                    let delta = try reader.ue("scaling_list_pred_matrix_id_delta", maximum: matrixID / step)
                    if delta == 0 {
                        lists[sizeID][matrixID] = Self.defaultList(sizeID: sizeID, matrixID: matrixID)
                        if sizeID > 1 { dc[sizeID - 2][matrixID] = 16 }
                    } else {
                        let reference = matrixID - delta * step
                        lists[sizeID][matrixID] = lists[sizeID][reference]
                        if sizeID > 1 { dc[sizeID - 2][matrixID] = dc[sizeID - 2][reference] }
                    }
                } else {
                    var next = 8
                    let count = min(64, 1 << (4 + (sizeID << 1)))
                    if sizeID > 1 {
                        next = try reader.se("scaling_list_dc_coef_minus8", in: -7...247) + 8
                        dc[sizeID - 2][matrixID] = UInt8(next)
                    }
                    var list = [UInt8](repeating: 0, count: count)
                    for index in 0..<count {
                        let delta = try reader.se("scaling_list_delta_coef", in: -128...127)
                        next = (next + delta + 256) % 256
                        // §7.4.5: every ScalingList value is greater than 0.
                        guard next > 0 else { throw reader.error("scaling_list_delta_coef gives a zero coefficient") }
                        list[index] = UInt8(next)
                    }
                    lists[sizeID][matrixID] = list
                }
            }
        }
        // 32×32 chroma (4:4:4): ScalingFactor[3][1, 2, 4, 5] from the 16×16 lists and their DC.
        for matrixID in [1, 2, 4, 5] {
            lists[3][matrixID] = lists[2][matrixID]
            dc[1][matrixID] = dc[0][matrixID]
        }
        self.lists = lists
        self.dc = dc
    }

    /// The factors m[x][y] of a `size`×`size` block (4, 8, 16, 32) for `matrixID` (0–2 intra Y,
    /// Cb, Cr; 3–5 inter), row-major. Equations 7-40 to 7-44: the 8×8 list spread over 2×2 or
    /// 4×4 cells for the larger sizes, with the DC factor at (0, 0).
    package func factors(size: Int, matrixID: Int) -> [UInt8] {
        let sizeID = size.trailingZeroBitCount - 2
        guard (0...3).contains(sizeID), (0...5).contains(matrixID) else { return [] }
        let list = lists[sizeID][matrixID]
        var factors = [UInt8](repeating: 0, count: size * size)
        if sizeID == 0 {
            let scan = HEVCResidualScan.order(log2Size: 2, scanIndex: 0)
            for index in 0..<16 {
                factors[Int(scan[index] >> 4) * 4 + Int(scan[index] & 15)] = list[index]
            }
            return factors
        }
        let scan = HEVCResidualScan.order(log2Size: 3, scanIndex: 0)
        let spread = size / 8
        for index in 0..<64 {
            let x = Int(scan[index] & 15)
            let y = Int(scan[index] >> 4)
            for j in 0..<spread {
                for k in 0..<spread { factors[(y * spread + j) * size + x * spread + k] = list[index] }
            }
        }
        if sizeID > 1 { factors[0] = dc[sizeID - 2][matrixID] }
        return factors
    }
}
