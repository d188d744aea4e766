/// Picture-level values of the deblocking filter (H.265 §8.7.2).
package struct HEVCDeblockingSettings: Sendable, Equatable {
    /// BitDepthY.
    package var bitDepthLuma: Int
    /// BitDepthC.
    package var bitDepthChroma: Int
    /// ChromaArrayType, 0...3.
    package var chromaArrayType: Int
    /// cQpPicOffset for Cb: pps_cb_qp_offset.
    package var cbQpOffset = 0
    /// cQpPicOffset for Cr: pps_cr_qp_offset.
    package var crQpOffset = 0

    package init(bitDepthLuma: Int, bitDepthChroma: Int, chromaArrayType: Int, cbQpOffset: Int = 0, crQpOffset: Int = 0)
    {
        self.bitDepthLuma = bitDepthLuma
        self.bitDepthChroma = bitDepthChroma
        self.chromaArrayType = chromaArrayType
        self.cbQpOffset = cbQpOffset
        self.crQpOffset = crQpOffset
    }
}
