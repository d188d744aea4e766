/// `st_ref_pic_set()` (§7.3.7, §7.4.8): read to get past it (intra pictures do not use it), with
/// the delta POCs kept because a later set may be predicted from this one.
package struct HEVCShortTermReferencePictureSet: Sendable, Equatable {
    /// DeltaPocS0 (negative, nearest first) and DeltaPocS1 (positive).
    package var negative: [Int] = []
    package var positive: [Int] = []

    package var count: Int { negative.count + positive.count }

    package init() {}

    /// Set `index` of `count` in the SPS (`index == count` for the one a slice header carries),
    /// `previous` holding the SPS's sets before it.
    package init(
        _ r: inout HEVCBitReader, index: Int, count: Int, previous: [HEVCShortTermReferencePictureSet]
    ) throws(ImageError) {
        let predicted = index != 0 ? try r.flag("inter_ref_pic_set_prediction_flag") : false
        guard predicted else {
            let negatives = try r.ue("num_negative_pics", maximum: 16)
            let positives = try r.ue("num_positive_pics", maximum: 16 - negatives)
            var poc = 0
            for _ in 0..<negatives {
                poc -= try r.ue("delta_poc_s0_minus1", maximum: 1 << 15) + 1
                _ = try r.flag("used_by_curr_pic_s0_flag")
                negative.append(poc)
            }
            poc = 0
            for _ in 0..<positives {
                poc += try r.ue("delta_poc_s1_minus1", maximum: 1 << 15) + 1
                _ = try r.flag("used_by_curr_pic_s1_flag")
                positive.append(poc)
            }
            return
        }
        let deltaIndex = index == count ? try r.ue("delta_idx_minus1", maximum: index - 1) + 1 : 1
        guard index - deltaIndex >= 0, index - deltaIndex < previous.count else {
            throw r.error("inter_ref_pic_set_prediction refers to set \(index - deltaIndex), which is not there")
        }
        let reference = previous[index - deltaIndex]
        let sign = try r.u(1, "delta_rps_sign")
        let magnitude = try r.ue("abs_delta_rps_minus1", maximum: (1 << 15) - 1) + 1
        let deltaRPS = sign == 1 ? -magnitude : magnitude
        var used: [Bool] = []
        for _ in 0...reference.count {
            // use_delta_flag is 1 when not coded, that is when the picture is used.
            let current = try r.flag("used_by_curr_pic_flag")
            used.append(current ? true : try r.flag("use_delta_flag"))
        }
        // Equations 7-61 and 7-62: the reference's POCs shifted by deltaRPS, and deltaRPS itself.
        let referencePOCs = reference.negative + reference.positive
        let n = reference.negative.count
        for j in stride(from: reference.positive.count - 1, through: 0, by: -1) {
            let poc = reference.positive[j] + deltaRPS
            if poc < 0, used[n + j] { negative.append(poc) }
        }
        if deltaRPS < 0, used[referencePOCs.count] { negative.append(deltaRPS) }
        for j in 0..<n {
            let poc = reference.negative[j] + deltaRPS
            if poc < 0, used[j] { negative.append(poc) }
        }
        for j in stride(from: n - 1, through: 0, by: -1) {
            let poc = reference.negative[j] + deltaRPS
            if poc > 0, used[j] { positive.append(poc) }
        }
        if deltaRPS > 0, used[referencePOCs.count] { positive.append(deltaRPS) }
        for j in 0..<reference.positive.count {
            let poc = reference.positive[j] + deltaRPS
            if poc > 0, used[n + j] { positive.append(poc) }
        }
        guard count <= 32 else { throw r.error("a reference picture set of \(self.count) pictures") }
    }
}
