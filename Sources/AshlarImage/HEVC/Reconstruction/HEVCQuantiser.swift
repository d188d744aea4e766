/// The quantisation parameters of H.265 §8.6.1: QpY from its prediction and CuQpDeltaVal, and the
/// chroma QPs from QpY and the offsets. Pure functions; the caller keeps the quantisation-group
/// state (qPY_PREV, the left and above neighbours).
package enum HEVCQuantiser {
    /// qPY_PRED = (qPY_A + qPY_B + 1) >> 1 (8-283); the caller substitutes qPY_PREV for a neighbour
    /// that is unavailable or in another CTB, as §8.6.1 says.
    package static func predictedQpY(left qPYA: Int, above qPYB: Int) -> Int {
        // QPs are bounded by the callers to -QpBdOffsetY...51; clamping keeps any input safe.
        let a = min(max(qPYA, -64), 64)
        let b = min(max(qPYB, -64), 64)
        return (a + b + 1) >> 1
    }

    /// qPY_PRED with the neighbour rule applied: `left`/`above` are nil when not available or
    /// not in the current CTB, and then qPY_PREV is used in their place.
    package static func predictedQpY(left: Int?, above: Int?, previous qPYPrev: Int) -> Int {
        predictedQpY(left: left ?? qPYPrev, above: above ?? qPYPrev)
    }

    /// QpY = ((qPY_PRED + CuQpDeltaVal + 52 + 2 * QpBdOffsetY) % (52 + QpBdOffsetY)) − QpBdOffsetY
    /// (8-284).
    package static func qpY(predicted: Int, cuQpDelta: Int, qpBdOffsetY: Int) -> Int {
        let offset = min(max(qpBdOffsetY, 0), 48)
        let predicted = min(max(predicted, -offset), 51)
        let delta = min(max(cuQpDelta, -(26 + offset / 2)), 25 + offset / 2)
        let wrapped = (predicted + delta + 52 + 2 * offset) % (52 + offset)
        return wrapped - offset
    }

    /// Qp′Cb or Qp′Cr (8-287 to 8-292): qPi = Clip3(−QpBdOffsetC, 57, QpY + pps offset + slice
    /// offset + CuQpOffset), mapped by Table 8-10 for ChromaArrayType 1 and by Min(qPi, 51)
    /// otherwise, plus QpBdOffsetC.
    package static func chromaQp(
        qpY: Int, offsets: Int, chromaArrayType: Int, qpBdOffsetC: Int
    ) -> Int {
        let offset = min(max(qpBdOffsetC, 0), 48)
        let qPi = min(max(qpY &+ min(max(offsets, -64), 64), -offset), 57)
        return chromaQpMapping(qPi: qPi, chromaArrayType: chromaArrayType) + offset
    }

    /// QpC as a function of qPi (Table 8-10 for ChromaArrayType 1, Min(qPi, 51) otherwise),
    /// without QpBdOffsetC. Also used by deblocking's chroma QP.
    package static func chromaQpMapping(qPi: Int, chromaArrayType: Int) -> Int {
        guard chromaArrayType == 1 else { return min(qPi, 51) }
        if qPi < 30 { return qPi }
        if qPi > 43 { return qPi - 6 }
        return chromaQpTable[qPi - 30]
    }

    /// Table 8-10, QpC for qPi 30...43.
    static let chromaQpTable = [29, 30, 31, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37]
}
