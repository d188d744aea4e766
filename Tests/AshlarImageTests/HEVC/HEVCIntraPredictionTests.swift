import AshlarTestSupport
import Testing

@testable import AshlarImage

/// Intra prediction against the spec's equations read sample by sample, with the references
/// addressed as p[x][y] (x = −1 or y = −1) exactly as §8.4.4.2 writes them.
@Suite struct HEVCIntraPredictionTests {
    /// The spec's p[x][y] over a reference set.
    struct Neighbours {
        var values: [Int: Int] = [:]
        static func key(_ x: Int, _ y: Int) -> Int { (x + 1) * 1000 + (y + 1) }
        subscript(x: Int, y: Int) -> Int {
            get { values[Self.key(x, y)] ?? -999_999 }
            set { values[Self.key(x, y)] = newValue }
        }
        init(_ r: HEVCIntraReferences) {
            for i in 0...(2 * r.size) {
                self[-1, i - 1] = Int(r.left[i])
                self[i - 1, -1] = Int(r.top[i])
            }
        }
    }

    static let angleTable: [Int: Int] = [
        2: 32, 3: 26, 4: 21, 5: 17, 6: 13, 7: 9, 8: 5, 9: 2, 10: 0, 11: -2, 12: -5, 13: -9, 14: -13, 15: -17,
        16: -21, 17: -26, 18: -32, 19: -26, 20: -21, 21: -17, 22: -13, 23: -9, 24: -5, 25: -2, 26: 0, 27: 2, 28: 5,
        29: 9, 30: 13, 31: 17, 32: 21, 33: 26, 34: 32,
    ]
    static let invAngleTable: [Int: Int] = [
        11: -4096, 12: -1638, 13: -910, 14: -630, 15: -482, 16: -390, 17: -315, 18: -256, 19: -315, 20: -390,
        21: -482, 22: -630, 23: -910, 24: -1638, 25: -4096,
    ]

    /// predSamples[x][y] by (8-38) to (8-61), one sample at a time.
    static func literal(_ p: Neighbours, n: Int, mode: Int, cIdx: Int, bitDepth: Int, disable: Bool) -> [Int] {
        let log2 = n.trailingZeroBitCount
        var pred = [Int](repeating: 0, count: n * n)
        func set(_ x: Int, _ y: Int, _ v: Int) { pred[y * n + x] = v }
        func clip1(_ v: Int) -> Int { min(max(v, 0), (1 << bitDepth) - 1) }
        if mode == 0 {
            for y in 0..<n {
                for x in 0..<n {
                    set(
                        x, y,
                        ((n - 1 - x) * p[-1, y] + (x + 1) * p[n, -1] + (n - 1 - y) * p[x, -1] + (y + 1) * p[-1, n] + n)
                            >> (log2 + 1))
                }
            }
            return pred
        }
        if mode == 1 {
            var sum = n
            for i in 0..<n { sum += p[i, -1] + p[-1, i] }
            let dcVal = sum >> (log2 + 1)
            for y in 0..<n { for x in 0..<n { set(x, y, dcVal) } }
            if cIdx == 0 && n < 32 {
                set(0, 0, (p[-1, 0] + 2 * dcVal + p[0, -1] + 2) >> 2)
                for x in 1..<n { set(x, 0, (p[x, -1] + 3 * dcVal + 2) >> 2) }
                for y in 1..<n { set(0, y, (p[-1, y] + 3 * dcVal + 2) >> 2) }
            }
            return pred
        }
        let angle = angleTable[mode]!
        var ref: [Int: Int] = [:]
        if mode >= 18 {
            for x in 0...n { ref[x] = p[-1 + x, -1] }
            if angle < 0 {
                if (n * angle) >> 5 < -1 {
                    for x in ((n * angle) >> 5)...(-1) { ref[x] = p[-1, -1 + ((x * invAngleTable[mode]! + 128) >> 8)] }
                }
            } else {
                for x in (n + 1)...(2 * n) { ref[x] = p[-1 + x, -1] }
            }
            for y in 0..<n {
                let iIdx = ((y + 1) * angle) >> 5
                let iFact = ((y + 1) * angle) & 31
                for x in 0..<n {
                    if iFact != 0 {
                        set(x, y, ((32 - iFact) * ref[x + iIdx + 1]! + iFact * ref[x + iIdx + 2]! + 16) >> 5)
                    } else {
                        set(x, y, ref[x + iIdx + 1]!)
                    }
                }
            }
            if mode == 26 && cIdx == 0 && n < 32 && !disable {
                for y in 0..<n { set(0, y, clip1(p[0, -1] + ((p[-1, y] - p[-1, -1]) >> 1))) }
            }
        } else {
            for x in 0...n { ref[x] = p[-1, -1 + x] }
            if angle < 0 {
                if (n * angle) >> 5 < -1 {
                    for x in ((n * angle) >> 5)...(-1) { ref[x] = p[-1 + ((x * invAngleTable[mode]! + 128) >> 8), -1] }
                }
            } else {
                for x in (n + 1)...(2 * n) { ref[x] = p[-1, -1 + x] }
            }
            for x in 0..<n {
                let iIdx = ((x + 1) * angle) >> 5
                let iFact = ((x + 1) * angle) & 31
                for y in 0..<n {
                    if iFact != 0 {
                        set(x, y, ((32 - iFact) * ref[y + iIdx + 1]! + iFact * ref[y + iIdx + 2]! + 16) >> 5)
                    } else {
                        set(x, y, ref[y + iIdx + 1]!)
                    }
                }
            }
            if mode == 10 && cIdx == 0 && n < 32 && !disable {
                for x in 0..<n { set(x, 0, clip1(p[-1, 0] + ((p[x, -1] - p[-1, -1]) >> 1))) }
            }
        }
        return pred
    }

