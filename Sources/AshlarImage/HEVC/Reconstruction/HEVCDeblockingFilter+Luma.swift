extension HEVCDeblockingFilter {
    /// One luma edge segment of 4 lines (§8.7.2.5.3 decisions, §8.7.2.5.7 filters). `origin` is
    /// q0 of the first line; p_i lies `i + 1` steps of `across` before it, q_i `i` steps after.
    struct LumaSegment {
        var origin: Int
        var across: Int
        var along: Int
        var beta: Int32
        var tc: Int32
        var maximum: Int32
        var filterP: Bool
        var filterQ: Bool

        /// p0...p3 and q0...q3 of line k (fixed-size vectors: nothing is allocated per line).
        @inline(__always)
        func line(_ samples: UnsafeMutableBufferPointer<UInt16>, _ k: Int) -> (p: SIMD4<Int32>, q: SIMD4<Int32>) {
            let q0 = origin + k * along
            return (
                SIMD4(
                    Int32(samples[q0 - across]), Int32(samples[q0 - 2 * across]), Int32(samples[q0 - 3 * across]),
                    Int32(samples[q0 - 4 * across])),
                SIMD4(
                    Int32(samples[q0]), Int32(samples[q0 + across]), Int32(samples[q0 + 2 * across]),
                    Int32(samples[q0 + 3 * across]))
            )
        }

        /// dSam (8-356 to 8-361) for a line with dpq already doubled.
        func strongDecision(p: SIMD4<Int32>, q: SIMD4<Int32>, dpq: Int32) -> Bool {
            dpq < (beta >> 2) && abs(p[3] - p[0]) + abs(q[0] - q[3]) < (beta >> 3)
                && abs(p[0] - q[0]) < ((5 * tc + 1) >> 1)
        }

        func filter(_ samples: UnsafeMutableBufferPointer<UInt16>) {
            let (p0Line, q0Line) = line(samples, 0)
            let (p3Line, q3Line) = line(samples, 3)
            func second(_ s: SIMD4<Int32>) -> Int32 { abs(s[2] - 2 * s[1] + s[0]) }
            let dp0 = second(p0Line)
            let dp3 = second(p3Line)
            let dq0 = second(q0Line)
            let dq3 = second(q3Line)
            let dpq0 = dp0 + dq0
            let dpq3 = dp3 + dq3
            guard dpq0 + dpq3 < beta else { return }
            let strong =
                strongDecision(p: p0Line, q: q0Line, dpq: 2 * dpq0)
                && strongDecision(p: p3Line, q: q3Line, dpq: 2 * dpq3)
            let sideThreshold = (beta + (beta >> 1)) >> 3
            let filterP1 = dp0 + dp3 < sideThreshold
            let filterQ1 = dq0 + dq3 < sideThreshold
            for k in 0..<4 {
                let (p, q) = line(samples, k)
                let q0 = origin + k * along
                var newP = p
                var newQ = q
                if strong {
                    let tc2 = 2 * tc
                    func clip(_ value: Int32, _ centre: Int32) -> Int32 { min(max(value, centre - tc2), centre + tc2) }
                    newP[0] = clip((p[2] + 2 * p[1] + 2 * p[0] + 2 * q[0] + q[1] + 4) >> 3, p[0])
                    newP[1] = clip((p[2] + p[1] + p[0] + q[0] + 2) >> 2, p[1])
                    newP[2] = clip((2 * p[3] + 3 * p[2] + p[1] + p[0] + q[0] + 4) >> 3, p[2])
                    newQ[0] = clip((p[1] + 2 * p[0] + 2 * q[0] + 2 * q[1] + q[2] + 4) >> 3, q[0])
                    newQ[1] = clip((p[0] + q[0] + q[1] + q[2] + 2) >> 2, q[1])
                    newQ[2] = clip((p[0] + q[0] + q[1] + 3 * q[2] + 2 * q[3] + 4) >> 3, q[2])
                } else {
                    var delta = (9 * (q[0] - p[0]) - 3 * (q[1] - p[1]) + 8) >> 4
                    guard abs(delta) < tc * 10 else { continue }
                    delta = min(max(delta, -tc), tc)
                    newP[0] = min(max(p[0] + delta, 0), maximum)
                    newQ[0] = min(max(q[0] - delta, 0), maximum)
                    let half = tc >> 1
                    if filterP1 {
                        let deltaP = min(max((((p[2] + p[0] + 1) >> 1) - p[1] + delta) >> 1, -half), half)
                        newP[1] = min(max(p[1] + deltaP, 0), maximum)
                    }
                    if filterQ1 {
                        let deltaQ = min(max((((q[2] + q[0] + 1) >> 1) - q[1] - delta) >> 1, -half), half)
                        newQ[1] = min(max(q[1] + deltaQ, 0), maximum)
                    }
                }
                for i in 0..<3 {
                    if filterP { samples[q0 - (i + 1) * across] = UInt16(truncatingIfNeeded: newP[i]) }
                    if filterQ { samples[q0 + i * across] = UInt16(truncatingIfNeeded: newQ[i]) }
                }
            }
        }
    }
}
