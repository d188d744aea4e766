extension HEVCResidualSettings {
    /// The entropy decoder's settings for slices of `pps` (on `sps`).
    package init(sps: HEVCSequenceParameterSet, pps: HEVCPictureParameterSet) {
        self.init()
        chromaArrayType = sps.chromaArrayType
        bitDepthLuma = sps.bitDepthLuma
        bitDepthChroma = sps.bitDepthChroma
        signDataHiding = pps.signDataHiding
        transformSkipEnabled = pps.transformSkipEnabled
        log2MaxTransformSkipSize = pps.rangeExtension.log2MaxTransformSkipSize
        transformSkipContext = sps.rangeExtension.transformSkipContext
        implicitRDPCM = sps.rangeExtension.implicitRDPCM
        persistentRiceAdaptation = sps.rangeExtension.persistentRiceAdaptation
        cabacBypassAlignment = sps.rangeExtension.cabacBypassAlignment
        extendedPrecisionProcessing = sps.rangeExtension.extendedPrecisionProcessing
        chromaQpOffsetListLengthMinus1 = max(0, pps.rangeExtension.cbQPOffsetList.count - 1)
    }
}
