import AshlarTestSupport
import Testing

@testable import AshlarImage

/// The deblocking filter against §8.7.2 read literally: a 2-D sample array addressed as the spec
/// does, the decisions per 4-line segment, the filters per line, Table 8-12 typed here.
@Suite struct HEVCDeblockingFilterTests {
    static let betaPrime = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24,
        26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64,
    ]
    static let tcPrime = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4,
        4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 13, 14, 16, 18, 20, 22, 24,
    ]

    @Test func tables() {
        #expect(HEVCDeblockingFilter.betaTable.map(Int.init) == Self.betaPrime)
        #expect(HEVCDeblockingFilter.tcTable.map(Int.init) == Self.tcPrime)
    }

    /// A plain 2-D picture component: s[x][y].
    struct Samples {
        var width: Int
        var height: Int
        var s: [[Int]]
        init(_ plane: HEVCPlane) {
            width = plane.width
            height = plane.height
            s = (0..<plane.width).map { x in (0..<plane.height).map { y in Int(plane.sample(x: x, y: y)) } }
        }
    }

    /// Luma edges of one direction, §8.7.2.5.3 and §8.7.2.5.7 as written.
    static func literalLuma(_ input: Samples, map: HEVCDeblockingMap, vertical: Bool, bitDepth: Int) -> Samples {
        var out = input
        let r = input.s
        func block(_ x: Int, _ y: Int) -> Int { (y / 4) * map.columns + x / 4 }
        for yE in stride(from: 0, to: input.height, by: 4) {
            for xE in stride(from: 0, to: input.width, by: 4) {
                guard (vertical ? xE : yE) % 8 == 0, (vertical ? xE : yE) > 0 else { continue }
                let q = block(xE, yE)
                let p = vertical ? block(xE - 1, yE) : block(xE, yE - 1)
                let bS = Int(vertical ? map.verticalStrength[q] : map.horizontalStrength[q])
                guard bS > 0 else { continue }
                // p(i, k) and q(i, k) of the spec for this edge.
                func sampleP(_ i: Int, _ k: Int) -> Int { vertical ? r[xE - i - 1][yE + k] : r[xE + k][yE - i - 1] }
                func sampleQ(_ i: Int, _ k: Int) -> Int { vertical ? r[xE + i][yE + k] : r[xE + k][yE + i] }
                let qPL = (Int(map.qpY[q]) + Int(map.qpY[p]) + 1) >> 1
                let betaQ = min(max(qPL + (Int(map.betaOffsetDiv2[q]) << 1), 0), 51)
                let beta = betaPrime[betaQ] * (1 << (bitDepth - 8))
                let tcQ = min(max(qPL + 2 * (bS - 1) + (Int(map.tcOffsetDiv2[q]) << 1), 0), 53)
                let tC = tcPrime[tcQ] * (1 << (bitDepth - 8))
                let dp0 = abs(sampleP(2, 0) - 2 * sampleP(1, 0) + sampleP(0, 0))
                let dp3 = abs(sampleP(2, 3) - 2 * sampleP(1, 3) + sampleP(0, 3))
                let dq0 = abs(sampleQ(2, 0) - 2 * sampleQ(1, 0) + sampleQ(0, 0))
                let dq3 = abs(sampleQ(2, 3) - 2 * sampleQ(1, 3) + sampleQ(0, 3))
                let dpq0 = dp0 + dq0
                let dpq3 = dp3 + dq3
                let dp = dp0 + dp3
                let dq = dq0 + dq3
                let d = dpq0 + dpq3
                guard d < beta else { continue }
                func dSam(_ k: Int, _ dpq: Int) -> Bool {
                    dpq < (beta >> 2)
                        && abs(sampleP(3, k) - sampleP(0, k)) + abs(sampleQ(0, k) - sampleQ(3, k)) < (beta >> 3)
                        && abs(sampleP(0, k) - sampleQ(0, k)) < ((5 * tC + 1) >> 1)
                }
                let dE = dSam(0, 2 * dpq0) && dSam(3, 2 * dpq3) ? 2 : 1
                let dEp = dp < ((beta + (beta >> 1)) >> 3)
                let dEq = dq < ((beta + (beta >> 1)) >> 3)
                let maxV = (1 << bitDepth) - 1
                func clip1(_ v: Int) -> Int { min(max(v, 0), maxV) }
                func clip3(_ lo: Int, _ hi: Int, _ v: Int) -> Int { min(max(v, lo), hi) }
                for k in 0..<4 {
                    let (p0, p1, p2, p3) = (sampleP(0, k), sampleP(1, k), sampleP(2, k), sampleP(3, k))
                    let (q0, q1, q2, q3) = (sampleQ(0, k), sampleQ(1, k), sampleQ(2, k), sampleQ(3, k))
                    var pN: [Int] = [p0, p1, p2]
                    var qN: [Int] = [q0, q1, q2]
                    if dE == 2 {
                        pN[0] = clip3(p0 - 2 * tC, p0 + 2 * tC, (p2 + 2 * p1 + 2 * p0 + 2 * q0 + q1 + 4) >> 3)
                        pN[1] = clip3(p1 - 2 * tC, p1 + 2 * tC, (p2 + p1 + p0 + q0 + 2) >> 2)
                        pN[2] = clip3(p2 - 2 * tC, p2 + 2 * tC, (2 * p3 + 3 * p2 + p1 + p0 + q0 + 4) >> 3)
                        qN[0] = clip3(q0 - 2 * tC, q0 + 2 * tC, (p1 + 2 * p0 + 2 * q0 + 2 * q1 + q2 + 4) >> 3)
                        qN[1] = clip3(q1 - 2 * tC, q1 + 2 * tC, (p0 + q0 + q1 + q2 + 2) >> 2)
                        qN[2] = clip3(q2 - 2 * tC, q2 + 2 * tC, (p0 + q0 + q1 + 3 * q2 + 2 * q3 + 4) >> 3)
                    } else {
                        var delta = (9 * (q0 - p0) - 3 * (q1 - p1) + 8) >> 4
                        guard abs(delta) < tC * 10 else { continue }
                        delta = clip3(-tC, tC, delta)
                        pN[0] = clip1(p0 + delta)
                        qN[0] = clip1(q0 - delta)
                        if dEp {
                            pN[1] = clip1(p1 + clip3(-(tC >> 1), tC >> 1, (((p2 + p0 + 1) >> 1) - p1 + delta) >> 1))
                        }
                        if dEq {
                            qN[1] = clip1(q1 + clip3(-(tC >> 1), tC >> 1, (((q2 + q0 + 1) >> 1) - q1 - delta) >> 1))
                        }
                    }
                    for i in 0..<3 {
                        if !map.unfiltered[p] {
                            if vertical { out.s[xE - i - 1][yE + k] = pN[i] } else { out.s[xE + k][yE - i - 1] = pN[i] }
                        }
                        if !map.unfiltered[q] {
                            if vertical { out.s[xE + i][yE + k] = qN[i] } else { out.s[xE + k][yE + i] = qN[i] }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Chroma edges of one direction (§8.7.2.5.5), on the 8-sample chroma grid, bS 2 only.
    static func literalChroma(
        _ input: Samples, map: HEVCDeblockingMap, vertical: Bool, bitDepth: Int, chromaArrayType: Int, cQpPicOffset: Int
    ) -> Samples {
        var out = input
        let r = input.s
        let (subW, subH) = chromaArrayType == 1 ? (2, 2) : chromaArrayType == 2 ? (2, 1) : (1, 1)
        func block(_ x: Int, _ y: Int) -> Int { (y / 4) * map.columns + x / 4 }
        for y in 0..<input.height {
            for x in 0..<input.width {
                let edge = vertical ? x : y
                guard edge % 8 == 0, edge > 0 else { continue }
                let q = block(x * subW, y * subH)
                let p = vertical ? block(x * subW - 1, y * subH) : block(x * subW, y * subH - 1)
                guard (vertical ? map.verticalStrength[q] : map.horizontalStrength[q]) == 2 else { continue }
                let qPi = ((Int(map.qpY[q]) + Int(map.qpY[p]) + 1) >> 1) + cQpPicOffset
                let table = [29, 30, 31, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37]
                let qpC =
                    chromaArrayType == 1 ? (qPi < 30 ? qPi : qPi > 43 ? qPi - 6 : table[qPi - 30]) : min(qPi, 51)
                let tcQ = min(max(qpC + 2 * (2 - 1) + (Int(map.tcOffsetDiv2[q]) << 1), 0), 53)
                let tC = tcPrime[tcQ] * (1 << (bitDepth - 8))
                let (p0, p1) = vertical ? (r[x - 1][y], r[x - 2][y]) : (r[x][y - 1], r[x][y - 2])
                let (q0, q1) = vertical ? (r[x][y], r[x + 1][y]) : (r[x][y], r[x][y + 1])
                let delta = min(max((((q0 - p0) << 2) + p1 - q1 + 4) >> 3, -tC), tC)
                let maxV = (1 << bitDepth) - 1
                if !map.unfiltered[p] {
                    if vertical {
                        out.s[x - 1][y] = min(max(p0 + delta, 0), maxV)
                    } else {
                        out.s[x][y - 1] = min(max(p0 + delta, 0), maxV)
                    }
                }
                if !map.unfiltered[q] { out.s[x][y] = min(max(q0 - delta, 0), maxV) }
            }
        }
        return out
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var chromaArrayType: Int
        var bitDepth: Int
        var testDescription: String { "ChromaArrayType \(chromaArrayType), \(bitDepth)-bit" }
    }

    static let cases = [
        Case(chromaArrayType: 1, bitDepth: 8), Case(chromaArrayType: 1, bitDepth: 10),
        Case(chromaArrayType: 2, bitDepth: 8), Case(chromaArrayType: 3, bitDepth: 10),
        Case(chromaArrayType: 0, bitDepth: 8),
    ]

    @Test(arguments: cases) func matchesTheLiteralReading(_ testCase: Case) throws {
        var generator = SeededGenerator(seed: UInt64(testCase.chromaArrayType * 10 + testCase.bitDepth))
        let (width, height) = (48, 40)
        let depth = testCase.bitDepth
        for round in 0..<6 {
            var picture = try HEVCPicture(
                width: width, height: height, chromaArrayType: testCase.chromaArrayType, bitDepthLuma: depth,
                bitDepthChroma: depth)
            // Blocky content: a flat level per 8×8 block plus small noise, so edges get filtered.
            for index in picture.planes.indices {
                let plane = picture.planes[index]
                let levels = (0..<64).map { _ in Int.random(in: 90...150, using: &generator) << (depth - 8) }
                for y in 0..<plane.height {
                    for x in 0..<plane.width {
                        let level = levels[(y / 8 % 8) * 8 + x / 8 % 8] + Int.random(in: -1...1, using: &generator)
                        picture.planes[index].setSample(x: x, y: y, UInt16(min(max(level, 0), (1 << depth) - 1)))
                    }
                }
            }
            var map = try HEVCDeblockingMap(width: width, height: height)
            for index in 0..<map.columns * map.rows {
                map.verticalStrength[index] = Int.random(in: 0..<4, using: &generator) == 0 ? 0 : 2
                map.horizontalStrength[index] = Int.random(in: 0..<4, using: &generator) == 0 ? 0 : (round == 5 ? 1 : 2)
                map.qpY[index] = Int8.random(in: 20...51, using: &generator)
                map.unfiltered[index] = Int.random(in: 0..<10, using: &generator) == 0
                map.betaOffsetDiv2[index] = Int8.random(in: -6...6, using: &generator)
                map.tcOffsetDiv2[index] = Int8.random(in: -6...6, using: &generator)
            }
            let settings = HEVCDeblockingSettings(
                bitDepthLuma: depth, bitDepthChroma: depth, chromaArrayType: testCase.chromaArrayType, cbQpOffset: 3,
                crQpOffset: -2)
            var expected = picture.planes.map(Samples.init)
            for vertical in [true, false] {
                expected[0] = Self.literalLuma(expected[0], map: map, vertical: vertical, bitDepth: depth)
                for c in expected.indices.dropFirst() {
                    expected[c] = Self.literalChroma(
                        expected[c], map: map, vertical: vertical, bitDepth: depth,
                        chromaArrayType: testCase.chromaArrayType, cQpPicOffset: c == 1 ? 3 : -2)
                }
            }
            let before = picture
            HEVCDeblockingFilter.apply(to: &picture, map: map, settings: settings)
            #expect(picture != before, "round \(round) filtered nothing")
            for c in expected.indices {
                #expect(Samples(picture.planes[c]).s == expected[c].s, "round \(round) plane \(c)")
            }
        }
    }

    @Test func flatPictureAndNoEdgesStayUnchanged() throws {
        var picture = try HEVCPicture(width: 32, height: 32, chromaArrayType: 1, bitDepthLuma: 8, bitDepthChroma: 8)
        var map = try HEVCDeblockingMap(width: 32, height: 32)
        map.verticalStrength = Array(repeating: 2, count: 64)
        map.horizontalStrength = Array(repeating: 2, count: 64)
        map.qpY = Array(repeating: 51, count: 64)
        let flat = picture
        HEVCDeblockingFilter.apply(
            to: &picture, map: map,
            settings: HEVCDeblockingSettings(bitDepthLuma: 8, bitDepthChroma: 8, chromaArrayType: 1))
        #expect(picture == flat)
    }
}
