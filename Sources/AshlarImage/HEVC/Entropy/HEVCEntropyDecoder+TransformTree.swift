extension HEVCEntropyDecoder {
    /// split_transform_flag; ctxInc 5 − log2TrafoSize.
    package mutating func decodeSplitTransformFlag(log2TrafoSize: Int) -> Bool {
        decision(HEVCContextSet.splitTransformFlag + min(max(5 - log2TrafoSize, 0), 2)) == 1
    }

    /// cbf_luma; ctxInc 1 at trafoDepth 0, else 0.
    package mutating func decodeCBFLuma(trafoDepth: Int) -> Bool {
        decision(HEVCContextSet.cbfLuma + (trafoDepth == 0 ? 1 : 0)) == 1
    }

    /// cbf_cb or cbf_cr; ctxInc trafoDepth (0...4).
    package mutating func decodeCBFChroma(trafoDepth: Int) -> Bool {
        decision(HEVCContextSet.cbfChroma + min(max(trafoDepth, 0), 4)) == 1
    }

    /// cu_qp_delta_abs and, when it is not zero, cu_qp_delta_sign_flag: CuQpDeltaVal. The prefix
    /// is truncated unary up to 5 (first bin context 0, the others context 1), the suffix EG0.
    package mutating func decodeCUQpDelta() throws(ImageError) -> Int {
        var value = 0
        while value < 5 && decision(HEVCContextSet.cuQpDeltaAbs + (value == 0 ? 0 : 1)) == 1 { value += 1 }
        if value == 5 { value += try expGolombBypass(0, element: "cu_qp_delta_abs") }
        if value > 0 && cabac.decodeBypass() == 1 { return -value }
        return value
    }

    /// cu_chroma_qp_offset_flag.
    package mutating func decodeCUChromaQpOffsetFlag() -> Bool {
        decision(HEVCContextSet.cuChromaQpOffsetFlag) == 1
    }

    /// cu_chroma_qp_offset_idx: truncated unary up to chroma_qp_offset_list_len_minus1, every bin
    /// in the one context.
    package mutating func decodeCUChromaQpOffsetIndex() -> Int {
        var value = 0
        while value < settings.chromaQpOffsetListLengthMinus1
            && decision(HEVCContextSet.cuChromaQpOffsetIndex) == 1
        {
            value += 1
        }
        return value
    }

    /// log2_res_scale_abs_plus1[c] and, when it is not zero, res_scale_sign_flag[c] (cross-
    /// component prediction, c = cIdx − 1): ResScaleVal, 0 or ±(1 << (value − 1)).
    package mutating func decodeResidualScale(chroma c: Int) -> Int {
        let c = min(max(c, 0), 1)
        var value = 0
        while value < 4 && decision(HEVCContextSet.log2ResScaleAbsPlus1 + 4 * c + value) == 1 { value += 1 }
        if value == 0 { return 0 }
        let sign = decision(HEVCContextSet.resScaleSignFlag + c)
        return (1 << (value - 1)) * (1 - 2 * sign)
    }

    /// transform_skip_flag for cIdx; context 0 for luma, 1 for chroma.
    package mutating func decodeTransformSkipFlag(component: Int) -> Bool {
        decision(HEVCContextSet.transformSkipFlag + (component == 0 ? 0 : 1)) == 1
    }
}
