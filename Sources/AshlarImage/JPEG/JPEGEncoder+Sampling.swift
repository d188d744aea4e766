extension JPEGEncoder {
    /// Converts `rows` rows of an RGB image starting at `firstRow` into full-resolution Y, Cb and Cr
    /// planes `paddedWidth` wide, with libjpeg's fixed-point formulas (`jccolor.c`, 16 fraction
    /// bits). Rows past the bottom repeat the last row and columns past the right edge repeat the
    /// last column, so the blocks that overhang the image continue it smoothly.
    ///
    /// Indices stay in range: `sourceRow < height`, `x < width` reads within a row of `3 * width`
    /// samples; writes go to `row * paddedWidth + x` with `row < rows`, `x < paddedWidth`, the
    /// planes' sizes.
    @inline(__always)
    static func convertRGB(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int, firstRow: Int, rows: Int,
        paddedWidth: Int, luma: UnsafeMutablePointer<UInt8>, blue: UnsafeMutablePointer<UInt8>,
        red: UnsafeMutablePointer<UInt8>
    ) {
        for row in 0..<rows {
            var source = pixels + min(firstRow + row, height - 1) * rowBytes
            let y = luma + row * paddedWidth
            let cb = blue + row * paddedWidth
            let cr = red + row * paddedWidth
            for x in 0..<width {
                let r = Int32(source[0])
                let g = Int32(source[1])
                let b = Int32(source[2])
                source += 3
                y[x] = UInt8(truncatingIfNeeded: (19595 &* r &+ 38470 &* g &+ 7471 &* b &+ 32768) &>> 16)
                cb[x] = UInt8(truncatingIfNeeded: (b &* 32768 &- 11059 &* r &- 21709 &* g &+ 8_421_375) &>> 16)
                cr[x] = UInt8(truncatingIfNeeded: (r &* 32768 &- 27439 &* g &- 5329 &* b &+ 8_421_375) &>> 16)
            }
            for x in width..<paddedWidth {
                y[x] = y[width - 1]
                cb[x] = cb[width - 1]
                cr[x] = cr[width - 1]
            }
        }
    }

    /// Copies `rows` rows of a gray image into a plane `paddedWidth` wide, repeating the last row
    /// and column past the edges (see
    /// ``convertRGB(_:width:height:rowBytes:firstRow:rows:paddedWidth:luma:blue:red:)``).
    @inline(__always)
    static func copyGray(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int, firstRow: Int, rows: Int,
        paddedWidth: Int, luma: UnsafeMutablePointer<UInt8>
    ) {
        for row in 0..<rows {
            let source = pixels + min(firstRow + row, height - 1) * rowBytes
            let y = luma + row * paddedWidth
            y.update(from: source, count: width)
            y.advanced(by: width).update(repeating: y[width - 1], count: paddedWidth - width)
        }
    }

    /// Halves a `width` × `2 * rows` plane in both directions by averaging each 2×2 square, with
    /// libjpeg's bias alternating 1, 2, 1, … along each row (`h2v2_downsample`) so that rounding
    /// does not drift one way. `width` is even.
    @inline(__always)
    static func downsample(
        _ plane: UnsafePointer<UInt8>, width: Int, rows: Int, into output: UnsafeMutablePointer<UInt8>
    ) {
        let half = width / 2
        for row in 0..<rows {
            let upper = plane + 2 * row * width
            let lower = upper + width
            let out = output + row * half
            var bias: UInt16 = 1
            for x in 0..<half {
                let sum =
                    UInt16(upper[2 * x]) &+ UInt16(upper[2 * x + 1]) &+ UInt16(lower[2 * x])
                    &+ UInt16(lower[2 * x + 1])
                out[x] = UInt8(truncatingIfNeeded: (sum &+ bias) &>> 2)
                bias ^= 3
            }
        }
    }
}
