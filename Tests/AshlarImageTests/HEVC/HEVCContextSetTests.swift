import Testing

@testable import AshlarImage

/// The context variables of an I slice: initialised by the §9.3.2.2 formula, written plainly here,
/// from the initType 0 values of Tables 9-5 to 9-37, typed again here by element.
@Suite struct HEVCContextSetTests {
    /// (element, initValues for initType 0), from the spec's tables.
    static let tables: [(HEVCContextElement, [Int])] = [
        (.saoMergeFlag, [153]), (.saoTypeIndex, [200]), (.splitCodingUnitFlag, [139, 141, 157]),
        (.cuTransquantBypassFlag, [154]), (.partMode, [184]), (.prevIntraLumaPredFlag, [184]),
        (.intraChromaPredMode, [63]), (.splitTransformFlag, [153, 138, 138]), (.cbfLuma, [111, 141]),
        (.cbfChroma, [94, 138, 182, 154, 154]), (.cuQpDeltaAbs, [154, 154]), (.transformSkipFlag, [139, 139]),
        (
            .lastSigCoeffXPrefix,
            [110, 110, 124, 125, 140, 153, 125, 127, 140, 109, 111, 143, 127, 111, 79, 108, 123, 63]
        ),
        (
            .lastSigCoeffYPrefix,
            [110, 110, 124, 125, 140, 153, 125, 127, 140, 109, 111, 143, 127, 111, 79, 108, 123, 63]
        ),
        (.codedSubBlockFlag, [91, 171, 134, 141]),
        (
            .sigCoeffFlag,
            [
                111, 111, 125, 110, 110, 94, 124, 108, 124, 107, 125, 141, 179, 153, 125, 107, 125, 141, 179, 153,
                125, 107, 125, 141, 179, 153, 125, 140, 139, 182, 182, 152, 136, 152, 136, 153, 136, 139, 111, 136,
                139, 111, 141, 111,
            ]
        ),
        (
            .coeffAbsLevelGreater1Flag,
            [
                140, 92, 137, 138, 140, 152, 138, 139, 153, 74, 149, 92, 139, 107, 122, 152, 140, 179, 166, 182, 140,
                227, 122, 197,
            ]
        ),
        (.coeffAbsLevelGreater2Flag, [138, 153, 136, 167, 152, 152]),
        (.log2ResScaleAbsPlus1, [154, 154, 154, 154, 154, 154, 154, 154]), (.resScaleSignFlag, [154, 154]),
        (.cuChromaQpOffsetFlag, [154]), (.cuChromaQpOffsetIndex, [154]),
    ]

    @Test(arguments: Array(-12...57))
    func everyContextFollowsTheFormula(sliceQpY: Int) {
        let set = HEVCContextSet(sliceQpY: sliceQpY)
        #expect(Self.tables.count == HEVCContextElement.allCases.count)
        for (element, values) in Self.tables {
            #expect(element.count == values.count, "\(element)")
            for (index, initValue) in values.enumerated() {
                let slopeIdx = initValue / 16
                let offsetIdx = initValue % 16
                let m = slopeIdx * 5 - 45
                let n = offsetIdx * 8 - 16
                let qp = Swift.min(Swift.max(sliceQpY, 0), 51)
                let product = m * qp
                let shifted = product >= 0 ? product / 16 : -((-product + 15) / 16)
                let preCtxState = Swift.min(Swift.max(shifted + n, 1), 126)
                let valMps = preCtxState <= 63 ? 0 : 1
                let pStateIdx = valMps == 1 ? preCtxState - 64 : 63 - preCtxState
                let state = set.state(element, index)
                #expect(state.pStateIdx == pStateIdx && state.valMps == valMps, "\(element)[\(index)] at \(sliceQpY)")
            }
        }
        #expect((0..<4).allSatisfy { set.statCoeff($0) == 0 })
    }

    /// The constant offsets the decoding loops use are the layout's.
    @Test func constantOffsetsMatchTheLayout() {
        let constants: [(HEVCContextElement, Int)] = [
            (.saoMergeFlag, HEVCContextSet.saoMergeFlag), (.saoTypeIndex, HEVCContextSet.saoTypeIndex),
            (.splitCodingUnitFlag, HEVCContextSet.splitCodingUnitFlag),
            (.cuTransquantBypassFlag, HEVCContextSet.cuTransquantBypassFlag), (.partMode, HEVCContextSet.partMode),
            (.prevIntraLumaPredFlag, HEVCContextSet.prevIntraLumaPredFlag),
            (.intraChromaPredMode, HEVCContextSet.intraChromaPredMode),
            (.splitTransformFlag, HEVCContextSet.splitTransformFlag), (.cbfLuma, HEVCContextSet.cbfLuma),
            (.cbfChroma, HEVCContextSet.cbfChroma), (.cuQpDeltaAbs, HEVCContextSet.cuQpDeltaAbs),
            (.transformSkipFlag, HEVCContextSet.transformSkipFlag),
            (.lastSigCoeffXPrefix, HEVCContextSet.lastSigCoeffXPrefix),
            (.lastSigCoeffYPrefix, HEVCContextSet.lastSigCoeffYPrefix),
            (.codedSubBlockFlag, HEVCContextSet.codedSubBlockFlag), (.sigCoeffFlag, HEVCContextSet.sigCoeffFlag),
            (.coeffAbsLevelGreater1Flag, HEVCContextSet.coeffAbsLevelGreater1Flag),
            (.coeffAbsLevelGreater2Flag, HEVCContextSet.coeffAbsLevelGreater2Flag),
            (.log2ResScaleAbsPlus1, HEVCContextSet.log2ResScaleAbsPlus1),
            (.resScaleSignFlag, HEVCContextSet.resScaleSignFlag),
            (.cuChromaQpOffsetFlag, HEVCContextSet.cuChromaQpOffsetFlag),
            (.cuChromaQpOffsetIndex, HEVCContextSet.cuChromaQpOffsetIndex),
        ]
        #expect(constants.count == HEVCContextElement.allCases.count)
        for (element, constant) in constants { #expect(element.offset == constant, "\(element)") }
        #expect(HEVCContextElement.totalCount == HEVCContextSet.statCoeffOffset)
    }

    /// A saved copy is unaffected by later decoding and restores the state exactly.
    @Test func aCopyRestoresTheState() throws {
        var decoder = try HEVCEntropyDecoder(
            data: [0x5A, 0xC3, 0x99, 0x10, 0xFF, 0x01], sliceQpY: 30, settings: .init())
        let saved = decoder.contexts
        for _ in 0..<20 {
            _ = decoder.decodeSplitCUFlag(
                depth: 0, leftAvailable: true, leftDepth: 1, aboveAvailable: false, aboveDepth: 0)
        }
        #expect(decoder.contexts != saved)
        decoder.contexts = saved
        #expect(decoder.contexts == HEVCContextSet(sliceQpY: 30))
    }
}
