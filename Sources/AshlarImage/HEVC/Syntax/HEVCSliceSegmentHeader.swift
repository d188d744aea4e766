/// A slice segment header (§7.3.6.1) of an intra picture: where the segment starts, its QP,
/// SAO and deblocking settings, its entry points, and where its data begins. P and B slices
/// are refused: a still picture is intra.
package struct HEVCSliceSegmentHeader: Sendable, Equatable {
    package var firstSliceSegmentInPicture = true
    package var pictureParameterSetID = 0
    package var dependent = false
    /// slice_segment_address, in CTBs in raster scan.
    package var address = 0
    package var colourPlaneID = 0
    package var saoLuma = false
    package var saoChroma = false
    /// SliceQpY: 26 + init_qp_minus26 + slice_qp_delta.
    package var qpY = 26
    package var cbQPOffset = 0
    package var crQPOffset = 0
    package var cuChromaQPOffsetEnabled = false
    package var deblockingDisabled = false
    package var betaOffsetDiv2 = 0
    package var tcOffsetDiv2 = 0
    package var loopFilterAcrossSlices = false
    /// entry_point_offset_minus1 + 1 for each substream after the first, in bytes of the slice
    /// data as stored (emulation prevention bytes counted).
    package var entryPointOffsets: [Int] = []
    /// The first byte of the slice data in the RBSP.
    package var dataOffset = 0

    package init() {}

    /// Reads the header of `unit`, a coded slice segment NAL unit, with its PPS and SPS; a
    /// dependent segment takes the fields it does not carry from `previous`, the slice
    /// segment before it.
    package init(
        _ unit: HEVCNALUnit, sps: HEVCSequenceParameterSet, pps: HEVCPictureParameterSet,
        previous: HEVCSliceSegmentHeader?
    ) throws(ImageError) {
        var reader = HEVCBitReader(unit.rbsp, structure: "slice segment header")
        try self.init(&reader, unit: unit, sps: sps, pps: pps, previous: previous)
    }

    /// Reads the header from `r` (a reader of `unit.rbsp`, tracing in tests).
    package init(
        _ r: inout HEVCBitReader, unit: HEVCNALUnit, sps: HEVCSequenceParameterSet, pps: HEVCPictureParameterSet,
        previous: HEVCSliceSegmentHeader?
    ) throws(ImageError) {
        firstSliceSegmentInPicture = try r.flag("first_slice_segment_in_pic_flag")
        if unit.type.isIRAP { _ = try r.flag("no_output_of_prior_pics_flag") }
        pictureParameterSetID = try r.ue("slice_pic_parameter_set_id", maximum: 63)
        guard pictureParameterSetID == pps.id else {
            throw r.error("the PPS \(pictureParameterSetID) is not the one given")
        }
        let pictureSize = sps.widthInCTBs * sps.heightInCTBs
        if !firstSliceSegmentInPicture {
            if pps.dependentSliceSegmentsEnabled { dependent = try r.flag("dependent_slice_segment_flag") }
            let bits = Int.bitWidth - (pictureSize - 1).leadingZeroBitCount
            address = try r.u(bits, "slice_segment_address")
            guard address < pictureSize else { throw r.error("slice_segment_address \(address) is past the picture") }
        }
        if dependent {
            guard let previous else { throw r.error("a dependent slice segment comes first") }
            try takeSliceFields(from: previous)
        } else {
            try readIndependentFields(&r, unit: unit, sps: sps, pps: pps)
        }
        if pps.tiles != nil || pps.entropyCodingSync {
            let most = pps.entropyCodingSync ? sps.heightInCTBs * (pps.tiles?.columns ?? 1) : pictureSize
            let count = try r.ue("num_entry_point_offsets", maximum: most)
            if count > 0 {
                let length = try r.ue("offset_len_minus1", maximum: 31) + 1
                for _ in 0..<count { entryPointOffsets.append(try r.u(length, "entry_point_offset_minus1") + 1) }
            }
        }
        if pps.sliceHeaderExtensionPresent {
            let length = try r.ue("slice_segment_header_extension_length", maximum: 256)
            try r.skip(length * 8, "slice_segment_header_extension_data_byte")
        }
        try r.byteAlignment()
        dataOffset = r.position / 8
    }

    private mutating func takeSliceFields(from previous: HEVCSliceSegmentHeader) throws(ImageError) {
        colourPlaneID = previous.colourPlaneID
        saoLuma = previous.saoLuma
        saoChroma = previous.saoChroma
        qpY = previous.qpY
        cbQPOffset = previous.cbQPOffset
        crQPOffset = previous.crQPOffset
        cuChromaQPOffsetEnabled = previous.cuChromaQPOffsetEnabled
        deblockingDisabled = previous.deblockingDisabled
        betaOffsetDiv2 = previous.betaOffsetDiv2
        tcOffsetDiv2 = previous.tcOffsetDiv2
        loopFilterAcrossSlices = previous.loopFilterAcrossSlices
    }

    private mutating func readIndependentFields(
        _ r: inout HEVCBitReader, unit: HEVCNALUnit, sps: HEVCSequenceParameterSet, pps: HEVCPictureParameterSet
    ) throws(ImageError) {
        for _ in 0..<pps.extraSliceHeaderBits { _ = try r.flag("slice_reserved_flag") }
        let sliceType = try r.ue("slice_type", maximum: 2)
        guard sliceType == 2 else {
            throw ImageError(
                .unsupported, "HEVC \(sliceType == 0 ? "B" : "P") slices are not supported: a still picture is intra")
        }
        if pps.outputFlagPresent { _ = try r.flag("pic_output_flag") }
        if sps.separateColourPlanes { colourPlaneID = try r.u(2, "colour_plane_id") }
        if !unit.type.isIDR {
            _ = try r.u(sps.log2MaxPicOrderCountLSB, "slice_pic_order_cnt_lsb")
            let sets = sps.shortTermReferencePictureSets
            if !(try r.flag("short_term_ref_pic_set_sps_flag")) {
                _ = try HEVCShortTermReferencePictureSet(&r, index: sets.count, count: sets.count, previous: sets)
            } else if sets.count > 1 {
                let bits = Int.bitWidth - (sets.count - 1).leadingZeroBitCount
                let index = try r.u(bits, "short_term_ref_pic_set_idx")
                guard index < sets.count else {
                    throw r.error("short_term_ref_pic_set_idx \(index) is past the SPS's sets")
                }
            }
            if sps.longTermReferencePicturesPresent {
                var fromSPS = 0
                if sps.longTermReferencePicturesCount > 0 {
                    fromSPS = try r.ue("num_long_term_sps", maximum: sps.longTermReferencePicturesCount)
                }
                let pictures = try r.ue("num_long_term_pics", maximum: 32)
                for index in 0..<fromSPS + pictures {
                    if index < fromSPS {
                        if sps.longTermReferencePicturesCount > 1 {
                            let bits = Int.bitWidth - (sps.longTermReferencePicturesCount - 1).leadingZeroBitCount
                            _ = try r.u(bits, "lt_idx_sps")
                        }
                    } else {
                        _ = try r.u(sps.log2MaxPicOrderCountLSB, "poc_lsb_lt")
                        _ = try r.flag("used_by_curr_pic_lt_flag")
                    }
                    if try r.flag("delta_poc_msb_present_flag") { _ = try r.ue("delta_poc_msb_cycle_lt") }
                }
            }
            if sps.temporalMVPEnabled { _ = try r.flag("slice_temporal_mvp_enabled_flag") }
        }
        if sps.sampleAdaptiveOffsetEnabled {
            saoLuma = try r.flag("slice_sao_luma_flag")
            if sps.chromaArrayType != 0 { saoChroma = try r.flag("slice_sao_chroma_flag") }
        }
        let qpBdOffset = 6 * (sps.bitDepthLuma - 8)
        qpY = pps.initQP + (try r.se("slice_qp_delta", in: (-qpBdOffset - pps.initQP)...(51 - pps.initQP)))
        if pps.sliceChromaQPOffsetsPresent {
            cbQPOffset = try r.se("slice_cb_qp_offset", in: -12...12)
            crQPOffset = try r.se("slice_cr_qp_offset", in: -12...12)
            guard (-12...12).contains(pps.cbQPOffset + cbQPOffset), (-12...12).contains(pps.crQPOffset + crQPOffset)
            else {
                throw r.error("the chroma QP offsets add up to more than 12")
            }
        }
        if pps.rangeExtension.chromaQPOffsetDepth != nil {
            cuChromaQPOffsetEnabled = try r.flag("cu_chroma_qp_offset_enabled_flag")
        }
        var override = false
        if pps.deblockingOverrideEnabled { override = try r.flag("deblocking_filter_override_flag") }
        deblockingDisabled = pps.deblockingDisabled
        betaOffsetDiv2 = pps.betaOffsetDiv2
        tcOffsetDiv2 = pps.tcOffsetDiv2
        if override {
            deblockingDisabled = try r.flag("slice_deblocking_filter_disabled_flag")
            if !deblockingDisabled {
                betaOffsetDiv2 = try r.se("slice_beta_offset_div2", in: -6...6)
                tcOffsetDiv2 = try r.se("slice_tc_offset_div2", in: -6...6)
            }
        }
        loopFilterAcrossSlices = pps.loopFilterAcrossSlices
        if pps.loopFilterAcrossSlices, saoLuma || saoChroma || !deblockingDisabled {
            loopFilterAcrossSlices = try r.flag("slice_loop_filter_across_slices_enabled_flag")
        }
    }
}
