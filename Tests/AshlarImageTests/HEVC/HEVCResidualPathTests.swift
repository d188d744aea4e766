import AshlarTestSupport
import Testing

@testable import AshlarImage

/// Scaling, transform skip, bypass, RDPCM and the QP formulas of §8.6.1–§8.6.8, each against the
/// spec's formula written plainly here.
@Suite struct HEVCResidualPathTests {
    /// Table 8-10 as printed: qPi < 30 → qPi; 30...43 → these; > 43 → qPi − 6.
    @Test func chromaQpTable() {
        let printed = [29, 30, 31, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37]
        for qPi in -12...57 {
            let expected = qPi < 30 ? qPi : qPi > 43 ? qPi - 6 : printed[qPi - 30]
            #expect(HEVCQuantiser.chromaQpMapping(qPi: qPi, chromaArrayType: 1) == expected)
            #expect(HEVCQuantiser.chromaQpMapping(qPi: qPi, chromaArrayType: 3) == min(qPi, 51))
        }
        // Qp′C adds QpBdOffsetC; qPi is clipped to −QpBdOffsetC...57 first.
        #expect(HEVCQuantiser.chromaQp(qpY: 40, offsets: 2, chromaArrayType: 1, qpBdOffsetC: 12) == 37 + 12)
        #expect(HEVCQuantiser.chromaQp(qpY: 51, offsets: 12, chromaArrayType: 1, qpBdOffsetC: 0) == 51)
        #expect(HEVCQuantiser.chromaQp(qpY: -12, offsets: -12, chromaArrayType: 2, qpBdOffsetC: 12) == 0)
    }

