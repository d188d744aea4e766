/// A picture parameter set (§7.3.2.3): the slices' coding tools, QP, tiles, wavefronts,
/// deblocking, scaling lists and the range extension's additions.
package struct HEVCPictureParameterSet: Sendable, Equatable {
    package var id = 0
    package var sequenceParameterSetID = 0
    package var dependentSliceSegmentsEnabled = false
    package var outputFlagPresent = false
    package var extraSliceHeaderBits = 0
    package var signDataHiding = false
    package var cabacInitPresent = false
    /// init_qp_minus26 + 26.
    package var initQP = 26
    package var constrainedIntraPrediction = false
    package var transformSkipEnabled = false
    /// diff_cu_qp_delta_depth, when cu_qp_delta_enabled_flag is set.
    package var cuQPDeltaDepth: Int?
    package var cbQPOffset = 0
    package var crQPOffset = 0
    package var sliceChromaQPOffsetsPresent = false
    package var transquantBypassEnabled = false
    package var tiles: Tiles?
    package var entropyCodingSync = false
    package var loopFilterAcrossSlices = false
    package var deblockingOverrideEnabled = false
    package var deblockingDisabled = false
    package var betaOffsetDiv2 = 0
    package var tcOffsetDiv2 = 0
    /// The PPS's own lists, which replace the SPS's.
    package var scalingList: HEVCScalingList?
    package var listsModificationPresent = false
    package var log2ParallelMergeLevel = 2
    package var sliceHeaderExtensionPresent = false
    package var rangeExtension = RangeExtension()

    /// `tiles_enabled_flag`'s fields: explicit sizes in CTBs, or uniform spacing.
    package struct Tiles: Sendable, Equatable {
        package var columns: Int
        package var rows: Int
        /// Widths and heights in CTBs of all but the last column and row; nil for uniform spacing.
        package var columnWidths: [Int]?
        package var rowHeights: [Int]?
        package var loopFilterAcrossTiles: Bool
    }

    /// `pps_range_extension()`.
    package struct RangeExtension: Sendable, Equatable {
        package var log2MaxTransformSkipSize = 2
        package var crossComponentPrediction = false
        /// diff_cu_chroma_qp_offset_depth and the lists, when chroma_qp_offset_list_enabled_flag.
        package var chromaQPOffsetDepth: Int?
        package var cbQPOffsetList: [Int] = []
        package var crQPOffsetList: [Int] = []
        package var log2SAOOffsetScaleLuma = 0
        package var log2SAOOffsetScaleChroma = 0
    }

    package init() {}

    package init(rbsp: [UInt8]) throws(ImageError) {
        var reader = HEVCBitReader(rbsp, structure: "PPS")
        try self.init(&reader)
    }

    package init(_ r: inout HEVCBitReader) throws(ImageError) {
        id = try r.ue("pps_pic_parameter_set_id", maximum: 63)
        sequenceParameterSetID = try r.ue("pps_seq_parameter_set_id", maximum: 15)
        dependentSliceSegmentsEnabled = try r.flag("dependent_slice_segments_enabled_flag")
        outputFlagPresent = try r.flag("output_flag_present_flag")
        extraSliceHeaderBits = try r.u(3, "num_extra_slice_header_bits")
        signDataHiding = try r.flag("sign_data_hiding_enabled_flag")
        cabacInitPresent = try r.flag("cabac_init_present_flag")
        _ = try r.ue("num_ref_idx_l0_default_active_minus1", maximum: 14)
        _ = try r.ue("num_ref_idx_l1_default_active_minus1", maximum: 14)
        // −(26 + QpBdOffsetY) at 16 bits; the SPS's bit depth narrows it (`check(against:)`).
        initQP = try r.se("init_qp_minus26", in: -(26 + 48)...25) + 26
        constrainedIntraPrediction = try r.flag("constrained_intra_pred_flag")
        transformSkipEnabled = try r.flag("transform_skip_enabled_flag")
        if try r.flag("cu_qp_delta_enabled_flag") { cuQPDeltaDepth = try r.ue("diff_cu_qp_delta_depth", maximum: 3) }
        cbQPOffset = try r.se("pps_cb_qp_offset", in: -12...12)
        crQPOffset = try r.se("pps_cr_qp_offset", in: -12...12)
        sliceChromaQPOffsetsPresent = try r.flag("pps_slice_chroma_qp_offsets_present_flag")
        _ = try r.flag("weighted_pred_flag")
        _ = try r.flag("weighted_bipred_flag")
        transquantBypassEnabled = try r.flag("transquant_bypass_enabled_flag")
        let tilesEnabled = try r.flag("tiles_enabled_flag")
        entropyCodingSync = try r.flag("entropy_coding_sync_enabled_flag")
        if tilesEnabled {
            let columns = try r.ue("num_tile_columns_minus1", maximum: 19) + 1
            let rows = try r.ue("num_tile_rows_minus1", maximum: 21) + 1
            var widths: [Int]?
            var heights: [Int]?
            if !(try r.flag("uniform_spacing_flag")) {
                widths = []
                heights = []
                for _ in 0..<columns - 1 { widths?.append(try r.ue("column_width_minus1", maximum: 1024) + 1) }
                for _ in 0..<rows - 1 { heights?.append(try r.ue("row_height_minus1", maximum: 1024) + 1) }
            }
            tiles = Tiles(
                columns: columns, rows: rows, columnWidths: widths, rowHeights: heights,
                loopFilterAcrossTiles: try r.flag("loop_filter_across_tiles_enabled_flag"))
        }
        loopFilterAcrossSlices = try r.flag("pps_loop_filter_across_slices_enabled_flag")
        if try r.flag("deblocking_filter_control_present_flag") {
            deblockingOverrideEnabled = try r.flag("deblocking_filter_override_enabled_flag")
            deblockingDisabled = try r.flag("pps_deblocking_filter_disabled_flag")
            if !deblockingDisabled {
                betaOffsetDiv2 = try r.se("pps_beta_offset_div2", in: -6...6)
                tcOffsetDiv2 = try r.se("pps_tc_offset_div2", in: -6...6)
            }
        }
        if try r.flag("pps_scaling_list_data_present_flag") { scalingList = try HEVCScalingList(&r) }
        listsModificationPresent = try r.flag("lists_modification_present_flag")
        log2ParallelMergeLevel = try r.ue("log2_parallel_merge_level_minus2", maximum: 4) + 2
        sliceHeaderExtensionPresent = try r.flag("slice_segment_header_extension_present_flag")
        if try r.flag("pps_extension_present_flag") {
            let range = try r.flag("pps_range_extension_flag")
            _ = try r.flag("pps_multilayer_extension_flag")
            _ = try r.flag("pps_3d_extension_flag")
            let screenContent = try r.flag("pps_scc_extension_flag")
            _ = try r.u(4, "pps_extension_4bits")
            if range { try readRangeExtension(&r) }
            guard !screenContent else {
                throw ImageError(.unsupported, "HEVC screen content coding (SCC) is not supported")
            }
        }
    }

    private mutating func readRangeExtension(_ r: inout HEVCBitReader) throws(ImageError) {
        if transformSkipEnabled {
            rangeExtension.log2MaxTransformSkipSize =
                try r.ue("log2_max_transform_skip_block_size_minus2", maximum: 3) + 2
        }
        rangeExtension.crossComponentPrediction = try r.flag("cross_component_prediction_enabled_flag")
        if try r.flag("chroma_qp_offset_list_enabled_flag") {
            rangeExtension.chromaQPOffsetDepth = try r.ue("diff_cu_chroma_qp_offset_depth", maximum: 3)
            let count = try r.ue("chroma_qp_offset_list_len_minus1", maximum: 5) + 1
            for _ in 0..<count {
                rangeExtension.cbQPOffsetList.append(try r.se("cb_qp_offset_list", in: -12...12))
                rangeExtension.crQPOffsetList.append(try r.se("cr_qp_offset_list", in: -12...12))
            }
        }
        rangeExtension.log2SAOOffsetScaleLuma = try r.ue("log2_sao_offset_scale_luma", maximum: 6)
        rangeExtension.log2SAOOffsetScaleChroma = try r.ue("log2_sao_offset_scale_chroma", maximum: 6)
    }

    /// The constraints that need the SPS: init_qp within the bit depth's range, the tiles within
    /// the picture, the CU QP depths within the coding tree, the SAO scales within the bit depth.
    package func check(against sps: HEVCSequenceParameterSet) throws(ImageError) {
        func fail(_ message: String) -> ImageError { ImageError(.malformed, "HEVC PPS \(id): \(message)") }
        guard initQP >= -6 * (sps.bitDepthLuma - 8) else { throw fail("init_qp_minus26 is out of range") }
        let treeDepth = sps.log2CodingTreeBlockSize - sps.log2MinCodingBlockSize
        guard (cuQPDeltaDepth ?? 0) <= treeDepth, (rangeExtension.chromaQPOffsetDepth ?? 0) <= treeDepth else {
            throw fail("a QP delta depth is deeper than the coding tree")
        }
        guard rangeExtension.log2SAOOffsetScaleLuma <= max(0, sps.bitDepthLuma - 10),
            rangeExtension.log2SAOOffsetScaleChroma <= max(0, sps.bitDepthChroma - 10)
        else { throw fail("an SAO offset scale is out of range") }
        guard rangeExtension.log2MaxTransformSkipSize <= sps.log2MaxTransformBlockSize || !transformSkipEnabled else {
            throw fail("log2_max_transform_skip_block_size is larger than the largest transform")
        }
        if let tiles {
            guard tiles.columns <= sps.widthInCTBs, tiles.rows <= sps.heightInCTBs else {
                throw fail(
                    "\(tiles.columns)×\(tiles.rows) tiles do not fit \(sps.widthInCTBs)×\(sps.heightInCTBs) CTBs")
            }
            if let widths = tiles.columnWidths, widths.reduce(0, +) >= sps.widthInCTBs {
                throw fail("the tile columns are wider than the picture")
            }
            if let heights = tiles.rowHeights, heights.reduce(0, +) >= sps.heightInCTBs {
                throw fail("the tile rows are taller than the picture")
            }
        }
    }
}
