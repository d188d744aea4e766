/// What the scaling, transformation and residual modification of one transform block (H.265 §8.6.2)
/// depend on besides its levels: values from the SPS range extension, the coding unit and the
/// block, filled in by the caller.
package struct HEVCTransformSettings: Sendable, Equatable {
    /// BitDepthY or BitDepthC of the block's component, 8...16.
    package var bitDepth: Int
    /// cIdx: 0 luma, 1 Cb, 2 Cr.
    package var component = 0
    /// CuPredMode is MODE_INTRA.
    package var isIntra = true
    /// predModeIntra of the block's component (for implicit RDPCM: 10 horizontal, 26 vertical).
    package var predModeIntra = 1
    /// transform_skip_flag of the block.
    package var transformSkip = false
    /// cu_transquant_bypass_flag.
    package var transquantBypass = false
    /// transform_skip_rotation_enabled_flag.
    package var transformSkipRotationEnabled = false
    /// implicit_rdpcm_enabled_flag.
    package var implicitRdpcmEnabled = false
    /// explicit_rdpcm_flag of the block (inter only).
    package var explicitRdpcm = false
    /// explicit_rdpcm_dir_flag: true is vertical.
    package var explicitRdpcmVertical = false

    package init(
        bitDepth: Int, component: Int = 0, isIntra: Bool = true, predModeIntra: Int = 1,
        transformSkip: Bool = false, transquantBypass: Bool = false
    ) {
        self.bitDepth = bitDepth
        self.component = component
        self.isIntra = isIntra
        self.predModeIntra = predModeIntra
        self.transformSkip = transformSkip
        self.transquantBypass = transquantBypass
    }

    /// trType: 1 (the 4×4 DST) for intra luma 4×4 blocks, 0 (DCT) otherwise.
    package func usesDST(log2Size: Int) -> Bool { isIntra && log2Size == 2 && component == 0 }

    /// rotateCoeffs: rotation enabled, a 4×4 block, intra.
    package func rotates(log2Size: Int) -> Bool { transformSkipRotationEnabled && log2Size == 2 && isIntra }

    /// The RDPCM direction applied to a transform-skipped or bypassed block: nil for none, true
    /// for vertical (accumulate down the columns), false for horizontal.
    package var rdpcmVertical: Bool? {
        if isIntra {
            guard implicitRdpcmEnabled, predModeIntra == 10 || predModeIntra == 26 else { return nil }
            return predModeIntra == 26
        }
        return explicitRdpcm ? explicitRdpcmVertical : nil
    }
}
