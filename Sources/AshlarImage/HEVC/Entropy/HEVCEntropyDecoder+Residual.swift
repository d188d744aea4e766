extension HEVCEntropyDecoder {
    /// residual_coding() (H.265 §7.3.8.11) of one transform block: transform_skip_flag, the last
    /// significant position, then each 4×4 sub-block's flags, signs and remaining levels.
    /// `levels` (at least `size × size` entries) receives TransCoeffLevel row by row (`y × size +
    /// x`), every entry written; each level lies in −32768...32767 (a stream that asks for more
    /// throws, as does one whose binarisations run past their bounds).
    package mutating func decodeResidual(
        _ block: HEVCResidualBlock, into levels: UnsafeMutableBufferPointer<Int32>
    ) throws(ImageError) -> HEVCResidualOutcome {
        guard (2...5).contains(block.log2Size), (0...2).contains(block.component), (0...2).contains(block.scanIndex),
            let out = levels.baseAddress, levels.count >= block.size * block.size
        else {
            throw ImageError(.malformed, "HEVC residual block \(block) is out of range")
        }
        out.update(repeating: 0, count: block.size * block.size)
        var states: [UInt8] = []
        swap(&states, &contexts.storage)
        defer { swap(&states, &contexts.storage) }
        let settings = settings
        return try states.withUnsafeMutableBufferPointer { (states) throws(ImageError) -> HEVCResidualOutcome in
            guard let states = states.baseAddress else { throw ImageError(.malformed, "HEVC contexts missing") }
            return try Self.residual(&cabac, states, settings, block, out)
        }
    }

    /// ``decodeResidual(_:into:)`` into a new array.
    package mutating func decodeResidual(_ block: HEVCResidualBlock) throws(ImageError) -> (
        levels: [Int32], outcome: HEVCResidualOutcome
    ) {
        var levels = [Int32](repeating: 0, count: block.size * block.size)
        let outcome = try levels.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
            try decodeResidual(block, into: buffer)
        }
        return (levels, outcome)
    }

    /// ctxIdxMap of §9.3.4.2.5 for 4×4 blocks, by `yC << 2 | xC` (the 16th entry is never used:
    /// (3, 3) is always the last position of its scan).
    private static let contextIndexMap: [UInt8] = [0, 1, 4, 5, 2, 3, 4, 5, 6, 6, 8, 8, 7, 7, 8, 8]

    private static func residual(
        _ cabac: inout HEVCCABACDecoder, _ ctx: UnsafeMutablePointer<UInt8>, _ settings: HEVCResidualSettings,
        _ block: HEVCResidualBlock, _ out: UnsafeMutablePointer<Int32>
    ) throws(ImageError) -> HEVCResidualOutcome {
        let log2 = block.log2Size
        let size = 1 << log2
        let luma = block.component == 0
        let scanIndex = block.scanIndex
        var transformSkip = false
        if settings.transformSkipEnabled && !block.transquantBypass && log2 <= settings.log2MaxTransformSkipSize {
            transformSkip = cabac.decodeDecision(&ctx[HEVCContextSet.transformSkipFlag + (luma ? 0 : 1)]) == 1
        }

        // last_sig_coeff_x/y_prefix and suffix (§9.3.4.2.3 for the prefixes' ctxInc).
        let prefixMax = (log2 << 1) - 1
        let ctxOffset = luma ? 3 * (log2 - 2) + ((log2 - 1) >> 2) : 15
        let ctxShift = luma ? (log2 + 1) >> 2 : log2 - 2
        var prefixX = 0
        while prefixX < prefixMax
            && cabac.decodeDecision(&ctx[HEVCContextSet.lastSigCoeffXPrefix + ctxOffset + (prefixX >> ctxShift)]) == 1
        {
            prefixX += 1
        }
        var prefixY = 0
        while prefixY < prefixMax
            && cabac.decodeDecision(&ctx[HEVCContextSet.lastSigCoeffYPrefix + ctxOffset + (prefixY >> ctxShift)]) == 1
        {
            prefixY += 1
        }
        var lastX = prefixX
        if prefixX > 3 {
            let length = (prefixX >> 1) - 1
            lastX = (1 << length) * (2 + (prefixX & 1)) + cabac.decodeBypassBins(length)
        }
        var lastY = prefixY
        if prefixY > 3 {
            let length = (prefixY >> 1) - 1
            lastY = (1 << length) * (2 + (prefixY & 1)) + cabac.decodeBypassBins(length)
        }
        if scanIndex == 2 { swap(&lastX, &lastY) }

        let tables = HEVCResidualScan.tables
        let subBlocks = tables[(log2 - 2) * 3 + scanIndex]
        let positions = tables[2 * 3 + scanIndex]
        let width = 1 << (log2 - 2)
        let lastPacked = UInt8((lastX >> 2) | (lastY >> 2) << 4)
        let lastInside = UInt8((lastX & 3) | (lastY & 3) << 4)
        var lastSubBlock = 0
        while lastSubBlock < subBlocks.count - 1 && subBlocks[lastSubBlock] != lastPacked { lastSubBlock += 1 }
        var lastScanPosition = 0
        while lastScanPosition < 15 && positions[lastScanPosition] != lastInside { lastScanPosition += 1 }

        let transformSkipContext = settings.transformSkipContext && (transformSkip || block.transquantBypass)
        let hidingAllowed =
            settings.signDataHiding && !block.transquantBypass
            && !(settings.implicitRDPCM && transformSkip && (block.predModeIntra == 10 || block.predModeIntra == 26))
        let sbType = (luma ? 2 : 0) + (transformSkip || block.transquantBypass ? 1 : 0)
        var codedSubBlocks: UInt64 = 0
        var greater1Context = 1
        var nonZero = 0
        var i = lastSubBlock
        while i >= 0 {
            let xS = Int(subBlocks[i] & 15)
            let yS = Int(subBlocks[i] >> 4)
            let right = xS < width - 1 && codedSubBlocks & (1 << UInt64(yS * 8 + xS + 1)) != 0
            let below = yS < width - 1 && codedSubBlocks & (1 << UInt64(yS * 8 + xS + 8)) != 0
            var inferDC = false
            var coded = true
            if i < lastSubBlock && i > 0 {
                let increment = (right || below ? 1 : 0) + (luma ? 0 : 2)
                coded = cabac.decodeDecision(&ctx[HEVCContextSet.codedSubBlockFlag + increment]) == 1
                inferDC = true
            }
            if coded { codedSubBlocks |= 1 << UInt64(yS * 8 + xS) }
            var significant: UInt32 = 0
            var n = 15
            if i == lastSubBlock {
                significant = 1 << UInt32(lastScanPosition)
                n = lastScanPosition - 1
            }
            if coded {
                let pattern = (right ? 1 : 0) | (below ? 2 : 0)
                while n >= 0 {
                    if n == 0 && inferDC {
                        significant |= 1
                        break
                    }
                    let xP = Int(positions[n] & 15)
                    let yP = Int(positions[n] >> 4)
                    var sigCtx: Int
                    if transformSkipContext {
                        sigCtx = luma ? 42 : 16
                    } else if log2 == 2 {
                        sigCtx = Int(contextIndexMap[yP << 2 | xP])
                    } else if xS == 0 && yS == 0 && xP == 0 && yP == 0 {
                        sigCtx = 0
                    } else {
                        switch pattern {
                        case 0: sigCtx = xP + yP == 0 ? 2 : xP + yP < 3 ? 1 : 0
                        case 1: sigCtx = yP == 0 ? 2 : yP == 1 ? 1 : 0
                        case 2: sigCtx = xP == 0 ? 2 : xP == 1 ? 1 : 0
                        default: sigCtx = 2
                        }
                        if luma {
                            if xS > 0 || yS > 0 { sigCtx += 3 }
                            sigCtx += log2 == 3 ? (scanIndex == 0 ? 9 : 15) : 21
                        } else {
                            sigCtx += log2 == 3 ? 9 : 12
                        }
                    }
                    let increment = luma ? sigCtx : 27 + sigCtx
                    if cabac.decodeDecision(&ctx[HEVCContextSet.sigCoeffFlag + increment]) == 1 {
                        significant |= 1 << UInt32(n)
                        inferDC = false
                    }
                    n -= 1
                }
            }
            if significant != 0 {
                nonZero += significant.nonzeroBitCount
                try subBlockLevels(
                    &cabac, ctx, settings, significant: significant, subBlock: i, xS: xS, yS: yS,
                    context: (luma: luma, hiding: hidingAllowed, sbType: sbType, size: size, positions: positions),
                    greater1Context: &greater1Context, out)
            }
            i -= 1
        }
        return HEVCResidualOutcome(transformSkip: transformSkip, nonZeroCount: nonZero)
    }

    /// The greater1/greater2 flags, signs and remaining levels of one sub-block whose significant
    /// positions (in scan order within it) are the bits of `significant`.
    private static func subBlockLevels(
        _ cabac: inout HEVCCABACDecoder, _ ctx: UnsafeMutablePointer<UInt8>, _ settings: HEVCResidualSettings,
        significant: UInt32, subBlock i: Int, xS: Int, yS: Int,
        context: (luma: Bool, hiding: Bool, sbType: Int, size: Int, positions: [UInt8]),
        greater1Context: inout Int, _ out: UnsafeMutablePointer<Int32>
    ) throws(ImageError) {
        let luma = context.luma
        var ctxSet = i == 0 || !luma ? 0 : 2
        if greater1Context == 0 { ctxSet += 1 }
        greater1Context = 1
        let g1Base = HEVCContextSet.coeffAbsLevelGreater1Flag + (luma ? 0 : 16) + ctxSet * 4
        var greater1: UInt32 = 0
        var flagsRead = 0
        var lastGreater1 = -1
        var n = 15
        while n >= 0 {
            if significant & (1 << UInt32(n)) != 0 && flagsRead < 8 {
                flagsRead += 1
                if cabac.decodeDecision(&ctx[g1Base + min(greater1Context, 3)]) == 1 {
                    greater1 |= 1 << UInt32(n)
                    greater1Context = 0
                    if lastGreater1 < 0 { lastGreater1 = n }
                } else if greater1Context > 0 {
                    greater1Context += 1
                }
            }
            n -= 1
        }
        var greater2 = 0
        if lastGreater1 >= 0 {
            greater2 = cabac.decodeDecision(
                &ctx[HEVCContextSet.coeffAbsLevelGreater2Flag + (luma ? 0 : 4) + ctxSet])
        }
        let firstSig = significant.trailingZeroBitCount
        let lastSig = 31 - significant.leadingZeroBitCount
        let hidden = context.hiding && lastSig - firstSig > 3
        let signCount = significant.nonzeroBitCount - (hidden ? 1 : 0)
        // The sign bins, first for the highest scan position; shifted to line up with `n`.
        var signs = cabac.decodeBypassBins(signCount) << (32 - signCount)

        let persistent = settings.persistentRiceAdaptation
        let statIndex = HEVCContextSet.statCoeffOffset + context.sbType
        var rice = persistent ? Int(ctx[statIndex]) >> 2 : 0
        var firstRemaining = true
        var numSig = 0
        var sumAbs = 0
        n = 15
        while n >= 0 {
            let bit: UInt32 = 1 << UInt32(n)
            if significant & bit != 0 {
                let base = 1 + (greater1 & bit != 0 ? 1 : 0) + (n == lastGreater1 ? greater2 : 0)
                var absolute = base
                if base == (numSig < 8 ? (n == lastGreater1 ? 3 : 2) : 1) {
                    let remaining = try coeffAbsLevelRemaining(&cabac, rice: rice)
                    absolute = base &+ remaining
                    if persistent && firstRemaining {
                        let stat = Int(ctx[statIndex])
                        if remaining >= 3 << (stat >> 2) {
                            if stat < 4 * 31 { ctx[statIndex] = UInt8(stat + 1) }
                        } else if 2 * remaining < 1 << (stat >> 2) && stat > 0 {
                            ctx[statIndex] = UInt8(stat - 1)
                        }
                    }
                    firstRemaining = false
                    if absolute > 3 * (1 << rice) { rice = persistent ? min(rice + 1, 31) : min(rice + 1, 4) }
                }
                guard absolute <= 32768 else {
                    throw ImageError(.malformed, "HEVC coefficient level \(absolute) is out of range")
                }
                var level = absolute
                let signed = !(hidden && n == firstSig)
                if signed {
                    if signs & (1 << 31) != 0 { level = -level }
                    signs = (signs << 1) & 0xFFFF_FFFF
                }
                if hidden {
                    sumAbs += absolute
                    if n == firstSig && sumAbs & 1 == 1 { level = -level }
                }
                guard level <= 32767 else {
                    throw ImageError(.malformed, "HEVC coefficient level \(level) is out of range")
                }
                let position = context.positions[n]
                let x = (xS << 2) + Int(position & 15)
                let y = (yS << 2) + Int(position >> 4)
                out[y * context.size + x] = Int32(level)
                numSig += 1
            }
            n -= 1
        }
    }

    /// coeff_abs_level_remaining (§9.3.3.11) with Rice parameter `rice`: a prefix of up to four
    /// ones selects a Rice code, more ones an Exp-Golomb suffix of order rice + 1.
    private static func coeffAbsLevelRemaining(_ cabac: inout HEVCCABACDecoder, rice: Int) throws(ImageError) -> Int {
        var prefix = 0
        while cabac.decodeBypass() == 1 {
            prefix += 1
            if prefix > 32 { throw ImageError(.malformed, "HEVC coeff_abs_level_remaining has too long a prefix") }
        }
        if prefix <= 3 { return (prefix << rice) + cabac.decodeBypassBins(rice) }
        let suffixLength = prefix - 3 + rice
        guard suffixLength <= 32 else {
            throw ImageError(.malformed, "HEVC coeff_abs_level_remaining has too long a suffix")
        }
        return (((1 << (prefix - 3)) + 2) << rice) + cabac.decodeBypassBins(suffixLength)
    }
}