    static func randomReferences(size: Int, bitDepth: Int, smooth: Bool, generator: inout SeededGenerator)
        -> HEVCIntraReferences
    {
        let maximum = Int32((1 << bitDepth) - 1)
        func edge() -> [Int32] {
            if smooth {
                let base = Int32.random(in: 0...maximum, using: &generator)
                return (0...(2 * size)).map { _ in
                    min(max(base + Int32.random(in: -1...1, using: &generator), 0), maximum)
                }
            }
            return (0...(2 * size)).map { _ in Int32.random(in: 0...maximum, using: &generator) }
        }
        let left = edge()
        var top = edge()
        top[0] = left[0]
        return HEVCIntraReferences(size: size, left: left, top: top)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var log2Size: Int
        var bitDepth: Int
        var component: Int
        var testDescription: String { "\(1 << log2Size)x\(1 << log2Size) \(bitDepth)-bit cIdx \(component)" }
    }

    static let cases: [Case] = (2...5).flatMap { log2 in
        [
            Case(log2Size: log2, bitDepth: 8, component: 0), Case(log2Size: log2, bitDepth: 10, component: 0),
            Case(log2Size: log2, bitDepth: 8, component: 1),
        ]
    }

    @Test(arguments: cases) func everyModeMatchesTheEquations(_ testCase: Case) {
        var generator = SeededGenerator(seed: UInt64(testCase.log2Size * 37 + testCase.bitDepth + testCase.component))
        let size = 1 << testCase.log2Size
        for round in 0..<3 {
            let references = Self.randomReferences(
                size: size, bitDepth: testCase.bitDepth, smooth: round == 2, generator: &generator)
            for mode in 0...34 {
                for disable in [false, true] {
                    var settings = HEVCIntraSettings(bitDepth: testCase.bitDepth, component: testCase.component)
                    settings.disableBoundaryFilter = disable
                    let got = HEVCIntraPredictor.predict(references, mode: mode, settings: settings)
                    let expected = Self.literal(
                        Neighbours(references), n: size, mode: mode, cIdx: testCase.component,
                        bitDepth: testCase.bitDepth, disable: disable)
                    #expect(got.map(Int.init) == expected, "mode \(mode) round \(round) disable \(disable)")
                }
            }
        }
    }

