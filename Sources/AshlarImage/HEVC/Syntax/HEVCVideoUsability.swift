/// `vui_parameters()` (Annex E.2.1): the colour description a decoder needs to turn the
/// samples into RGB; the rest (timing, HRD, restrictions) is read to get past it.
package struct HEVCVideoUsability: Sendable, Equatable {
    /// `video_full_range_flag`: false (limited range) unless the VUI says so.
    package var fullRange = false
    /// `colour_primaries`, `transfer_characteristics`, `matrix_coeffs` (2: unspecified).
    package var colourPrimaries = 2
    package var transferCharacteristics = 2
    package var matrixCoefficients = 2

    package init() {}

    package init(_ r: inout HEVCBitReader, maxSubLayersMinus1: Int) throws(ImageError) {
        if try r.flag("aspect_ratio_info_present_flag") {
            if try r.u(8, "aspect_ratio_idc") == 255 {
                _ = try r.u(16, "sar_width")
                _ = try r.u(16, "sar_height")
            }
        }
        if try r.flag("overscan_info_present_flag") { _ = try r.flag("overscan_appropriate_flag") }
        if try r.flag("video_signal_type_present_flag") {
            _ = try r.u(3, "video_format")
            fullRange = try r.flag("video_full_range_flag")
            if try r.flag("colour_description_present_flag") {
                colourPrimaries = try r.u(8, "colour_primaries")
                transferCharacteristics = try r.u(8, "transfer_characteristics")
                matrixCoefficients = try r.u(8, "matrix_coefficients")
            }
        }
        if try r.flag("chroma_loc_info_present_flag") {
            _ = try r.ue("chroma_sample_loc_type_top_field", maximum: 5)
            _ = try r.ue("chroma_sample_loc_type_bottom_field", maximum: 5)
        }
        _ = try r.flag("neutral_chroma_indication_flag")
        _ = try r.flag("field_seq_flag")
        _ = try r.flag("frame_field_info_present_flag")
        if try r.flag("default_display_window_flag") {
            for name in [
                "def_disp_win_left_offset", "def_disp_win_right_offset", "def_disp_win_top_offset",
                "def_disp_win_bottom_offset",
            ] {
                _ = try r.ue(name)
            }
        }
        if try r.flag("vui_timing_info_present_flag") {
            _ = try r.u(32, "vui_num_units_in_tick")
            _ = try r.u(32, "vui_time_scale")
            if try r.flag("vui_poc_proportional_to_timing_flag") { _ = try r.ue("vui_num_ticks_poc_diff_one_minus1") }
            if try r.flag("vui_hrd_parameters_present_flag") {
                try Self.skipHRD(&r, common: true, maxSubLayersMinus1: maxSubLayersMinus1)
            }
        }
        if try r.flag("bitstream_restriction_flag") {
            _ = try r.flag("tiles_fixed_structure_flag")
            _ = try r.flag("motion_vectors_over_pic_boundaries_flag")
            _ = try r.flag("restricted_ref_pic_lists_flag")
            _ = try r.ue("min_spatial_segmentation_idc", maximum: 4095)
            _ = try r.ue("max_bytes_per_pic_denom", maximum: 16)
            _ = try r.ue("max_bits_per_min_cu_denom", maximum: 16)
            _ = try r.ue("log2_max_mv_length_horizontal", maximum: 16)
            _ = try r.ue("log2_max_mv_length_vertical", maximum: 15)
        }
    }

    /// `hrd_parameters()` (E.2.2), read and dropped.
    static func skipHRD(_ r: inout HEVCBitReader, common: Bool, maxSubLayersMinus1: Int) throws(ImageError) {
        var nal = false
        var vcl = false
        var subPicture = false
        if common {
            nal = try r.flag("nal_hrd_parameters_present_flag")
            vcl = try r.flag("vcl_hrd_parameters_present_flag")
            if nal || vcl {
                subPicture = try r.flag("sub_pic_hrd_params_present_flag")
                if subPicture {
                    _ = try r.u(8, "tick_divisor_minus2")
                    _ = try r.u(5, "du_cpb_removal_delay_increment_length_minus1")
                    _ = try r.flag("sub_pic_cpb_params_in_pic_timing_sei_flag")
                    _ = try r.u(5, "dpb_output_delay_du_length_minus1")
                }
                _ = try r.u(4, "bit_rate_scale")
                _ = try r.u(4, "cpb_size_scale")
                if subPicture { _ = try r.u(4, "cpb_size_du_scale") }
                _ = try r.u(5, "initial_cpb_removal_delay_length_minus1")
                _ = try r.u(5, "au_cpb_removal_delay_length_minus1")
                _ = try r.u(5, "dpb_output_delay_length_minus1")
            }
        }
        for _ in 0...maxSubLayersMinus1 {
            var withinSequence = true
            if !(try r.flag("fixed_pic_rate_general_flag")) {
                withinSequence = try r.flag("fixed_pic_rate_within_cvs_flag")
            }
            var lowDelay = false
            if withinSequence {
                _ = try r.ue("elemental_duration_in_tc_minus1", maximum: 2047)
            } else {
                lowDelay = try r.flag("low_delay_hrd_flag")
            }
            var cpbCount = 1
            if !lowDelay { cpbCount = try r.ue("cpb_cnt_minus1", maximum: 31) + 1 }
            for present in [nal, vcl] where present {
                for _ in 0..<cpbCount {
                    _ = try r.ue("bit_rate_value_minus1")
                    _ = try r.ue("cpb_size_value_minus1")
                    if subPicture {
                        _ = try r.ue("cpb_size_du_value_minus1")
                        _ = try r.ue("bit_rate_du_value_minus1")
                    }
                    _ = try r.flag("cbr_flag")
                }
            }
        }
    }
}
