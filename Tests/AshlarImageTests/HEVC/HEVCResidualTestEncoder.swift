@testable import AshlarImage

/// residual_coding() (H.265 §7.3.8.11) written as an encoder, plainly from the spec's syntax table
/// and §9.3.3/§9.3.4.2, to round-trip random blocks through the decoder. It reads the spec the
/// way the decoder does (one reading of it); the check against libde265 comes with the
/// integration. The scan orders are the decoder's (``HEVCResidualScan``, tested on their own).
struct HEVCResidualTestEncoder {
    var cabac = HEVCCABACTestEncoder()
    var contexts: HEVCContextSet
    let settings: HEVCResidualSettings

    init(sliceQpY: Int, settings: HEVCResidualSettings) {
        contexts = HEVCContextSet(sliceQpY: sliceQpY)
        self.settings = settings
    }

    private mutating func bin(_ index: Int, _ value: Int) {
        cabac.encodeDecision(&contexts.storage[index], value)
    }

    private static func scan(_ log2: Int, _ scanIdx: Int, _ index: Int) -> (x: Int, y: Int) {
        let packed = Int(HEVCResidualScan.order(log2Size: log2, scanIndex: scanIdx)[index])
        return (packed & 15, packed >> 4)
    }

    /// Encodes `levels` (row by row, at least one not zero) and returns them as the decoder must
    /// give them back: with sign data hiding, a hidden sign is the one the parity implies.
    mutating func encode(_ input: [Int32], block: HEVCResidualBlock, transformSkip: Bool) -> [Int32] {
        var levels = input
        let log2 = block.log2Size
        let size = 1 << log2
        let cIdx = block.component
        let scanIdx = block.scanIndex
        func level(_ x: Int, _ y: Int) -> Int { Int(levels[y * size + x]) }
        let tsCoded =
            settings.transformSkipEnabled && !block.transquantBypass && log2 <= settings.log2MaxTransformSkipSize
        let transformSkip = tsCoded && transformSkip
        if tsCoded { bin(HEVCContextSet.transformSkipFlag + (cIdx == 0 ? 0 : 1), transformSkip ? 1 : 0) }

        // The last significant coefficient in the forward scan.
        let subBlockCount = 1 << (2 * (log2 - 2))
        var lastSubBlock = 0
        var lastScanPos = 0
        for i in 0..<subBlockCount {
            for p in 0..<16 {
                let s = Self.scan(log2 - 2, scanIdx, i)
                let c = Self.scan(2, scanIdx, p)
                if level((s.x << 2) + c.x, (s.y << 2) + c.y) != 0 {
                    lastSubBlock = i
                    lastScanPos = p
                }
            }
        }
        let ls = Self.scan(log2 - 2, scanIdx, lastSubBlock)
        let lc = Self.scan(2, scanIdx, lastScanPos)
        var lastX = (ls.x << 2) + lc.x
        var lastY = (ls.y << 2) + lc.y
        if scanIdx == 2 { swap(&lastX, &lastY) }
        let cMax = (log2 << 1) - 1
        func split(_ value: Int) -> (prefix: Int, suffix: Int, suffixLength: Int) {
            if value < 4 { return (value, 0, 0) }
            for prefix in 4...cMax {
                let length = (prefix >> 1) - 1
                let base = (1 << length) * (2 + (prefix & 1))
                if value >= base && value < base + (1 << length) { return (prefix, value - base, length) }
            }
            return (0, 0, 0)
        }
        let (ctxOffset, ctxShift) = cIdx == 0 ? (3 * (log2 - 2) + ((log2 - 1) >> 2), (log2 + 1) >> 2) : (15, log2 - 2)
        let x = split(lastX)
        let y = split(lastY)
        for (prefix, base) in [
            (x.prefix, HEVCContextSet.lastSigCoeffXPrefix), (y.prefix, HEVCContextSet.lastSigCoeffYPrefix),
        ] {
            for binIdx in 0..<cMax where binIdx <= prefix {
                bin(base + ctxOffset + (binIdx >> ctxShift), binIdx < prefix ? 1 : 0)
            }
        }
        if x.prefix > 3 { cabac.encodeBypassBins(x.suffix, x.suffixLength) }
        if y.prefix > 3 { cabac.encodeBypassBins(y.suffix, y.suffixLength) }

        let sbWidth = 1 << (log2 - 2)
        var codedSubBlock = [[Bool]](repeating: [Bool](repeating: false, count: sbWidth), count: sbWidth)
        var previousGreater1Ctx: Int? // greater1Ctx after the last greater1 flag of the previous sub-block
        var statCoeff = (0..<4).map { contexts.statCoeff($0) }
        for i in stride(from: lastSubBlock, through: 0, by: -1) {
            let (xS, yS) = Self.scan(log2 - 2, scanIdx, i)
            func position(_ n: Int) -> (x: Int, y: Int) {
                let c = Self.scan(2, scanIdx, n)
                return ((xS << 2) + c.x, (yS << 2) + c.y)
            }
            let any = (0..<16).contains { level(position($0).x, position($0).y) != 0 }
            var inferDC = false
            let right = xS < sbWidth - 1 && codedSubBlock[xS + 1][yS]
            let below = yS < sbWidth - 1 && codedSubBlock[xS][yS + 1]
            if i < lastSubBlock && i > 0 {
                bin(
                    HEVCContextSet.codedSubBlockFlag + min((right ? 1 : 0) + (below ? 1 : 0), 1) + (cIdx == 0 ? 0 : 2),
                    any ? 1 : 0)
                inferDC = true
            }
            codedSubBlock[xS][yS] = i == lastSubBlock || i == 0 || any
            var sig = [Bool](repeating: false, count: 16)
            for n in stride(from: i == lastSubBlock ? lastScanPos - 1 : 15, through: 0, by: -1)
            where codedSubBlock[xS][yS] && (n > 0 || !inferDC) {
                let (xC, yC) = position(n)
                let flag = level(xC, yC) != 0
                bin(
                    HEVCContextSet.sigCoeffFlag + sigCtxInc(block, transformSkip, xC, yC, xS, yS, right, below),
                    flag ? 1 : 0)
                if flag { inferDC = false }
            }
            for n in 0..<16 { sig[n] = level(position(n).x, position(n).y) != 0 }
            guard sig.contains(true) else { continue }
            // greater1 flags, with ctxSet and greater1Ctx as §9.3.4.2.6 words them.
            var ctxSet = (i == 0 || cIdx > 0) ? 0 : 2
            if let last = previousGreater1Ctx, last == 0 { ctxSet += 1 }
            var greater1Ctx = 1
            var g1 = [Bool](repeating: false, count: 16)
            var numGreater1 = 0
            var lastGreater1ScanPos = -1
            for n in stride(from: 15, through: 0, by: -1) where sig[n] && numGreater1 < 8 {
                let absolute = abs(level(position(n).x, position(n).y))
                if numGreater1 > 0 {
                    greater1Ctx = greater1Ctx > 0 ? (g1[lastFlagPosition(g1, sig, from: n)] ? 0 : greater1Ctx + 1) : 0
                }
                g1[n] = absolute > 1
                bin(
                    HEVCContextSet.coeffAbsLevelGreater1Flag + ctxSet * 4 + min(3, greater1Ctx) + (cIdx > 0 ? 16 : 0),
                    g1[n] ? 1 : 0)
                numGreater1 += 1
                if g1[n] && lastGreater1ScanPos == -1 { lastGreater1ScanPos = n }
            }
            // What the next sub-block's lastGreater1Ctx is.
            let lastFlagged = (0..<16).filter { sig[$0] }.reversed().prefix(8).last ?? 0
            previousGreater1Ctx = greater1Ctx > 0 ? (g1[lastFlagged] ? 0 : greater1Ctx + 1) : 0
            var g2 = false
            if lastGreater1ScanPos != -1 {
                g2 = abs(level(position(lastGreater1ScanPos).x, position(lastGreater1ScanPos).y)) > 2
                bin(HEVCContextSet.coeffAbsLevelGreater2Flag + ctxSet + (cIdx > 0 ? 4 : 0), g2 ? 1 : 0)
            }
            let firstSigScanPos = sig.firstIndex(of: true) ?? 16
            let lastSigScanPos = sig.lastIndex(of: true) ?? -1
            let rdpcm =
                settings.implicitRDPCM && transformSkip && (block.predModeIntra == 10 || block.predModeIntra == 26)
            let signHidden = block.transquantBypass || rdpcm ? false : lastSigScanPos - firstSigScanPos > 3
            let hide = settings.signDataHiding && signHidden
            if hide {
                // The hidden sign is negative exactly when the sum of the sub-block's levels is odd.
                let p = position(firstSigScanPos)
                let sum = (0..<16).reduce(0) { $0 + abs(level(position($1).x, position($1).y)) }
                let magnitude = abs(level(p.x, p.y))
                levels[p.y * size + p.x] = Int32(sum % 2 == 1 ? -magnitude : magnitude)
            }
            for n in stride(from: 15, through: 0, by: -1) where sig[n] && (!hide || n != firstSigScanPos) {
                cabac.encodeBypass(level(position(n).x, position(n).y) < 0 ? 1 : 0)
            }
            var numSigCoeff = 0
            var cLastAbsLevel = 0
            var cLastRiceParam = 0
            var first = true
            let sbType = (cIdx == 0 ? 2 : 0) + (transformSkip || block.transquantBypass ? 1 : 0)
            for n in stride(from: 15, through: 0, by: -1) where sig[n] {
                let absolute = abs(level(position(n).x, position(n).y))
                let baseLevel = 1 + (g1[n] ? 1 : 0) + (n == lastGreater1ScanPos && g2 ? 1 : 0)
                if baseLevel == ((numSigCoeff < 8) ? ((n == lastGreater1ScanPos) ? 3 : 2) : 1) {
                    let initial = settings.persistentRiceAdaptation ? statCoeff[sbType] / 4 : 0
                    if first {
                        cLastAbsLevel = 0
                        cLastRiceParam = initial
                    }
                    var cRiceParam = cLastRiceParam + (cLastAbsLevel > 3 * (1 << cLastRiceParam) ? 1 : 0)
                    if !settings.persistentRiceAdaptation { cRiceParam = min(cRiceParam, 4) }
                    let remaining = absolute - baseLevel
                    encodeRemaining(remaining, rice: cRiceParam)
                    if settings.persistentRiceAdaptation && first {
                        if remaining >= (3 << (statCoeff[sbType] / 4)) {
                            statCoeff[sbType] += 1
                        } else if 2 * remaining < (1 << (statCoeff[sbType] / 4)) && statCoeff[sbType] > 0 {
                            statCoeff[sbType] -= 1
                        }
                    }
                    first = false
                    cLastAbsLevel = baseLevel + remaining
                    cLastRiceParam = cRiceParam
                }
                numSigCoeff += 1
            }
        }
        for (index, value) in statCoeff.enumerated() {
            contexts.storage[HEVCContextSet.statCoeffOffset + index] = UInt8(value)
        }
        return levels
    }

