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
    package static func gather(
        from plane: HEVCPlane, x0: Int, y0: Int, log2Size: Int, bitDepth: Int,
        available: (_ x: Int, _ y: Int) -> Bool
    ) -> HEVCIntraReferences {
        let size = 1 << min(max(log2Size, 2), 5)
        let count = 2 * size + 1
        var left = [Int32](repeating: 0, count: count)
        var top = [Int32](repeating: 0, count: count)
        var leftFound = [Bool](repeating: false, count: count)
        var topFound = [Bool](repeating: false, count: count)
        for i in 0..<count {
            let y = y0 - 1 + i
            if available(x0 - 1, y) {
                left[i] = Int32(plane.sample(x: x0 - 1, y: y))
                leftFound[i] = true
            }
            let x = x0 - 1 + i
            if i > 0, available(x, y0 - 1) {
                top[i] = Int32(plane.sample(x: x, y: y0 - 1))
                topFound[i] = true
            }
        }
        var references = HEVCIntraReferences(size: size, left: left, top: top)
        references.substitute(leftFound: leftFound, topFound: topFound, bitDepth: bitDepth)
        return references
    }

    /// §8.4.4.2.2: with nothing available every reference is 1 << (BitDepth − 1); otherwise the
    /// search runs from p[−1][2·nTbS−1] up to p[−1][−1] and on along the top row, each missing
    /// sample taking the value of the one before it in that order.
    mutating func substitute(leftFound: [Bool], topFound: [Bool], bitDepth: Int) {
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
        let last = 2 * size
        let corner = left[0]
        let threshold = Int32(1) << Int32(settings.depth - 5)
        let bilinear =
            settings.strongIntraSmoothing && settings.component == 0 && size == 32
            && abs(corner + top[last] - 2 * top[size]) < threshold
            && abs(corner + left[last] - 2 * left[size]) < threshold
        var result = self
        if bilinear {
            // i = 1 + y: pF[−1][y] = ((63 − y) · p[−1][−1] + (y + 1) · p[−1][63] + 32) >> 6.
            for i in 1..<last {
                result.left[i] = (Int32(64 - i) * corner + Int32(i) * left[last] + 32) >> 6
                result.top[i] = (Int32(64 - i) * corner + Int32(i) * top[last] + 32) >> 6
            }
            return result
        }
        let filteredCorner = (left[1] + 2 * corner + top[1] + 2) >> 2
        result.left[0] = filteredCorner
        result.top[0] = filteredCorner
        for i in 1..<last {
            result.left[i] = (left[i + 1] + 2 * left[i] + left[i - 1] + 2) >> 2
            result.top[i] = (top[i + 1] + 2 * top[i] + top[i - 1] + 2) >> 2
        }
        return result
    }
}
