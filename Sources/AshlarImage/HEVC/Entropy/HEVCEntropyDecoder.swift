/// Decodes the syntax elements of intra slice data (H.265 §7.3.8, binarisations of §9.3.3,
/// context selection of §9.3.4.2) from the arithmetic decoder and the context variables. The
/// caller walks the syntax (coding quadtree, transform tree) and asks for each element in turn;
/// what a ctxInc needs from neighbouring blocks comes in as arguments.
///
/// Reading past the slice data never traps: the engine feeds zeros and the caller checks
/// ``isExhausted`` (after a CTB, say). Elements whose length the data controls are bounded;
/// beyond the bound they throw.
package struct HEVCEntropyDecoder: Sendable {
    package var cabac: HEVCCABACDecoder
    /// The context variables; copy them out and back for WPP and dependent slice segments.
    package var contexts: HEVCContextSet
    package let settings: HEVCResidualSettings

    /// A decoder over `data[start..<end]` with contexts initialised at `sliceQpY`.
    package init(
        data: [UInt8], start: Int = 0, end: Int? = nil, sliceQpY: Int, settings: HEVCResidualSettings
    ) throws(ImageError) {
        try settings.validate()
        self.cabac = HEVCCABACDecoder(data: data, start: start, end: end)
        self.contexts = HEVCContextSet(sliceQpY: sliceQpY)
        self.settings = settings
    }

    /// Whether the engine has read past the end of its data.
    package var isExhausted: Bool { cabac.isExhausted }

    @inline(__always)
    mutating func decision(_ index: Int) -> Int {
        cabac.decodeDecision(&contexts.storage[index])
    }

    /// A truncated unary value of bypass bins, at most `cMax`.
    mutating func truncatedUnaryBypass(_ cMax: Int) -> Int {
        var value = 0
        while value < cMax && cabac.decodeBypass() == 1 { value += 1 }
        return value
    }

    /// A k-th order Exp-Golomb value of bypass bins (§9.3.3.3), its prefix bounded at 32 ones.
    mutating func expGolombBypass(_ k: Int, element: String) throws(ImageError) -> Int {
        var prefix = 0
        while cabac.decodeBypass() == 1 {
            prefix += 1
            if prefix > 31 { throw ImageError(.malformed, "HEVC \(element) has too long a prefix") }
        }
        let base = ((1 << prefix) - 1) << k
        return base + cabac.decodeBypassBins(prefix + k)
    }

    // MARK: Slice segment data and coding tree unit

    /// end_of_slice_segment_flag.
    package mutating func decodeEndOfSliceSegmentFlag() -> Bool { cabac.decodeTerminate() == 1 }

    /// end_of_subset_one_bit (end of a tile or WPP row); the next substream starts at
    /// `cabac.bytePosition`.
    package mutating func decodeEndOfSubsetOneBit() -> Bool { cabac.decodeTerminate() == 1 }

    /// sao_merge_left_flag or sao_merge_up_flag.
    package mutating func decodeSAOMergeFlag() -> Bool { decision(HEVCContextSet.saoMergeFlag) == 1 }

    /// sao_type_idx_luma or sao_type_idx_chroma: 0 not applied, 1 band offset, 2 edge offset.
    package mutating func decodeSAOTypeIndex() -> Int {
        if decision(HEVCContextSet.saoTypeIndex) == 0 { return 0 }
        return cabac.decodeBypass() == 0 ? 1 : 2
    }

    /// sao_offset_abs for a component of `bitDepth` bits: truncated unary of bypass bins up to
    /// (1 << (Min(bitDepth, 10) − 5)) − 1.
    package mutating func decodeSAOOffsetAbs(bitDepth: Int) -> Int {
        truncatedUnaryBypass((1 << (min(max(bitDepth, 8), 10) - 5)) - 1)
    }

    /// sao_offset_sign: true for a negative offset.
    package mutating func decodeSAOOffsetSign() -> Bool { cabac.decodeBypass() == 1 }

    /// sao_band_position, 0...31.
    package mutating func decodeSAOBandPosition() -> Int { cabac.decodeBypassBins(5) }

    /// sao_eo_class_luma or sao_eo_class_chroma, 0...3.
    package mutating func decodeSAOEdgeOffsetClass() -> Int { cabac.decodeBypassBins(2) }

    // MARK: Coding quadtree and coding unit

    /// split_cu_flag; ctxInc counts the available left and above neighbours whose coding
    /// quadtree depth is greater than `depth` (§9.3.4.2.2).
    package mutating func decodeSplitCUFlag(
        depth: Int, leftAvailable: Bool, leftDepth: Int, aboveAvailable: Bool, aboveDepth: Int
    ) -> Bool {
        let increment = (leftAvailable && leftDepth > depth ? 1 : 0) + (aboveAvailable && aboveDepth > depth ? 1 : 0)
        return decision(HEVCContextSet.splitCodingUnitFlag + increment) == 1
    }

    /// cu_transquant_bypass_flag.
    package mutating func decodeCUTransquantBypassFlag() -> Bool {
        decision(HEVCContextSet.cuTransquantBypassFlag) == 1
    }

    /// part_mode of an intra coding unit (present only at the minimum coding block size): true
    /// for PART_NxN, false for PART_2Nx2N.
    package mutating func decodeIntraPartModeIsNxN() -> Bool { decision(HEVCContextSet.partMode) == 0 }

    /// pcm_flag; after true, the PCM samples start at `cabac.bytePosition`, and the caller
    /// restarts the engine after them (`cabac.restart(at:)`).
    package mutating func decodePCMFlag() -> Bool { cabac.decodeTerminate() == 1 }

    /// prev_intra_luma_pred_flag.
    package mutating func decodePrevIntraLumaPredFlag() -> Bool {
        decision(HEVCContextSet.prevIntraLumaPredFlag) == 1
    }

    /// mpm_idx, 0...2.
    package mutating func decodeMPMIndex() -> Int { truncatedUnaryBypass(2) }

    /// rem_intra_luma_pred_mode, 0...31.
    package mutating func decodeRemIntraLumaPredMode() -> Int { cabac.decodeBypassBins(5) }

    /// intra_chroma_pred_mode, 0...4 (4: derived from luma).
    package mutating func decodeIntraChromaPredMode() -> Int {
        if decision(HEVCContextSet.intraChromaPredMode) == 0 { return 4 }
        return cabac.decodeBypassBins(2)
    }
}
