/// The deblocking filter of H.265 §8.7.2, over a whole picture: every vertical edge of every
/// plane first, then every horizontal edge on the result, as the spec orders them.
package enum HEVCDeblockingFilter {
    /// β′ of Table 8-12 for Q 0...51.
    package static let betaTable: [Int32] =
        Array(repeating: 0, count: 16) + Array(6...18) + stride(from: 20, through: 64, by: 2).map { $0 }
    /// tC′ of Table 8-12 for Q 0...53.
    package static let tcTable: [Int32] =
        Array(repeating: 0, count: 18) + Array(repeating: 1, count: 9) + [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6]
        + [7, 8, 9, 10, 11, 13, 14, 16, 18, 20, 22, 24]

    /// Filters `picture` in place. A map of another size than the picture's leaves it unchanged.
    package static func apply(to picture: inout HEVCPicture, map: HEVCDeblockingMap, settings: HEVCDeblockingSettings) {
        guard picture.planes.count >= 1, map.columns == (picture.planes[0].width + 3) / 4,
            map.rows == (picture.planes[0].height + 3) / 4
        else { return }
        for vertical in [true, false] {
            filterLuma(&picture.planes[0], map: map, vertical: vertical, bitDepth: settings.bitDepthLuma)
            guard settings.chromaArrayType != 0, picture.planes.count == 3 else { continue }
            for component in 1...2 {
                filterChroma(
                    &picture.planes[component], map: map, vertical: vertical, settings: settings,
                    qpOffset: component == 1 ? settings.cbQpOffset : settings.crQpOffset)
            }
        }
    }

    /// β (8-349) and tC (8-351) for a luma edge.
    static func thresholds(
        qpL: Int32, bs: Int32, betaOffsetDiv2: Int32, tcOffsetDiv2: Int32, bitDepth: Int32
    ) -> (beta: Int32, tc: Int32) {
        let betaQ = min(max(qpL + (betaOffsetDiv2 << 1), 0), 51)
        let tcQ = min(max(qpL + 2 * (bs - 1) + (tcOffsetDiv2 << 1), 0), 53)
        return (betaTable[Int(betaQ)] << (bitDepth - 8), tcTable[Int(tcQ)] << (bitDepth - 8))
    }

    static func filterLuma(_ plane: inout HEVCPlane, map: HEVCDeblockingMap, vertical: Bool, bitDepth: Int) {
        let width = plane.width
        let height = plane.height
        let stride = plane.stride
        let depth = Int32(min(max(bitDepth, 8), 16))
        let maximum = (Int32(1) << depth) - 1
        plane.samples.withUnsafeMutableBufferPointer { samples in
            for blockY in 0..<map.rows {
                for blockX in 0..<map.columns {
                    let x = blockX * 4
                    let y = blockY * 4
                    // An edge needs 4 samples on each side and 4 lines along it.
                    let edge = vertical ? x : y
                    guard edge % 8 == 0, edge >= 8, x + 3 < width, y + 3 < height else { continue }
                    let q = blockY * map.columns + blockX
                    let bs = Int32(vertical ? map.verticalStrength[q] : map.horizontalStrength[q])
                    guard bs > 0 else { continue }
                    let p = vertical ? q - 1 : q - map.columns
                    let qpL = (Int32(map.qpY[q]) + Int32(map.qpY[p]) + 1) >> 1
                    let (beta, tc) = thresholds(
                        qpL: qpL, bs: bs, betaOffsetDiv2: Int32(map.betaOffsetDiv2[q]),
                        tcOffsetDiv2: Int32(map.tcOffsetDiv2[q]), bitDepth: depth)
                    let across = vertical ? 1 : stride
                    let along = vertical ? stride : 1
                    HEVCDeblockingFilter.LumaSegment(
                        origin: y * stride + x, across: across, along: along, beta: beta, tc: tc, maximum: maximum,
                        filterP: !map.unfiltered[p], filterQ: !map.unfiltered[q]
                    ).filter(samples)
                }
            }
        }
    }

    static func filterChroma(
        _ plane: inout HEVCPlane, map: HEVCDeblockingMap, vertical: Bool, settings: HEVCDeblockingSettings,
        qpOffset: Int
    ) {
        let (subWidth, subHeight) = HEVCPicture.subsampling(chromaArrayType: settings.chromaArrayType)
        let width = plane.width
        let height = plane.height
        let rowStride = plane.stride
        let depth = Int32(min(max(settings.bitDepthChroma, 8), 16))
        let maximum = (Int32(1) << depth) - 1
        let offset = Int32(min(max(qpOffset, -12), 12))
        let across = vertical ? 1 : rowStride
        plane.samples.withUnsafeMutableBufferPointer { samples in
            let edges = vertical ? width : height
            let lines = vertical ? height : width
            for edge in stride(from: 8, to: edges - 1, by: 8) {
                for line in 0..<lines {
                    let x = vertical ? edge : line
                    let y = vertical ? line : edge
                    let q = map.index(lumaX: x * subWidth, lumaY: y * subHeight)
                    let bs = vertical ? map.verticalStrength[q] : map.horizontalStrength[q]
                    guard bs == 2 else { continue }
                    let p =
                        vertical
                        ? map.index(lumaX: x * subWidth - 1, lumaY: y * subHeight)
                        : map.index(lumaX: x * subWidth, lumaY: y * subHeight - 1)
                    let qPi = ((Int32(map.qpY[q]) + Int32(map.qpY[p]) + 1) >> 1) + offset
                    let qpC = Int32(
                        HEVCQuantiser.chromaQpMapping(qPi: Int(qPi), chromaArrayType: settings.chromaArrayType))
                    let tcQ = min(max(qpC + 2 + (Int32(map.tcOffsetDiv2[q]) << 1), 0), 53)
                    let tc = tcTable[Int(tcQ)] << (depth - 8)
                    let q0Index = y * rowStride + x
                    let p0 = Int32(samples[q0Index - across])
                    let p1 = Int32(samples[q0Index - 2 * across])
                    let q0 = Int32(samples[q0Index])
                    let q1 = Int32(samples[q0Index + across])
                    // (8-373): samples are below 2^16, so the sums stay far inside Int32.
                    let delta = min(max(((((q0 - p0) << 2) + p1 - q1 + 4) >> 3), -tc), tc)
                    if !map.unfiltered[p] {
                        samples[q0Index - across] = UInt16(truncatingIfNeeded: min(max(p0 + delta, 0), maximum))
                    }
                    if !map.unfiltered[q] {
                        samples[q0Index] = UInt16(truncatingIfNeeded: min(max(q0 - delta, 0), maximum))
                    }
                }
            }
        }
    }
}
