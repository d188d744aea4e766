/// What the entropy decoding of a slice needs from its SPS and PPS, as plain values (the
/// integration fills them from the parameter sets).
package struct HEVCResidualSettings: Sendable, Equatable {
    /// ChromaArrayType: 0 monochrome (or separate planes), 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package var chromaArrayType = 1
    package var bitDepthLuma = 8
    package var bitDepthChroma = 8
    package var signDataHiding = false
    package var transformSkipEnabled = false
    /// Log2MaxTransformSkipSize (2 unless the range extensions raise it).
    package var log2MaxTransformSkipSize = 2
    package var transformSkipContext = false
    package var implicitRDPCM = false
    package var persistentRiceAdaptation = false
    /// cabac_bypass_alignment_enabled_flag: not supported (``validate()`` refuses it).
    package var cabacBypassAlignment = false
    /// extended_precision_processing_flag: not supported (``validate()`` refuses it).
    package var extendedPrecisionProcessing = false
    /// chroma_qp_offset_list_len_minus1 (0...5), the cMax of cu_chroma_qp_offset_idx.
    package var chromaQpOffsetListLengthMinus1 = 0

    package init() {}

    /// Refuses what this decoder does not implement and values outside the spec's ranges.
    package func validate() throws(ImageError) {
        if cabacBypassAlignment {
            throw ImageError(.unsupported, "HEVC cabac_bypass_alignment_enabled_flag is not supported")
        }
        if extendedPrecisionProcessing {
            throw ImageError(.unsupported, "HEVC extended_precision_processing_flag is not supported")
        }
        guard (0...3).contains(chromaArrayType) else {
            throw ImageError(.malformed, "HEVC chroma array type \(chromaArrayType) is out of range")
        }
        guard (8...16).contains(bitDepthLuma), (8...16).contains(bitDepthChroma) else {
            throw ImageError(.malformed, "HEVC bit depth \(bitDepthLuma)/\(bitDepthChroma) is out of range")
        }
        guard (2...5).contains(log2MaxTransformSkipSize) else {
            throw ImageError(
                .malformed, "HEVC log2 max transform skip size \(log2MaxTransformSkipSize) is out of range")
        }
        guard (0...5).contains(chromaQpOffsetListLengthMinus1) else {
            throw ImageError(
                .malformed, "HEVC chroma_qp_offset_list_len_minus1 \(chromaQpOffsetListLengthMinus1) is out of range")
        }
    }
}
