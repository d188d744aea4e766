/// Every context variable of an I slice, plus the four StatCoeff of persistent Rice adaptation,
/// as one flat value: copying it is how wavefront parallel processing saves the state after a
/// row's second CTB and how a dependent slice segment restores it (H.265 §9.3.1, §9.3.2.3).
///
/// Each context is `pStateIdx << 1 | valMps`, the form ``HEVCCABACDecoder/decodeDecision(_:)``
/// takes. The layout is ``HEVCContextElement``'s; the offsets below repeat it as constants for
/// the decoding loops (a test checks they agree).
package struct HEVCContextSet: Sendable, Equatable {
    /// The contexts, then StatCoeff[0...3] from ``statCoeffOffset``.
    package var storage: [UInt8]

    /// The contexts as §9.3.2.2 initialises them for initType 0 at `sliceQpY` (clipped to 0...51
    /// as the spec does; negative for high bit depths), StatCoeff zero.
    package init(sliceQpY: Int) {
        var storage = [UInt8](repeating: 0, count: Self.statCoeffOffset + 4)
        var index = 0
        for element in HEVCContextElement.allCases {
            for value in element.initValues {
                storage[index] = Self.initialState(initValue: Int(value), sliceQpY: sliceQpY)
                index += 1
            }
        }
        self.storage = storage
    }

    /// §9.3.2.2 equations 9-6: one context's packed state from its initValue.
    static func initialState(initValue: Int, sliceQpY: Int) -> UInt8 {
        let m = (initValue >> 4) * 5 - 45
        let n = ((initValue & 15) << 3) - 16
        let preCtxState = min(max(((m * min(max(sliceQpY, 0), 51)) >> 4) + n, 1), 126)
        let valMps = preCtxState <= 63 ? 0 : 1
        let pStateIdx = valMps == 1 ? preCtxState - 64 : 63 - preCtxState
        return UInt8(pStateIdx << 1 | valMps)
    }

    /// pStateIdx and valMps of context `index` of `element`.
    package func state(_ element: HEVCContextElement, _ index: Int = 0) -> (pStateIdx: Int, valMps: Int) {
        let packed = Int(storage[element.offset + index])
        return (packed >> 1, packed & 1)
    }

    /// StatCoeff[sbType] (§9.3.3.11), 0...3.
    package func statCoeff(_ sbType: Int) -> Int { Int(storage[Self.statCoeffOffset + sbType]) }

    static let saoMergeFlag = 0
    static let saoTypeIndex = 1
    static let splitCodingUnitFlag = 2
    static let cuTransquantBypassFlag = 5
    static let partMode = 6
    static let prevIntraLumaPredFlag = 7
    static let intraChromaPredMode = 8
    static let splitTransformFlag = 9
    static let cbfLuma = 12
    static let cbfChroma = 14
    static let cuQpDeltaAbs = 19
    static let transformSkipFlag = 21
    static let lastSigCoeffXPrefix = 23
    static let lastSigCoeffYPrefix = 41
    static let codedSubBlockFlag = 59
    static let sigCoeffFlag = 63
    static let coeffAbsLevelGreater1Flag = 107
    static let coeffAbsLevelGreater2Flag = 131
    static let log2ResScaleAbsPlus1 = 137
    static let resScaleSignFlag = 145
    static let cuChromaQpOffsetFlag = 147
    static let cuChromaQpOffsetIndex = 148
    /// Where StatCoeff[0] lies: after the 149 contexts.
    package static let statCoeffOffset = 149
}
