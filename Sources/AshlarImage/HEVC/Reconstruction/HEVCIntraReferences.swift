/// The neighbouring samples of one intra block (H.265 §8.4.4.2.1): p[−1][−1...2·nTbS−1] (the
/// column to the left, `left[1 + y]` is p[−1][y]) and p[−1...2·nTbS−1][−1] (the row above,
/// `top[1 + x]` is p[x][−1]); `left[0]` and `top[0]` both hold p[−1][−1].
package struct HEVCIntraReferences: Sendable, Equatable {
    /// nTbS, 4...32.
    package let size: Int
    /// p[−1][−1 + i] for i in 0...2·nTbS.
    package var left: [Int32]
    /// p[−1 + i][−1] for i in 0...2·nTbS.
    package var top: [Int32]

    package init(size: Int, left: [Int32], top: [Int32]) {
        self.size = size
        self.left = left
        self.top = top
    }

    /// Gathers the references of the nTbS × nTbS block at (x0, y0) of `plane` and substitutes the
    /// unavailable ones (§8.4.4.2.2). `available(x, y)` says whether the sample at (x, y) of this
    /// plane may be used for intra prediction: inside the picture, already decoded, in the same
    /// slice and tile, and — with constrained_intra_pred_flag — not from an inter coding unit.
    /// `unit` is how many samples across and down share one answer (the plane's samples in a
    /// 4×4 luma block: availability is decided block by block); it is asked once for each.
    package static func gather(
        from plane: HEVCPlane, x0: Int, y0: Int, log2Size: Int, bitDepth: Int, unit: (across: Int, down: Int) = (1, 1),
        available: (_ x: Int, _ y: Int) -> Bool
    ) -> HEVCIntraReferences {
        let size = 1 << min(max(log2Size, 2), 5)
        let count = 2 * size + 1
        // Runs as masks (units are 1, 2 or 4: powers of two; anything else asks every sample).
        func mask(_ unit: Int) -> Int { unit > 0 && unit & (unit - 1) == 0 ? unit - 1 : 0 }
        let across = mask(unit.across)
        let down = mask(unit.down)
        var left = [Int32](repeating: 0, count: count)
        var top = [Int32](repeating: 0, count: count)
        // Which samples were found, on the stack: a block's references are gathered for every
        // transform block, and arrays for them cost an allocation each time.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * count) { found in
            found.initialize(repeating: false)
            let leftFound = UnsafeMutableBufferPointer(rebasing: found[0..<count])
            let topFound = UnsafeMutableBufferPointer(rebasing: found[count..<2 * count])
            // Reads clamp to the plane, as `HEVCPlane.sample(x:y:)` does.
            let (width, height, stride) = (plane.width, plane.height, plane.stride)
            plane.samples.withUnsafeBufferPointer { samples in
                func sample(_ x: Int, _ y: Int) -> Int32 {
                    Int32(samples[min(max(y, 0), height - 1) * stride + min(max(x, 0), width - 1)])
                }
                // The corner, then runs of `down` (left) or `across` (top) samples that share an answer.
                var leftAvailable = false
                var topAvailable = false
                for i in 0..<count {
                    let y = y0 - 1 + i
                    if i == 0 || (i - 1) & down == 0 { leftAvailable = available(x0 - 1, y) }
                    if leftAvailable {
                        left[i] = sample(x0 - 1, y)
                        leftFound[i] = true
                    }
                    guard i > 0 else { continue }
                    let x = x0 - 1 + i
                    if (i - 1) & across == 0 { topAvailable = available(x, y0 - 1) }
                    if topAvailable {
                        top[i] = sample(x, y0 - 1)
                        topFound[i] = true
                    }
                }
            }
            var references = HEVCIntraReferences(size: size, left: left, top: top)
            references.substitute(
                leftFound: UnsafeBufferPointer(leftFound), topFound: UnsafeBufferPointer(topFound), bitDepth: bitDepth)
            return references
        }
    }

    /// §8.4.4.2.2: with nothing available every reference is 1 << (BitDepth − 1); otherwise the
    /// search runs from p[−1][2·nTbS−1] up to p[−1][−1] and on along the top row, each missing
    /// sample taking the value of the one before it in that order.
    mutating func substitute(leftFound: UnsafeBufferPointer<Bool>, topFound: UnsafeBufferPointer<Bool>, bitDepth: Int) {
        let count = 2 * size + 1
        guard leftFound.count >= count, topFound.count >= count, left.count >= count, top.count >= count else { return }
        // The search order: left from the bottom (2·nTbS) to the corner (0), then the top row
        // from p[0][−1] (1) to the end; step s of 2·count − 1 is left[count − 1 − s] for s <
        // count, top[s − count + 1] after. Walked by index, nothing is allocated.
        let steps = 2 * count - 1
        func found(_ step: Int) -> Bool { step < count ? leftFound[count - 1 - step] : topFound[step - count + 1] }
        func value(_ step: Int) -> Int32 { step < count ? left[count - 1 - step] : top[step - count + 1] }
        guard let first = (0..<steps).first(where: found) else {
            let value = Int32(1) << Int32(min(max(bitDepth, 8), 16) - 1)
            left = Array(repeating: value, count: count)
            top = Array(repeating: value, count: count)
            return
        }
        var previous = value(first)
        for step in 0..<steps {
            if found(step) {
                previous = value(step)
            } else if step < count {
                left[count - 1 - step] = previous
            } else {
                top[step - count + 1] = previous
            }
        }
        top[0] = left[0]
    }

    /// §8.4.4.2.3: whether the references are filtered before predicting with `mode`.
    package static func filters(mode: Int, log2Size: Int, settings: HEVCIntraSettings) -> Bool {
        guard !settings.intraSmoothingDisabled, settings.component == 0 || settings.chromaArrayType == 3
        else { return false }
        guard mode != 1, log2Size > 2 else { return false }
        let threshold = log2Size == 3 ? 7 : log2Size == 4 ? 1 : 0
        return min(abs(mode - 26), abs(mode - 10)) > threshold
    }

    /// The filtered references pF (§8.4.4.2.3): the [1 2 1] filter, or for a 32×32 luma block
    /// with strong_intra_smoothing_enabled_flag and flat edges, linear interpolation between the
    /// corners (biIntFlag).
    package func filtered(settings: HEVCIntraSettings) -> HEVCIntraReferences {
        var result = self
        result.filter(settings: settings)
        return result
    }

    /// ``filtered(settings:)`` in place: each edge is walked once, keeping the unfiltered sample
    /// before the current one, so nothing is copied.
    mutating func filter(settings: HEVCIntraSettings) {
        let last = 2 * size
        guard left.count > last, top.count > last else { return }
        let corner = left[0]
        let threshold = Int32(1) << Int32(settings.depth - 5)
        let bilinear =
            settings.strongIntraSmoothing && settings.component == 0 && size == 32
            && abs(corner + top[last] - 2 * top[size]) < threshold
            && abs(corner + left[last] - 2 * left[size]) < threshold
        if bilinear {
            // i = 1 + y: pF[−1][y] = ((63 − y) · p[−1][−1] + (y + 1) · p[−1][63] + 32) >> 6.
            let leftLast = left[last]
            let topLast = top[last]
            for i in 1..<last {
                left[i] = (Int32(64 - i) * corner + Int32(i) * leftLast + 32) >> 6
                top[i] = (Int32(64 - i) * corner + Int32(i) * topLast + 32) >> 6
            }
            return
        }
        let filteredCorner = (left[1] + 2 * corner + top[1] + 2) >> 2
        Self.smooth(&left, last: last, corner: corner)
        Self.smooth(&top, last: last, corner: corner)
        left[0] = filteredCorner
        top[0] = filteredCorner
    }

    /// The [1 2 1] filter of one edge's samples 1..<last, in place (sample 0, the corner, unfiltered).
    private static func smooth(_ edge: inout [Int32], last: Int, corner: Int32) {
        edge.withUnsafeMutableBufferPointer { samples in
            var previous = corner
            for i in 1..<last {
                let current = samples[i]
                samples[i] = (samples[i + 1] + 2 * current + previous + 2) >> 2
                previous = current
            }
        }
    }
}