    @Test func lumaQp() {
        for offset in [0, 12] {
            for predicted in -offset...51 {
                for delta in -(26 + offset / 2)...(25 + offset / 2) {
                    let expected = ((predicted + delta + 52 + 2 * offset) % (52 + offset)) - offset
                    #expect(
                        HEVCQuantiser.qpY(predicted: predicted, cuQpDelta: delta, qpBdOffsetY: offset) == expected)
                }
            }
        }
        #expect(HEVCQuantiser.qpY(predicted: 51, cuQpDelta: 1, qpBdOffsetY: 0) == 0)
        #expect(HEVCQuantiser.predictedQpY(left: 30, above: 33) == 32)
        #expect(HEVCQuantiser.predictedQpY(left: nil, above: 33, previous: 26) == 30)
    }

    /// (8-309)-style scaling written plainly, with m from a scaling matrix or the flat 16.
    static func literalScale(_ level: Int, m: Int, qp: Int, bitDepth: Int, log2Size: Int) -> Int {
        let levelScale = [40, 45, 51, 57, 64, 72]
        let bdShift = bitDepth + log2Size - 5
        let value = (level * m * levelScale[qp % 6] << (qp / 6)) + (1 << (bdShift - 1))
        return min(max(value >> bdShift, -32768), 32767)
    }

    @Test(arguments: [(8, 2), (8, 5), (10, 3), (10, 4)]) func scaling(bitDepth: Int, log2Size: Int) {
        var generator = SeededGenerator(seed: UInt64(bitDepth * 10 + log2Size))
        let size = 1 << log2Size
        for qp in 0...(51 + 6 * (bitDepth - 8)) {
            let levels = (0..<size * size).map { _ in Int32.random(in: -3000...3000, using: &generator) }
            let factors = (0..<size * size).map { _ in UInt8.random(in: 1...255, using: &generator) }
            for (lists, skip) in [(false, false), (true, false), (true, true)] {
                var block = levels
                HEVCDequantiser.scale(
                    &block, log2Size: log2Size,
                    settings: HEVCDequantiserSettings(
                        bitDepth: bitDepth, qp: qp, scalingListEnabled: lists, transformSkip: skip,
                        scalingFactor: factors))
                let flat = !lists || (skip && log2Size > 2)
                let expected = levels.indices.map { index in
                    Self.literalScale(
                        Int(levels[index]), m: flat ? 16 : Int(factors[index]), qp: qp, bitDepth: bitDepth,
                        log2Size: log2Size)
                }
                #expect(block.map(Int.init) == expected, "qp \(qp) lists \(lists) skip \(skip)")
            }
        }
    }

    /// Transform skip: r = (rotated) d << (5 + log2), then bdShift, then RDPCM; bypass: the levels,
    /// rotated, then RDPCM.
    @Test(arguments: [2, 3, 5]) func transformSkipAndBypass(log2Size: Int) {
        var generator = SeededGenerator(seed: UInt64(log2Size))
        let size = 1 << log2Size
        for mode in [1, 10, 26] {
            for (rotation, rdpcm) in [(false, false), (true, true), (true, false), (false, true)] {
                let levels = (0..<size * size).map { _ in Int32.random(in: -200...200, using: &generator) }
                var settings = HEVCTransformSettings(bitDepth: 8, predModeIntra: mode, transformSkip: true)
                settings.transformSkipRotationEnabled = rotation
                settings.implicitRdpcmEnabled = rdpcm
                let rotate = rotation && log2Size == 2
                func at(_ values: [Int], _ x: Int, _ y: Int) -> Int {
                    rotate ? values[(size - 1 - y) * size + (size - 1 - x)] : values[y * size + x]
                }
                func rdpcmed(_ r: [Int]) -> [Int] {
                    guard rdpcm, mode != 1 else { return r }
                    var out = r
                    for y in 0..<size {
                        for x in 0..<size {
                            if mode == 10, x > 0 { out[y * size + x] += out[y * size + x - 1] }
                            if mode == 26, y > 0 { out[y * size + x] += out[(y - 1) * size + x] }
                        }
                    }
                    return out
                }
                let d = levels.map { Self.literalScale(Int($0), m: 16, qp: 22, bitDepth: 8, log2Size: log2Size) }
                let shifted = (0..<size * size).map { i in
                    ((at(d, i % size, i / size) << (5 + log2Size)) + (1 << 11)) >> 12
                }
                var block = levels
                HEVCTransform.residual(
                    &block, log2Size: log2Size, settings: settings,
                    dequantiser: HEVCDequantiserSettings(bitDepth: 8, qp: 22, transformSkip: true))
                #expect(block.map(Int.init) == rdpcmed(shifted), "mode \(mode) rot \(rotation) rdpcm \(rdpcm)")

                settings.transquantBypass = true
                settings.transformSkip = false
                var bypass = levels
                HEVCTransform.residual(
                    &bypass, log2Size: log2Size, settings: settings,
                    dequantiser: HEVCDequantiserSettings(bitDepth: 8, qp: 22))
                let plain = levels.map(Int.init)
                let expected = rdpcmed((0..<size * size).map { at(plain, $0 % size, $0 / size) })
                #expect(bypass.map(Int.init) == expected, "bypass mode \(mode)")
            }
        }
    }

    @Test func crossComponentPrediction() {
        let luma: [Int32] = [-300, -1, 0, 1, 255, 511]
        for (bitDepthY, bitDepthC) in [(8, 8), (10, 8), (8, 10)] {
            for scale in [-8, -4, -1, 1, 2, 8] {
                var chroma: [Int32] = [5, -5, 0, 7, -100, 3]
                let expected = chroma.indices.map { i in
                    Int(chroma[i]) + ((scale * ((Int(luma[i]) << bitDepthC) >> bitDepthY)) >> 3)
                }
                HEVCTransform.predictFromLuma(
                    &chroma, luma: luma, resScaleVal: scale, bitDepthLuma: bitDepthY, bitDepthChroma: bitDepthC)
                #expect(chroma.map(Int.init) == expected)
            }
        }
    }

    @Test func pictureSubsampling() throws {
        let picture = try HEVCPicture(width: 97, height: 65, chromaArrayType: 1, bitDepthLuma: 10, bitDepthChroma: 10)
        #expect(picture.planes.map(\.width) == [97, 49, 49])
        #expect(picture.planes.map(\.height) == [65, 33, 33])
        #expect(picture.planes[0].sample(x: 0, y: 0) == 512)
        let mono = try HEVCPicture(width: 8, height: 8, chromaArrayType: 0, bitDepthLuma: 8, bitDepthChroma: 8)
        #expect(mono.planes.count == 1)
        let wide = try HEVCPicture(width: 8, height: 8, chromaArrayType: 2, bitDepthLuma: 8, bitDepthChroma: 8)
        #expect(wide.planes[1].width == 4 && wide.planes[1].height == 8)
        #expect(throws: ImageError.self) { try HEVCPlane(width: 0, height: 4) }
    }
}
