/// A sequence parameter set (§7.3.2.2): the picture's size and format, the coding tree's block
/// sizes, and the tools the slices may use. Every field is read; those a still picture decoder
/// does not use (reference picture sets, timing) only to get past them.
package struct HEVCSequenceParameterSet: Sendable, Equatable {
    package var videoParameterSetID = 0
    package var maxSubLayersMinus1 = 0
    package var profileTierLevel = HEVCProfileTierLevel()
    package var id = 0
    /// chroma_format_idc: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package var chromaFormatIDC = 1
    package var separateColourPlanes = false
    package var width = 0
    package var height = 0
    /// The conformance window, in luma samples (the offsets × SubWidthC / SubHeightC).
    package var cropLeft = 0, cropRight = 0, cropTop = 0, cropBottom = 0
    package var bitDepthLuma = 8
    package var bitDepthChroma = 8
    package var log2MaxPicOrderCountLSB = 4
    package var log2MinCodingBlockSize = 3
    package var log2CodingTreeBlockSize = 4
    package var log2MinTransformBlockSize = 2
    package var log2MaxTransformBlockSize = 5
    package var maxTransformHierarchyDepthIntra = 0
    /// The lists dequantisation uses: nil when scaling lists are off (flat 16).
    package var scalingList: HEVCScalingList?
    package var ampEnabled = false
    package var sampleAdaptiveOffsetEnabled = false
    package var pcm: PCM?
    package var shortTermReferencePictureSets: [HEVCShortTermReferencePictureSet] = []
    package var longTermReferencePicturesPresent = false
    package var longTermReferencePicturesCount = 0
    package var temporalMVPEnabled = false
    package var strongIntraSmoothing = false
    package var vui = HEVCVideoUsability()
    package var rangeExtension = RangeExtension()

    /// `pcm_enabled_flag`'s fields.
    package struct PCM: Sendable, Equatable {
        package var bitDepthLuma: Int
        package var bitDepthChroma: Int
        package var log2MinSize: Int
        package var log2MaxSize: Int
        package var loopFilterDisabled: Bool
    }

    /// `sps_range_extension()`.
    package struct RangeExtension: Sendable, Equatable {
        package var transformSkipRotation = false
        package var transformSkipContext = false
        package var implicitRDPCM = false
        package var explicitRDPCM = false
        package var extendedPrecisionProcessing = false
        package var intraSmoothingDisabled = false
        package var highPrecisionOffsets = false
        package var persistentRiceAdaptation = false
        package var cabacBypassAlignment = false
    }

    /// The largest picture side read: 16,384 luma samples (HEIF tiles are far smaller).
    static let maximumSide = 16_384

    /// ChromaArrayType: 0 for monochrome or separately coded planes.
    package var chromaArrayType: Int { separateColourPlanes ? 0 : chromaFormatIDC }
    package var subWidth: Int { chromaFormatIDC == 1 || chromaFormatIDC == 2 ? 2 : 1 }
    package var subHeight: Int { chromaFormatIDC == 1 ? 2 : 1 }
    package var ctbSize: Int { 1 << log2CodingTreeBlockSize }
    package var widthInCTBs: Int { (width + ctbSize - 1) >> log2CodingTreeBlockSize }
    package var heightInCTBs: Int { (height + ctbSize - 1) >> log2CodingTreeBlockSize }
    /// The picture after the conformance window.
    package var croppedWidth: Int { width - cropLeft - cropRight }
    package var croppedHeight: Int { height - cropTop - cropBottom }

    package init() {}

    /// Reads the RBSP of an SPS NAL unit.
    package init(rbsp: [UInt8]) throws(ImageError) {
        var reader = HEVCBitReader(rbsp, structure: "SPS")
        try self.init(&reader)
    }

    package init(_ r: inout HEVCBitReader) throws(ImageError) {
        videoParameterSetID = try r.u(4, "sps_video_parameter_set_id")
        maxSubLayersMinus1 = try r.u(3, "sps_max_sub_layers_minus1")
        guard maxSubLayersMinus1 <= 6 else { throw r.error("sps_max_sub_layers_minus1 is \(maxSubLayersMinus1)") }
        _ = try r.flag("sps_temporal_id_nesting_flag")
        profileTierLevel = try HEVCProfileTierLevel(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        id = try r.ue("sps_seq_parameter_set_id", maximum: 15)
        chromaFormatIDC = try r.ue("chroma_format_idc", maximum: 3)
        if chromaFormatIDC == 3 { separateColourPlanes = try r.flag("separate_colour_plane_flag") }
        width = try r.ue("pic_width_in_luma_samples", maximum: Self.maximumSide)
        height = try r.ue("pic_height_in_luma_samples", maximum: Self.maximumSide)
        if try r.flag("conformance_window_flag") {
            let limit = Self.maximumSide
            cropLeft = try r.ue("conf_win_left_offset", maximum: limit) * subWidth
            cropRight = try r.ue("conf_win_right_offset", maximum: limit) * subWidth
            cropTop = try r.ue("conf_win_top_offset", maximum: limit) * subHeight
            cropBottom = try r.ue("conf_win_bottom_offset", maximum: limit) * subHeight
        }
        bitDepthLuma = try r.ue("bit_depth_luma_minus8", maximum: 8) + 8
        bitDepthChroma = try r.ue("bit_depth_chroma_minus8", maximum: 8) + 8
        log2MaxPicOrderCountLSB = try r.ue("log2_max_pic_order_cnt_lsb_minus4", maximum: 12) + 4
        let orderingInfo = try r.flag("sps_sub_layer_ordering_info_present_flag")
        for _ in (orderingInfo ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try r.ue("sps_max_dec_pic_buffering_minus1", maximum: 15)
            _ = try r.ue("sps_max_num_reorder_pics", maximum: 15)
            _ = try r.ue("sps_max_latency_increase_plus1")
        }
        log2MinCodingBlockSize = try r.ue("log2_min_luma_coding_block_size_minus3", maximum: 3) + 3
        log2CodingTreeBlockSize =
            log2MinCodingBlockSize + (try r.ue("log2_diff_max_min_luma_coding_block_size", maximum: 3))
        log2MinTransformBlockSize = try r.ue("log2_min_luma_transform_block_size_minus2", maximum: 3) + 2
        log2MaxTransformBlockSize =
            log2MinTransformBlockSize + (try r.ue("log2_diff_max_min_luma_transform_block_size", maximum: 3))
        _ = try r.ue("max_transform_hierarchy_depth_inter", maximum: 4)
        maxTransformHierarchyDepthIntra = try r.ue("max_transform_hierarchy_depth_intra", maximum: 4)
        if try r.flag("scaling_list_enabled_flag") {
            scalingList = try r.flag("sps_scaling_list_data_present_flag") ? try HEVCScalingList(&r) : .defaults
        }
        ampEnabled = try r.flag("amp_enabled_flag")
        sampleAdaptiveOffsetEnabled = try r.flag("sample_adaptive_offset_enabled_flag")
        if try r.flag("pcm_enabled_flag") {
            let luma = try r.u(4, "pcm_sample_bit_depth_luma_minus1") + 1
            let chroma = try r.u(4, "pcm_sample_bit_depth_chroma_minus1") + 1
            let log2Min = try r.ue("log2_min_pcm_luma_coding_block_size_minus3", maximum: 2) + 3
            let log2Max = log2Min + (try r.ue("log2_diff_max_min_pcm_luma_coding_block_size", maximum: 2))
            pcm = PCM(
                bitDepthLuma: luma, bitDepthChroma: chroma, log2MinSize: log2Min, log2MaxSize: log2Max,
                loopFilterDisabled: try r.flag("pcm_loop_filter_disabled_flag"))
        }
        let setCount = try r.ue("num_short_term_ref_pic_sets", maximum: 64)
        for index in 0..<setCount {
            shortTermReferencePictureSets.append(
                try HEVCShortTermReferencePictureSet(
                    &r, index: index, count: setCount, previous: shortTermReferencePictureSets))
        }
        longTermReferencePicturesPresent = try r.flag("long_term_ref_pics_present_flag")
        if longTermReferencePicturesPresent {
            longTermReferencePicturesCount = try r.ue("num_long_term_ref_pics_sps", maximum: 32)
            for _ in 0..<longTermReferencePicturesCount {
                _ = try r.u(log2MaxPicOrderCountLSB, "lt_ref_pic_poc_lsb_sps")
                _ = try r.flag("used_by_curr_pic_lt_sps_flag")
            }
        }
        temporalMVPEnabled = try r.flag("sps_temporal_mvp_enabled_flag")
        strongIntraSmoothing = try r.flag("strong_intra_smoothing_enabled_flag")
        if try r.flag("vui_parameters_present_flag") {
            vui = try HEVCVideoUsability(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        }
        if try r.flag("sps_extension_present_flag") {
            let range = try r.flag("sps_range_extension_flag")
            _ = try r.flag("sps_multilayer_extension_flag")
            _ = try r.flag("sps_3d_extension_flag")
            let screenContent = try r.flag("sps_scc_extension_flag")
            _ = try r.u(4, "sps_extension_4bits")
            if range { try readRangeExtension(&r) }
            guard !screenContent else {
                throw ImageError(.unsupported, "HEVC screen content coding (SCC) is not supported")
            }
        }
        try validate(r)
    }

    private mutating func readRangeExtension(_ r: inout HEVCBitReader) throws(ImageError) {
        rangeExtension.transformSkipRotation = try r.flag("transform_skip_rotation_enabled_flag")
        rangeExtension.transformSkipContext = try r.flag("transform_skip_context_enabled_flag")
        rangeExtension.implicitRDPCM = try r.flag("implicit_rdpcm_enabled_flag")
        rangeExtension.explicitRDPCM = try r.flag("explicit_rdpcm_enabled_flag")
        rangeExtension.extendedPrecisionProcessing = try r.flag("extended_precision_processing_flag")
        rangeExtension.intraSmoothingDisabled = try r.flag("intra_smoothing_disabled_flag")
        rangeExtension.highPrecisionOffsets = try r.flag("high_precision_offsets_enabled_flag")
        rangeExtension.persistentRiceAdaptation = try r.flag("persistent_rice_adaptation_enabled_flag")
        rangeExtension.cabacBypassAlignment = try r.flag("cabac_bypass_alignment_enabled_flag")
    }

    /// The constraints of §7.4.3.2 that the decoder's arithmetic relies on.
    private func validate(_ r: HEVCBitReader) throws(ImageError) {
        guard width > 0, height > 0 else { throw r.error("the picture is \(width)×\(height)") }
        let minCB = 1 << log2MinCodingBlockSize
        guard width % minCB == 0, height % minCB == 0 else {
            throw r.error("\(width)×\(height) is not a multiple of the minimum coding block, \(minCB)")
        }
        guard croppedWidth > 0, croppedHeight > 0 else { throw r.error("the conformance window is empty") }
        guard log2CodingTreeBlockSize >= 4, log2CodingTreeBlockSize <= 6 else {
            throw r.error("coding tree blocks of \(ctbSize) are outside 16…64")
        }
        guard log2MinTransformBlockSize < log2MinCodingBlockSize,
            log2MaxTransformBlockSize <= min(5, log2CodingTreeBlockSize)
        else { throw r.error("transform block sizes do not fit the coding blocks") }
        if let pcm,
            pcm.bitDepthLuma > bitDepthLuma || pcm.bitDepthChroma > bitDepthChroma
                || pcm.log2MaxSize > min(5, log2CodingTreeBlockSize)
        {
            throw r.error("PCM bit depths or sizes are out of range")
        }
        guard bitDepthLuma <= 10, bitDepthChroma <= 10 else {
            throw ImageError(
                .unsupported,
                "HEVC \(bitDepthLuma)-bit pictures (\(profileTierLevel.profileName)) are not supported; 8 and 10 bits are"
            )
        }
        guard !rangeExtension.extendedPrecisionProcessing, !rangeExtension.cabacBypassAlignment else {
            throw ImageError(
                .unsupported,
                "HEVC extended_precision_processing and cabac_bypass_alignment (\(profileTierLevel.profileName)) are not supported"
            )
        }
    }
}
