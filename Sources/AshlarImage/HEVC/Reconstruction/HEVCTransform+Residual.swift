extension HEVCTransform {
    /// Turns one block's TransCoeffLevel values (nTbS × nTbS, row-major y · nTbS + x) into its
    /// residual samples r in place (H.265 §8.6.2): bypass (rotation and RDPCM only), or scaling,
    /// transform or transform skip (tsShift = 5 + Log2(nTbS), rotation), the bdShift = 20 −
    /// BitDepth rounding, and RDPCM for transform-skipped blocks.
    package static func residual(
        _ block: inout [Int32], log2Size: Int, settings: HEVCTransformSettings,
        dequantiser: HEVCDequantiserSettings
    ) {
        let log2Size = min(max(log2Size, 2), 5)
        let size = 1 << log2Size
        guard block.count >= size * size else { return }
        if settings.transquantBypass {
            if settings.rotates(log2Size: log2Size) { rotate(&block, size: size) }
            if let vertical = settings.rdpcmVertical { accumulate(&block, size: size, vertical: vertical) }
            return
        }
        HEVCDequantiser.scale(&block, log2Size: log2Size, settings: dequantiser)
        if settings.transformSkip {
            if settings.rotates(log2Size: log2Size) { rotate(&block, size: size) }
            let tsShift = Int32(5 + log2Size)
            // d is within 16 bits, so d << 10 fits.
            for index in 0..<size * size { block[index] = block[index] << tsShift }
        } else {
            inverse(&block, log2Size: log2Size, dst: settings.usesDST(log2Size: log2Size))
        }
        let bdShift = Int32(20 - min(max(settings.bitDepth, 8), 16))
        let round = Int32(1) << (bdShift - 1)
        for index in 0..<size * size { block[index] = (block[index] &+ round) >> bdShift }
        if settings.transformSkip, let vertical = settings.rdpcmVertical {
            accumulate(&block, size: size, vertical: vertical)
        }
    }

    /// rotateCoeffs: r[x][y] = d[nTbS − x − 1][nTbS − y − 1], a 180° turn.
    static func rotate(_ block: inout [Int32], size: Int) {
        block[0..<size * size].reverse()
    }

    /// The residual modification of §8.6.8: a running sum along rows (horizontal) or columns
    /// (vertical). Sums wrap rather than trap on values no conforming stream produces.
    static func accumulate(_ block: inout [Int32], size: Int, vertical: Bool) {
        for y in 0..<size {
            for x in 0..<size {
                if vertical, y > 0 {
                    block[y * size + x] = block[y * size + x] &+ block[(y - 1) * size + x]
                } else if !vertical, x > 0 {
                    block[y * size + x] = block[y * size + x] &+ block[y * size + x - 1]
                }
            }
        }
    }

    /// Cross-component prediction (§8.6.6): r[x][y] += (ResScaleVal · ((rY[x][y] << BitDepthC) >>
    /// BitDepthY)) >> 3 for a 4:4:4 chroma block, `luma` being the co-located luma residual.
    package static func predictFromLuma(
        _ chroma: inout [Int32], luma: [Int32], resScaleVal: Int, bitDepthLuma: Int, bitDepthChroma: Int
    ) {
        let count = min(chroma.count, luma.count)
        let scale = Int64(min(max(resScaleVal, -8), 8))
        let shiftC = Int64(min(max(bitDepthChroma, 8), 16))
        let shiftY = Int64(min(max(bitDepthLuma, 8), 16))
        for index in 0..<count {
            let scaled = (Int64(luma[index]) << shiftC) >> shiftY
            chroma[index] = Int32(truncatingIfNeeded: Int64(chroma[index]) + ((scale * scaled) >> 3))
        }
    }

    /// Reconstruction (§8.6.7): recSamples = Clip1(predSamples + resSamples) for the nTbS × nTbS
    /// block at (x0, y0) of `plane`, which already holds the prediction.
    package static func addResidual(
        _ residual: [Int32], to plane: inout HEVCPlane, x0: Int, y0: Int, size: Int, bitDepth: Int
    ) {
        guard residual.count >= size * size else { return }
        let maximum = Int64(1 << min(max(bitDepth, 8), 16)) - 1
        // The part of the block inside the plane (all of it for a conforming stream).
        let columns = min(size, plane.width - x0)
        let rows = min(size, plane.height - y0)
        guard x0 >= 0, y0 >= 0, columns > 0, rows > 0 else { return }
        let stride = plane.stride
        plane.samples.withUnsafeMutableBufferPointer { target in
            residual.withUnsafeBufferPointer { source in
                for y in 0..<rows {
                    for x in 0..<columns {
                        let index = (y0 + y) * stride + x0 + x
                        let value = Int64(target[index]) + Int64(source[y * size + x])
                        target[index] = UInt16(min(max(value, 0), maximum))
                    }
                }
            }
        }
    }
}
