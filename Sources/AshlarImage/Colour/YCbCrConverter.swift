/// Converts decoded Y′CbCr planes to 8-bit R′G′B′ (or grey) pixels, the way libheif does it:
/// each chroma sample serves the luma samples it covers (nearest neighbour, no interpolation),
/// the matrix and range come from ``YCbCrMatrix``, and any bit depth is scaled to 8 bits in the
/// same step.
///
/// Arithmetic: single-precision floating point. A sample is normalised (luma
/// `(Y − 16·2ⁿ⁻⁸) / (219·2ⁿ⁻⁸)` in limited range, `Y / (2ⁿ − 1)` in full range; chroma likewise with
/// 224 and the centre 2ⁿ⁻¹), the matrix applied, the result scaled by 255, clamped to 0…255 and
/// rounded half up. libheif rounds the same way but scales limited range by 1.1689 and 1.1429
/// (255/219 = 1.1644 and 255/224 = 1.1384 here), and takes 10-bit pictures to 10-bit RGB first, so
/// its output may differ by one level (two at most in limited range).
package enum YCbCrConverter {
    /// Converts the top-left `width`×`height` of `planes`. Monochrome gives `.gray` (or
    /// `.grayAlpha`), colour `.rgb` (or `.rgba`); alpha is taken as full range.
    package static func convert(
        _ planes: YCbCrPlanes, width: Int, height: Int, matrix: YCbCrMatrix
    ) throws(ImageError) -> PixelImage {
        try check(planes, width: width, height: height)
        let format = format(of: planes)
        var image = PixelImage(width: width, height: height, format: format)
        guard width > 0, height > 0 else { return image }
        try image.pixels.withUnsafeMutableBufferPointer { (output) throws(ImageError) in
            guard let base = output.baseAddress else { return }
            try convert(
                planes, width: width, height: height, matrix: matrix, into: base, rowStride: width * format.channels)
        }
        return image
    }

    /// The pixel format planes convert to: `.rgb` or `.rgba` for colour, `.gray` or `.grayAlpha`
    /// for monochrome.
    package static func format(of planes: YCbCrPlanes) -> PixelFormat {
        switch (planes.chroma != nil, planes.alpha != nil) {
        case (true, false): .rgb
        case (true, true): .rgba
        case (false, false): .gray
        case (false, true): .grayAlpha
        }
    }

    /// Converts the top-left `width`×`height` of `planes` into pixels of ``format(of:)`` at
    /// `output`, whose rows start `rowStride` bytes apart (at least `width` pixels): a grid tile
    /// straight into its place on the canvas.
    package static func convert(
        _ planes: YCbCrPlanes, width: Int, height: Int, matrix: YCbCrMatrix, into output: UnsafeMutablePointer<UInt8>,
        rowStride: Int
    ) throws(ImageError) {
        try check(planes, width: width, height: height)
        let channels = format(of: planes).channels
        guard width > 0, height > 0 else { return }
        guard rowStride >= width * channels else {
            throw ImageError(.malformed, "the output rows of \(rowStride) bytes are narrower than \(width) pixels")
        }
        let luma = Quantisation(bitDepth: planes.luma.bitDepth, fullRange: matrix.fullRange, chroma: false)
        planes.luma.samples.withUnsafeBufferPointer { lumaSamples in
            if let chroma = planes.chroma {
                convertColour(
                    luma: lumaSamples, planes.luma.stride, lumaScale: luma, chroma: chroma, matrix: matrix,
                    width: width, height: height, into: output, rowStride: rowStride, channels: channels)
            } else {
                for y in 0..<height {
                    let row = y * planes.luma.stride
                    var at = y * rowStride
                    for x in 0..<width {
                        output[at] = roundedByte(luma.normalise(lumaSamples[row + x]))
                        at += channels
                    }
                }
            }
        }
        if let alpha = planes.alpha {
            let scale = 255 / Float((1 << alpha.bitDepth) - 1)
            alpha.samples.withUnsafeBufferPointer { alphaSamples in
                for y in 0..<height {
                    let row = y * alpha.stride
                    var at = y * rowStride + channels - 1
                    for x in 0..<width {
                        output[at] = roundedByte(Float(alphaSamples[row + x]) * scale)
                        at += channels
                    }
                }
            }
        }
    }

    /// Each chroma row's three offsets are computed once per chroma sample and spread over the
    /// luma columns that share it, then added to every luma row that shares the chroma row.
    private static func convertColour(
        luma: UnsafeBufferPointer<UInt16>, _ lumaStride: Int, lumaScale: Quantisation, chroma: YCbCrPlanes.Chroma,
        matrix: YCbCrMatrix, width: Int, height: Int, into output: UnsafeMutablePointer<UInt8>, rowStride: Int,
        channels: Int
    ) {
        let weights = Weights(matrix, cb: chroma.cb.bitDepth, cr: chroma.cr.bitDepth)
        var offsets = RowOffsets(width: width)
        var chromaRow = -1
        chroma.cb.samples.withUnsafeBufferPointer { cbSamples in
            chroma.cr.samples.withUnsafeBufferPointer { crSamples in
                guard let cb = cbSamples.baseAddress, let cr = crSamples.baseAddress, let lumaBase = luma.baseAddress
                else { return }
                for y in 0..<height {
                    if y >> chroma.shiftY != chromaRow {
                        chromaRow = y >> chroma.shiftY
                        offsets.fill(
                            cb: cb + chromaRow * chroma.cb.stride, cr: cr + chromaRow * chroma.cr.stride,
                            shiftX: chroma.shiftX, weights: weights)
                    }
                    convertRow(
                        lumaBase + y * lumaStride, lumaScale: lumaScale, weights: weights, offsets: offsets,
                        width: width, into: output + y * rowStride, channels: channels)
                }
            }
        }
    }

    /// 0…255 after clamping, rounded half up: `UInt8(min(max(value, 0), 255) + 0.5)`, worked
    /// out without a conversion that checks its range (whose branches kept the loops scalar).
    /// Adding 2²³ to y (below 2²³) rounds it to the nearest integer, ties to even, and leaves that
    /// integer in the low bits; one less where it rounded up is y truncated. A NaN gives some byte
    /// rather than a trap.
    @inline(__always)
    static func roundedByte(_ value: Float) -> UInt8 {
        let y = min(max(value, 0), 255) + 0.5
        let nearest = Int32(bitPattern: (y + 8_388_608).bitPattern & 0x7F_FFFF)
        return UInt8(truncatingIfNeeded: Float(nearest) > y ? nearest &- 1 : nearest)
    }

    private static func check(_ planes: YCbCrPlanes, width: Int, height: Int) throws(ImageError) {
        func fits(_ plane: YCbCrPlanes.Plane, _ shiftX: Int, _ shiftY: Int) -> Bool {
            plane.isConsistent && plane.width >= (width + (1 << shiftX) - 1) >> shiftX
                && plane.height >= (height + (1 << shiftY) - 1) >> shiftY
        }
        guard width >= 0, height >= 0, fits(planes.luma, 0, 0) else {
            throw ImageError(.malformed, "the decoded luma plane is smaller than the \(width)×\(height) picture")
        }
        if let chroma = planes.chroma {
            guard (0...1).contains(chroma.shiftX), (0...1).contains(chroma.shiftY),
                fits(chroma.cb, chroma.shiftX, chroma.shiftY), fits(chroma.cr, chroma.shiftX, chroma.shiftY)
            else {
                throw ImageError(
                    .malformed, "the decoded chroma planes are smaller than the \(width)×\(height) picture")
            }
        }
        if let alpha = planes.alpha, !fits(alpha, 0, 0) {
            throw ImageError(.malformed, "the decoded alpha plane is smaller than the \(width)×\(height) picture")
        }
    }
}
