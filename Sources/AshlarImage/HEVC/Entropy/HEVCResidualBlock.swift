/// One transform block's residual_coding() call (H.265 §7.3.8.11): what the caller knows from the
/// coding unit and transform tree.
package struct HEVCResidualBlock: Sendable, Equatable {
    /// log2TrafoSize, 2...5.
    package var log2Size: Int
    /// cIdx: 0 luma, 1 Cb, 2 Cr.
    package var component: Int
    /// scanIdx (§7.4.9.11): 0 up-right diagonal, 1 horizontal, 2 vertical; the caller derives it
    /// from the intra prediction mode.
    package var scanIndex: Int = 0
    /// cu_transquant_bypass_flag of the coding unit.
    package var transquantBypass = false
    /// predModeIntra of this block's component, for implicit RDPCM (10 and 26 turn sign data
    /// hiding off when the block is transform-skipped).
    package var predModeIntra = 0

    package init(
        log2Size: Int, component: Int, scanIndex: Int = 0, transquantBypass: Bool = false, predModeIntra: Int = 0
    ) {
        self.log2Size = log2Size
        self.component = component
        self.scanIndex = scanIndex
        self.transquantBypass = transquantBypass
        self.predModeIntra = predModeIntra
    }

    /// Side of the block in samples.
    package var size: Int { 1 << log2Size }
}

/// What residual_coding() decoded besides the levels.
package struct HEVCResidualOutcome: Sendable, Equatable {
    /// transform_skip_flag[x0][y0][cIdx].
    package var transformSkip: Bool
    /// Coefficients not equal to zero.
    package var nonZeroCount: Int
}
