/// The syntax elements of an I slice that have context variables, in the order their contexts lie
/// in ``HEVCContextSet`` (H.265 Table 9-4, initType 0). explicit_rdpcm_flag and
/// explicit_rdpcm_dir_flag have none in I slices (they are inter-only) and are not listed.
package enum HEVCContextElement: Int, CaseIterable, Sendable {
    case saoMergeFlag
    case saoTypeIndex
    case splitCodingUnitFlag
    case cuTransquantBypassFlag
    case partMode
    case prevIntraLumaPredFlag
    case intraChromaPredMode
    case splitTransformFlag
    case cbfLuma
    /// cbf_cb and cbf_cr share these; the fifth is the range extensions' (4:4:4 at trafoDepth 4).
    case cbfChroma
    case cuQpDeltaAbs
    /// Luma, then chroma.
    case transformSkipFlag
    case lastSigCoeffXPrefix
    case lastSigCoeffYPrefix
    case codedSubBlockFlag
    /// 42, then the two of transform_skip_context_enabled_flag (luma 42, chroma 43).
    case sigCoeffFlag
    case coeffAbsLevelGreater1Flag
    case coeffAbsLevelGreater2Flag
    case log2ResScaleAbsPlus1
    case resScaleSignFlag
    case cuChromaQpOffsetFlag
    case cuChromaQpOffsetIndex

    /// initValue of each context for initType 0 (H.265 Tables 9-5 to 9-37).
    package var initValues: [UInt8] {
        switch self {
        case .saoMergeFlag: [153]
        case .saoTypeIndex: [200]
        case .splitCodingUnitFlag: [139, 141, 157]
        case .cuTransquantBypassFlag: [154]
        case .partMode: [184]
        case .prevIntraLumaPredFlag: [184]
        case .intraChromaPredMode: [63]
        case .splitTransformFlag: [153, 138, 138]
        case .cbfLuma: [111, 141]
        case .cbfChroma: [94, 138, 182, 154, 154]
        case .cuQpDeltaAbs: [154, 154]
        case .transformSkipFlag: [139, 139]
        case .lastSigCoeffXPrefix, .lastSigCoeffYPrefix:
            [110, 110, 124, 125, 140, 153, 125, 127, 140, 109, 111, 143, 127, 111, 79, 108, 123, 63]
        case .codedSubBlockFlag: [91, 171, 134, 141]
        case .sigCoeffFlag:
            [
                111, 111, 125, 110, 110, 94, 124, 108, 124, 107, 125, 141, 179, 153, 125, 107, 125, 141, 179, 153, 125,
                107, 125, 141, 179, 153, 125, 140, 139, 182, 182, 152, 136, 152, 136, 153, 136, 139, 111, 136, 139, 111,
                141, 111,
            ]
        case .coeffAbsLevelGreater1Flag:
            [
                140, 92, 137, 138, 140, 152, 138, 139, 153, 74, 149, 92, 139, 107, 122, 152, 140, 179, 166, 182, 140,
                227, 122, 197,
            ]
        case .coeffAbsLevelGreater2Flag: [138, 153, 136, 167, 152, 152]
        case .log2ResScaleAbsPlus1: [154, 154, 154, 154, 154, 154, 154, 154]
        case .resScaleSignFlag: [154, 154]
        case .cuChromaQpOffsetFlag: [154]
        case .cuChromaQpOffsetIndex: [154]
        }
    }

    /// Where this element's first context lies in ``HEVCContextSet``.
    package var offset: Int { Self.offsets[rawValue] }

    /// How many contexts it has.
    package var count: Int { initValues.count }

    private static let offsets: [Int] = {
        var result: [Int] = []
        var next = 0
        for element in allCases {
            result.append(next)
            next += element.count
        }
        return result
    }()

    /// Contexts of all elements together.
    package static let totalCount = allCases.reduce(0) { $0 + $1.count }
}
