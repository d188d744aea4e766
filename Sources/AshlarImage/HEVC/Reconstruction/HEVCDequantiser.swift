/// Settings of the scaling process for transform coefficients (H.265 §8.6.4.1 in the 2016 and
/// later editions, §8.6.3 in the first).
package struct HEVCDequantiserSettings: Sendable, Equatable {
    /// Bit depth of the component, 8...16.
    package var bitDepth: Int
    /// qP: Qp′Y for luma, Qp′Cb/Qp′Cr for chroma (QpBdOffset included), 0...51 + QpBdOffset.
    package var qp: Int
    /// scaling_list_enabled_flag.
    package var scalingListEnabled = false
    /// transform_skip_flag of the block.
    package var transformSkip = false
    /// scaling_list_enabled_flag's ScalingFactor for this block (nTbS × nTbS, row-major, y * nTbS
    /// + x), used when scaling lists are on; nil or too short means the flat 16.
    package var scalingFactor: [UInt8]? = nil

    package init(
        bitDepth: Int, qp: Int, scalingListEnabled: Bool = false, transformSkip: Bool = false,
        scalingFactor: [UInt8]? = nil
    ) {
        self.bitDepth = bitDepth
        self.qp = qp
        self.scalingListEnabled = scalingListEnabled
        self.transformSkip = transformSkip
        self.scalingFactor = scalingFactor
    }
}

/// The scaling (dequantisation) of one transform block's levels into coefficients d[x][y].
package enum HEVCDequantiser {
    /// levelScale[] = { 40, 45, 51, 57, 64, 72 }.
    package static let levelScale: [Int64] = [40, 45, 51, 57, 64, 72]
    /// coeffMin and coeffMax with extended_precision_processing_flag off.
    package static let coeffMin: Int32 = -32768
    package static let coeffMax: Int32 = 32767

    /// Scales `levels` (nTbS × nTbS, row-major) in place:
    /// d = Clip3(coeffMin, coeffMax, ((level * m * levelScale[qP % 6] << (qP / 6)) + (1 << (bdShift
    /// − 1))) >> bdShift), bdShift = BitDepth + Log2(nTbS) − 5, m = 16 without scaling lists or for
    /// a transform-skipped block larger than 4×4, ScalingFactor otherwise.
    package static func scale(_ levels: inout [Int32], log2Size: Int, settings: HEVCDequantiserSettings) {
        let log2Size = min(max(log2Size, 2), 5)
        let count = 1 << (2 * log2Size)
        guard levels.count >= count else { return }
        let bitDepth = min(max(settings.bitDepth, 8), 16)
        // qP is at most 51 + QpBdOffset (48 at 16 bits), so qP / 6 <= 16.
        let qp = min(max(settings.qp, 0), 99)
        let bdShift = Int64(bitDepth + log2Size - 5)
        let round = Int64(1) << (bdShift - 1)
        let scale = levelScale[qp % 6] << Int64(qp / 6)
        let flat =
            !settings.scalingListEnabled || (settings.transformSkip && log2Size > 2)
            || (settings.scalingFactor?.count ?? 0) < count
        let factors = settings.scalingFactor ?? []
        levels.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<count where buffer[index] != 0 {
                let m: Int64 = flat ? 16 : Int64(factors[index])
                // |level| <= 2^31, m <= 255, scale <= 72 << 16: the product is below 2^62.
                let value = (Int64(buffer[index]) * m * scale + round) >> bdShift
                buffer[index] = Int32(min(max(value, Int64(coeffMin)), Int64(coeffMax)))
            }
        }
    }
}
