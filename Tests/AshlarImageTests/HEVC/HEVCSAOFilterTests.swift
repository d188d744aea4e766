import AshlarTestSupport
import Testing

@testable import AshlarImage

/// Sample adaptive offset against §8.7.3 read literally: bandTable built as (8-385) says, edgeIdx
/// remapped as (8-388) says, the neighbour rules per sample.
@Suite struct HEVCSAOFilterTests {
    static func literal(
        _ rec: HEVCPlane, map: HEVCSAOMap, component: Int, sub: (Int, Int), bitDepth: Int, unfiltered: HEVCDeblockingMap
    ) -> HEVCPlane {
        var out = rec
        let ctbW = (1 << map.ctbLog2Size) / sub.0
        let ctbH = (1 << map.ctbLog2Size) / sub.1
        func ctb(_ x: Int, _ y: Int) -> Int { (y / ctbH) * map.columns + x / ctbW }
        let hPos = [[-1, 1], [0, 0], [-1, 1], [1, -1]]
        let vPos = [[0, 0], [-1, 1], [-1, 1], [-1, 1]]
        for y in 0..<rec.height {
            for x in 0..<rec.width {
                let c = ctb(x, y)
                let sao = map.parameters[c][component]
                let lumaBlock = (y * sub.1 / 4) * unfiltered.columns + x * sub.0 / 4
                if unfiltered.unfiltered[lumaBlock] { continue }
                let sample = Int(rec.sample(x: x, y: y))
                var saoOffsetVal = [0] + sao.offsets.map(Int.init)
                switch sao.kind {
                case .off:
                    continue
                case .band(let position):
                    var bandTable = [Int](repeating: 0, count: 32)
                    for k in 0..<4 { bandTable[(k + position) & 31] = k + 1 }
                    let bandIdx = bandTable[sample >> (bitDepth - 5)]
                    out.setSample(x: x, y: y, UInt16(min(max(sample + saoOffsetVal[bandIdx], 0), (1 << bitDepth) - 1)))
                case .edge(let eoClass):
                    var skip = false
                    var signs = 0
                    for k in 0..<2 {
                        let nx = x + hPos[eoClass][k]
                        let ny = y + vPos[eoClass][k]
                        if nx < 0 || ny < 0 || nx >= rec.width || ny >= rec.height {
                            skip = true
                            continue
                        }
                        let n = ctb(nx, ny)
                        if map.sliceAddress[n] < map.sliceAddress[c] && !map.acrossSlices[c] { skip = true }
                        if map.sliceAddress[c] < map.sliceAddress[n] && !map.acrossSlices[n] { skip = true }
                        if !map.acrossTiles && map.tile[n] != map.tile[c] { skip = true }
                        let diff = sample - Int(rec.sample(x: nx, y: ny))
                        signs += diff > 0 ? 1 : diff < 0 ? -1 : 0
                    }
                    if skip { continue }
                    var edgeIdx = 2 + signs
                    if edgeIdx <= 2 { edgeIdx = edgeIdx == 2 ? 0 : edgeIdx + 1 }
                    saoOffsetVal[0] = 0
                    out.setSample(
                        x: x, y: y, UInt16(min(max(sample + saoOffsetVal[edgeIdx], 0), (1 << bitDepth) - 1)))
                }
            }
        }
        return out
    }

    @Test(arguments: [(1, 8), (1, 10), (2, 8), (3, 8), (0, 10)]) func matchesTheLiteralReading(
        chromaArrayType: Int, bitDepth: Int
    ) throws {
        var generator = SeededGenerator(seed: UInt64(chromaArrayType * 100 + bitDepth))
        let (width, height) = (72, 48)
        for round in 0..<4 {
            var picture = try HEVCPicture(
                width: width, height: height, chromaArrayType: chromaArrayType, bitDepthLuma: bitDepth,
                bitDepthChroma: bitDepth)
            for c in picture.planes.indices {
                for index in picture.planes[c].samples.indices {
                    picture.planes[c].samples[index] = UInt16.random(
                        in: 0...UInt16((1 << bitDepth) - 1), using: &generator)
                }
            }
            var map = try HEVCSAOMap(width: width, height: height, ctbLog2Size: 4)
            map.acrossTiles = round % 2 == 0
            for ctb in 0..<map.columns * map.rows {
                map.sliceAddress[ctb] = Int32(ctb / 7)
                map.acrossSlices[ctb] = Bool.random(using: &generator)
                map.tile[ctb] = Int32((ctb % map.columns) / 2)
                map.parameters[ctb] = (0..<3).map { _ in
                    let absolute = (0..<4).map { _ in Int.random(in: 0...(bitDepth == 10 ? 31 : 7), using: &generator) }
                    let negative = (0..<4).map { _ in Bool.random(using: &generator) }
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: return .off
                    case 1:
                        return HEVCSAOParameters(
                            kind: .band(position: Int.random(in: 0...31, using: &generator)),
                            offsets: HEVCSAOParameters.offsetValues(
                                absolute: absolute, negative: negative, isEdge: false, log2OffsetScale: round % 3))
                    default:
                        return HEVCSAOParameters(
                            kind: .edge(eoClass: Int.random(in: 0...3, using: &generator)),
                            offsets: HEVCSAOParameters.offsetValues(
                                absolute: absolute, negative: negative, isEdge: true, log2OffsetScale: round % 3))
                    }
                }
            }
            var unfiltered = try HEVCDeblockingMap(width: width, height: height)
            for index in unfiltered.unfiltered.indices {
                unfiltered.unfiltered[index] = Int.random(in: 0..<8, using: &generator) == 0
            }
            let result = HEVCSAOFilter.apply(to: picture, map: map, unfiltered: unfiltered)
            for c in picture.planes.indices {
                let sub: (width: Int, height: Int) =
                    c == 0 ? (1, 1) : HEVCPicture.subsampling(chromaArrayType: chromaArrayType)
                let expected = Self.literal(
                    picture.planes[c], map: map, component: c, sub: (sub.width, sub.height), bitDepth: bitDepth,
                    unfiltered: unfiltered)
                #expect(result.planes[c] == expected, "round \(round) plane \(c)")
            }
            #expect(result != picture)
        }
    }

    @Test func offsetValues() {
        #expect(
            HEVCSAOParameters.offsetValues(absolute: [1, 2, 3, 4], negative: [], isEdge: true, log2OffsetScale: 0)
                == [1, 2, -3, -4])
        #expect(
            HEVCSAOParameters.offsetValues(
                absolute: [1, 2, 3, 4], negative: [true, false, true, false], isEdge: false, log2OffsetScale: 2)
                == [-4, 8, -12, 16])
    }
}