    /// filterFlag and the filters of §8.4.4.2.3, written per sample.
    @Test(arguments: cases) func filteringMatchesTheEquations(_ testCase: Case) {
        var generator = SeededGenerator(seed: UInt64(testCase.log2Size * 11 + testCase.bitDepth))
        let n = 1 << testCase.log2Size
        let thresholds = [8: 7, 16: 1, 32: 0]
        for round in 0..<4 {
            let references = Self.randomReferences(
                size: n, bitDepth: testCase.bitDepth, smooth: round >= 2, generator: &generator)
            for mode in 0...34 {
                var settings = HEVCIntraSettings(
                    bitDepth: testCase.bitDepth, component: testCase.component, strongIntraSmoothing: round != 3)
                let filterFlag =
                    testCase.component == 0 && mode != 1 && n != 4
                    && min(abs(mode - 26), abs(mode - 10)) > thresholds[n]!
                #expect(
                    HEVCIntraReferences.filters(mode: mode, log2Size: testCase.log2Size, settings: settings)
                        == filterFlag)
                settings.chromaArrayType = 3
                #expect(
                    HEVCIntraReferences.filters(mode: mode, log2Size: testCase.log2Size, settings: settings)
                        == (mode != 1 && n != 4 && min(abs(mode - 26), abs(mode - 10)) > (thresholds[n] ?? 99)))
            }
            let settings = HEVCIntraSettings(
                bitDepth: testCase.bitDepth, component: testCase.component, strongIntraSmoothing: round != 3)
            let p = Neighbours(references)
            var pF = Neighbours(references)
            let bd = testCase.bitDepth
            let biInt =
                round != 3 && testCase.component == 0 && n == 32
                && abs(p[-1, -1] + p[n * 2 - 1, -1] - 2 * p[n - 1, -1]) < (1 << (bd - 5))
                && abs(p[-1, -1] + p[-1, n * 2 - 1] - 2 * p[-1, n - 1]) < (1 << (bd - 5))
            if biInt {
                for y in 0...62 { pF[-1, y] = ((63 - y) * p[-1, -1] + (y + 1) * p[-1, 63] + 32) >> 6 }
                for x in 0...62 { pF[x, -1] = ((63 - x) * p[-1, -1] + (x + 1) * p[63, -1] + 32) >> 6 }
            } else {
                pF[-1, -1] = (p[-1, 0] + 2 * p[-1, -1] + p[0, -1] + 2) >> 2
                for y in 0...(n * 2 - 2) { pF[-1, y] = (p[-1, y + 1] + 2 * p[-1, y] + p[-1, y - 1] + 2) >> 2 }
                for x in 0...(n * 2 - 2) { pF[x, -1] = (p[x + 1, -1] + 2 * p[x, -1] + p[x - 1, -1] + 2) >> 2 }
            }
            #expect(Neighbours(references.filtered(settings: settings)).values == pF.values, "round \(round)")
        }
    }

    /// §8.4.4.2.2 on random availability, written as its steps.
    @Test(arguments: 2...5) func substitution(log2Size: Int) throws {
        var generator = SeededGenerator(seed: UInt64(log2Size))
        let n = 1 << log2Size
        var plane = try HEVCPlane(width: 3 * n, height: 3 * n)
        for index in plane.samples.indices { plane.samples[index] = UInt16.random(in: 0...1023, using: &generator) }
        for round in 0..<30 {
            let density = round % 5
            var mask: [Int: Bool] = [:]
            let result = HEVCIntraReferences.gather(from: plane, x0: n, y0: n, log2Size: log2Size, bitDepth: 10) {
                x, y in
                let key = Neighbours.key(x - n, y - n)
                if let known = mask[key] { return known }
                let value = density > 0 && Int.random(in: 0..<5, using: &generator) < density
                mask[key] = value
                return value
            }
            func isAvailable(_ x: Int, _ y: Int) -> Bool { mask[Neighbours.key(x, y)] ?? false }
            var p = Neighbours(result)
            p.values = [:]
            var positions = (-1...(2 * n - 1)).reversed().map { (-1, $0) }
            positions += (0...(2 * n - 1)).map { ($0, -1) }
            if !positions.contains(where: { isAvailable($0.0, $0.1) }) {
                for (x, y) in positions { p[x, y] = 512 }
            } else {
                for (x, y) in positions where isAvailable(x, y) { p[x, y] = Int(plane.sample(x: x + n, y: y + n)) }
                if !isAvailable(-1, 2 * n - 1) {
                    let first = positions.first(where: { isAvailable($0.0, $0.1) })!
                    p[-1, 2 * n - 1] = p[first.0, first.1]
                }
                for y in stride(from: 2 * n - 2, through: -1, by: -1) where !isAvailable(-1, y) {
                    p[-1, y] = p[-1, y + 1]
                }
                for x in 0...(2 * n - 1) where !isAvailable(x, -1) { p[x, -1] = p[x - 1, -1] }
            }
            #expect(Neighbours(result).values == p.values, "round \(round)")
        }
    }

    @Test func flatBordersPredictFlat() {
        for log2 in 2...5 {
            let n = 1 << log2
            let flat = HEVCIntraReferences(
                size: n, left: Array(repeating: 77, count: 2 * n + 1), top: Array(repeating: 77, count: 2 * n + 1))
            for mode in 0...34 {
                let got = HEVCIntraPredictor.predict(flat, mode: mode, settings: HEVCIntraSettings(bitDepth: 8))
                #expect(got.allSatisfy { $0 == 77 }, "mode \(mode) size \(n)")
            }
        }
    }

    /// Hand-worked examples of §8.4.2 and Tables 8-2 / 8-3.
    @Test func modeDerivation() {
        #expect(HEVCIntraModes.candidateList(left: 1, above: 1) == [0, 1, 26])
        #expect(HEVCIntraModes.candidateList(left: 0, above: 0) == [0, 1, 26])
        #expect(HEVCIntraModes.candidateList(left: 10, above: 10) == [10, 9, 11])
        #expect(HEVCIntraModes.candidateList(left: 2, above: 2) == [2, 33, 3])
        #expect(HEVCIntraModes.candidateList(left: 34, above: 34) == [34, 33, 3])
        #expect(HEVCIntraModes.candidateList(left: 0, above: 26) == [0, 26, 1])
        #expect(HEVCIntraModes.candidateList(left: 1, above: 0) == [1, 0, 26])
        #expect(HEVCIntraModes.candidateList(left: 10, above: 26) == [10, 26, 0])
        #expect(HEVCIntraModes.lumaMode(candidates: [10, 26, 0], mpmIndex: 1, remainder: 0) == 26)
        // Sorted candidates 0, 10, 26: remainders skip them.
        let remaining = (0...31).map { HEVCIntraModes.lumaMode(candidates: [10, 26, 0], mpmIndex: nil, remainder: $0) }
        #expect(remaining == Array(0...34).filter { ![0, 10, 26].contains($0) })
        #expect(HEVCIntraModes.candidate(mode: 7, isAbove: true, yCb: 64, ctbLog2Size: 6) == 1)
        #expect(HEVCIntraModes.candidate(mode: 7, isAbove: true, yCb: 72, ctbLog2Size: 6) == 7)
        #expect(HEVCIntraModes.candidate(mode: nil) == 1)
        #expect(HEVCIntraModes.chromaMode(intraChromaPredMode: 0, lumaMode: 0, chromaArrayType: 1) == 34)
        #expect(HEVCIntraModes.chromaMode(intraChromaPredMode: 1, lumaMode: 0, chromaArrayType: 1) == 26)
        #expect(HEVCIntraModes.chromaMode(intraChromaPredMode: 4, lumaMode: 17, chromaArrayType: 1) == 17)
        #expect(HEVCIntraModes.chromaMode(intraChromaPredMode: 4, lumaMode: 17, chromaArrayType: 2) == 20)
        #expect(HEVCIntraModes.chromaMode(intraChromaPredMode: 2, lumaMode: 3, chromaArrayType: 2) == 10)
        #expect(HEVCIntraModes.chromaMode(intraChromaPredMode: 0, lumaMode: 0, chromaArrayType: 2) == 31)
    }
}