    /// The scan position of the greater1 flag coded just before position `n` in this sub-block.
    private func lastFlagPosition(_ g1: [Bool], _ sig: [Bool], from n: Int) -> Int {
        var p = n + 1
        while p < 16 && !sig[p] { p += 1 }
        return p
    }

    /// §9.3.3.11: a truncated Rice prefix (cMax 4 << rice), then, past it, EGk with k = rice + 1.
    private mutating func encodeRemaining(_ value: Int, rice: Int) {
        let cMax = 4 << rice
        let prefixVal = min(cMax, value)
        let ones = prefixVal >> rice
        for _ in 0..<ones { cabac.encodeBypass(1) }
        if prefixVal < cMax {
            cabac.encodeBypass(0)
            cabac.encodeBypassBins(prefixVal & ((1 << rice) - 1), rice)
            return
        }
        var suffix = value - cMax
        var k = rice + 1
        while suffix >= (1 << k) {
            cabac.encodeBypass(1)
            suffix -= 1 << k
            k += 1
        }
        cabac.encodeBypass(0)
        cabac.encodeBypassBins(suffix, k)
    }

    /// ctxInc of sig_coeff_flag (§9.3.4.2.5).
    private func sigCtxInc(
        _ block: HEVCResidualBlock, _ transformSkip: Bool, _ xC: Int, _ yC: Int, _ xS: Int, _ yS: Int, _ right: Bool,
        _ below: Bool
    ) -> Int {
        let log2 = block.log2Size
        let cIdx = block.component
        var sigCtx: Int
        if settings.transformSkipContext && (transformSkip || block.transquantBypass) {
            sigCtx = cIdx == 0 ? 42 : 16
        } else if log2 == 2 {
            let ctxIdxMap = [0, 1, 4, 5, 2, 3, 4, 5, 6, 6, 8, 8, 7, 7, 8]
            sigCtx = ctxIdxMap[(yC << 2) + xC]
        } else if xC + yC == 0 {
            sigCtx = 0
        } else {
            let prevCsbf = (right ? 1 : 0) + (below ? 2 : 0)
            let xP = xC & 3
            let yP = yC & 3
            switch prevCsbf {
            case 0: sigCtx = (xP + yP == 0) ? 2 : (xP + yP < 3) ? 1 : 0
            case 1: sigCtx = (yP == 0) ? 2 : (yP == 1) ? 1 : 0
            case 2: sigCtx = (xP == 0) ? 2 : (xP == 1) ? 1 : 0
            default: sigCtx = 2
            }
            if cIdx == 0 {
                if xS > 0 || yS > 0 { sigCtx += 3 }
                if log2 == 3 { sigCtx += block.scanIndex == 0 ? 9 : 15 } else { sigCtx += 21 }
            } else {
                sigCtx += log2 == 3 ? 9 : 12
            }
        }
        return cIdx == 0 ? sigCtx : 27 + sigCtx
    }
}
