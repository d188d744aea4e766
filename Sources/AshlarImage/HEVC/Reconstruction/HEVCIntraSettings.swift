/// What intra sample prediction (H.265 §8.4.4.2) depends on besides the neighbouring samples:
/// SPS flags and the block's component and coding unit, filled in by the caller.
package struct HEVCIntraSettings: Sendable, Equatable {
    /// BitDepth of the block's component, 8...16.
    package var bitDepth: Int
    /// cIdx: 0 luma, 1 Cb, 2 Cr.
    package var component = 0
    /// ChromaArrayType, 0...3 (chroma blocks are filtered only for 3).
    package var chromaArrayType = 1
    /// strong_intra_smoothing_enabled_flag.
    package var strongIntraSmoothing = false
    /// intra_smoothing_disabled_flag (range extension).
    package var intraSmoothingDisabled = false
    /// implicit_rdpcm_enabled_flag && cu_transquant_bypass_flag: disableIntraBoundaryFilter.
    package var disableBoundaryFilter = false

    package init(
        bitDepth: Int, component: Int = 0, chromaArrayType: Int = 1, strongIntraSmoothing: Bool = false
    ) {
        self.bitDepth = bitDepth
        self.component = component
        self.chromaArrayType = chromaArrayType
        self.strongIntraSmoothing = strongIntraSmoothing
    }

    /// Bit depth clamped to the supported range.
    var depth: Int { min(max(bitDepth, 8), 16) }
}
