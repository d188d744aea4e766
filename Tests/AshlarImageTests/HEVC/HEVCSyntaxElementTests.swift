import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The coding-tree and transform-tree syntax elements: random values, binarised here as the
/// spec's Table 9-43 and §9.3.4.2 give them (context index by ctxInc, bypass or terminating
/// bins), come back from the decoder.
@Suite struct HEVCSyntaxElementTests {
    enum Element: CaseIterable {
        case saoMerge, saoType, saoOffset, saoSign, saoBand, saoClass, splitCU, bypass, partMode, prevIntra, mpm,
            remMode, chromaMode, splitTransform, cbfLuma, cbfChroma, qpDelta, chromaQpFlag, chromaQpIndex,
            residualScale, transformSkip, endOfSlice
    }

    /// One element with its value and the arguments its ctxInc needs.
    struct Coded: Equatable {
        var element: Element
        var value: Int
        var arguments: [Int] = []
    }

    static let bitDepth = 10

    static func random(_ settings: HEVCResidualSettings, using random: inout SeededGenerator) -> Coded {
        let element = Element.allCases.randomElement(using: &random) ?? .saoMerge
        func r(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        switch element {
        case .saoMerge, .saoSign, .bypass, .partMode, .prevIntra, .chromaQpFlag:
            return Coded(element: element, value: r(0...1))
        case .saoType: return Coded(element: element, value: r(0...2))
        case .saoOffset: return Coded(element: element, value: r(0...((1 << (min(bitDepth, 10) - 5)) - 1)))
        case .saoBand: return Coded(element: element, value: r(0...31))
        case .saoClass: return Coded(element: element, value: r(0...3))
        case .splitCU:
            return Coded(
                element: element, value: r(0...1), arguments: [r(0...3), r(0...1), r(0...4), r(0...1), r(0...4)])
        case .mpm: return Coded(element: element, value: r(0...2))
        case .remMode: return Coded(element: element, value: r(0...31))
        case .chromaMode: return Coded(element: element, value: r(0...4))
        case .splitTransform: return Coded(element: element, value: r(0...1), arguments: [r(3...5)])
        case .cbfLuma: return Coded(element: element, value: r(0...1), arguments: [r(0...4)])
        case .cbfChroma: return Coded(element: element, value: r(0...1), arguments: [r(0...4)])
        case .qpDelta: return Coded(element: element, value: r(0...3) == 0 ? r(-5000...5000) : r(-12...12))
        case .chromaQpIndex: return Coded(element: element, value: r(0...settings.chromaQpOffsetListLengthMinus1))
        case .residualScale:
            let magnitude = r(0...4)
            let value = magnitude == 0 ? 0 : (1 << (magnitude - 1)) * (r(0...1) == 0 ? 1 : -1)
            return Coded(element: element, value: value, arguments: [r(0...1)])
        case .transformSkip: return Coded(element: element, value: r(0...1), arguments: [r(0...2)])
        case .endOfSlice: return Coded(element: element, value: 0)
        }
    }

    static func encode(
        _ coded: Coded, _ e: inout HEVCCABACTestEncoder, _ contexts: inout HEVCContextSet,
        _ settings: HEVCResidualSettings
    ) {
        func bin(_ index: Int, _ value: Int) { e.encodeDecision(&contexts.storage[index], value) }
        func unary(_ value: Int, _ cMax: Int, _ context: (Int) -> Int?) {
            for binIdx in 0..<min(value + 1, cMax) {
                let b = binIdx < value ? 1 : 0
                if let index = context(binIdx) { bin(index, b) } else { e.encodeBypass(b) }
            }
        }
        let v = coded.value
        let a = coded.arguments
        switch coded.element {
        case .saoMerge: bin(HEVCContextSet.saoMergeFlag, v)
        case .saoType: unary(v, 2) { $0 == 0 ? HEVCContextSet.saoTypeIndex : nil }
        case .saoOffset: unary(v, (1 << (min(bitDepth, 10) - 5)) - 1) { _ in nil }
        case .saoSign: e.encodeBypass(v)
        case .saoBand: e.encodeBypassBins(v, 5)
        case .saoClass: e.encodeBypassBins(v, 2)
        case .splitCU:
            let inc = (a[1] == 1 && a[2] > a[0] ? 1 : 0) + (a[3] == 1 && a[4] > a[0] ? 1 : 0)
            bin(HEVCContextSet.splitCodingUnitFlag + inc, v)
        case .bypass: bin(HEVCContextSet.cuTransquantBypassFlag, v)
        case .partMode: bin(HEVCContextSet.partMode, v == 1 ? 0 : 1)
        case .prevIntra: bin(HEVCContextSet.prevIntraLumaPredFlag, v)
        case .mpm: unary(v, 2) { _ in nil }
        case .remMode: e.encodeBypassBins(v, 5)
        case .chromaMode:
            bin(HEVCContextSet.intraChromaPredMode, v == 4 ? 0 : 1)
            if v != 4 { e.encodeBypassBins(v, 2) }
        case .splitTransform: bin(HEVCContextSet.splitTransformFlag + 5 - a[0], v)
        case .cbfLuma: bin(HEVCContextSet.cbfLuma + (a[0] == 0 ? 1 : 0), v)
        case .cbfChroma: bin(HEVCContextSet.cbfChroma + a[0], v)
        case .qpDelta:
            let magnitude = abs(v)
            unary(min(magnitude, 5), 5) { HEVCContextSet.cuQpDeltaAbs + ($0 == 0 ? 0 : 1) }
            if magnitude >= 5 {
                var rest = magnitude - 5
                var k = 0
                while rest >= 1 << k {
                    e.encodeBypass(1)
                    rest -= 1 << k
                    k += 1
                }
                e.encodeBypass(0)
                e.encodeBypassBins(rest, k)
            }
            if magnitude > 0 { e.encodeBypass(v < 0 ? 1 : 0) }
        case .chromaQpFlag: bin(HEVCContextSet.cuChromaQpOffsetFlag, v)
        case .chromaQpIndex:
            unary(v, settings.chromaQpOffsetListLengthMinus1) { _ in HEVCContextSet.cuChromaQpOffsetIndex }
        case .residualScale:
            let plus1 = v == 0 ? 0 : abs(v).trailingZeroBitCount + 1
            unary(plus1, 4) { HEVCContextSet.log2ResScaleAbsPlus1 + 4 * a[0] + $0 }
            if plus1 > 0 { bin(HEVCContextSet.resScaleSignFlag + a[0], v < 0 ? 1 : 0) }
        case .transformSkip: bin(HEVCContextSet.transformSkipFlag + (a[0] == 0 ? 0 : 1), v)
        case .endOfSlice: e.encodeTerminate(0)
        }
    }

    static func decode(_ coded: Coded, _ d: inout HEVCEntropyDecoder) throws -> Int {
        let a = coded.arguments
        switch coded.element {
        case .saoMerge: return d.decodeSAOMergeFlag() ? 1 : 0
        case .saoType: return d.decodeSAOTypeIndex()
        case .saoOffset: return d.decodeSAOOffsetAbs(bitDepth: bitDepth)
        case .saoSign: return d.decodeSAOOffsetSign() ? 1 : 0
        case .saoBand: return d.decodeSAOBandPosition()
        case .saoClass: return d.decodeSAOEdgeOffsetClass()
        case .splitCU:
            return d.decodeSplitCUFlag(
                depth: a[0], leftAvailable: a[1] == 1, leftDepth: a[2], aboveAvailable: a[3] == 1, aboveDepth: a[4])
                ? 1 : 0
        case .bypass: return d.decodeCUTransquantBypassFlag() ? 1 : 0
        case .partMode: return d.decodeIntraPartModeIsNxN() ? 1 : 0
        case .prevIntra: return d.decodePrevIntraLumaPredFlag() ? 1 : 0
        case .mpm: return d.decodeMPMIndex()
        case .remMode: return d.decodeRemIntraLumaPredMode()
        case .chromaMode: return d.decodeIntraChromaPredMode()
        case .splitTransform: return d.decodeSplitTransformFlag(log2TrafoSize: a[0]) ? 1 : 0
        case .cbfLuma: return d.decodeCBFLuma(trafoDepth: a[0]) ? 1 : 0
        case .cbfChroma: return d.decodeCBFChroma(trafoDepth: a[0]) ? 1 : 0
        case .qpDelta: return try d.decodeCUQpDelta()
        case .chromaQpFlag: return d.decodeCUChromaQpOffsetFlag() ? 1 : 0
        case .chromaQpIndex: return d.decodeCUChromaQpOffsetIndex()
        case .residualScale: return d.decodeResidualScale(chroma: a[0])
        case .transformSkip: return d.decodeTransformSkipFlag(component: a[0]) ? 1 : 0
        case .endOfSlice: return d.decodeEndOfSliceSegmentFlag() ? 1 : 0
        }
    }

    @Test(arguments: Array(UInt64(1)...20))
    func randomElementsComeBack(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var settings = HEVCResidualSettings()
        settings.chromaQpOffsetListLengthMinus1 = Int.random(in: 0...5, using: &random)
        let qp = Int.random(in: 0...51, using: &random)
        let elements = (0..<2000).map { _ in Self.random(settings, using: &random) }
        var encoder = HEVCCABACTestEncoder()
        var contexts = HEVCContextSet(sliceQpY: qp)
        for coded in elements { Self.encode(coded, &encoder, &contexts, settings) }
        encoder.encodeTerminate(1)
        var decoder = try HEVCEntropyDecoder(data: encoder.bytes, sliceQpY: qp, settings: settings)
        for (index, coded) in elements.enumerated() {
            let value = try Self.decode(coded, &decoder)
            #expect(value == coded.value, "element \(index): \(coded)")
            if value != coded.value { return }
        }
        let end = decoder.decodeEndOfSliceSegmentFlag()
        #expect(end)
        #expect(decoder.contexts == contexts)
        #expect(!decoder.isExhausted)
    }
}
