extension YCbCrConverter {
    /// One chroma row's offsets, spread to every luma column that shares each chroma sample, a
    /// row of each channel: what ``convertRow(_:lumaScale:weights:offsets:width:into:channels:)``
    /// adds. The chroma rows serve one or two luma rows each.
    struct RowOffsets {
        var red: [Float]
        var green: [Float]
        var blue: [Float]

        init(width: Int) {
            red = Array(repeating: 0, count: width)
            green = red
            blue = red
        }

        /// Fills the row from the chroma samples at `cb` and `cr` (each luma column x takes
        /// chroma sample x >> shiftX).
        mutating func fill(
            cb: UnsafePointer<UInt16>, cr: UnsafePointer<UInt16>, shiftX: Int, weights: Weights
        ) {
            let width = red.count
            red.withUnsafeMutableBufferPointer { red in
                green.withUnsafeMutableBufferPointer { green in
                    blue.withUnsafeMutableBufferPointer { blue in
                        for x in 0..<width {
                            let c = x >> shiftX
                            (red[x], green[x], blue[x]) = weights.offsets(cb: cb[c], cr: cr[c])
                        }
                    }
                }
            }
        }
    }

    /// Converts one row of `width` luma samples with their spread offsets into R′G′B′ bytes,
    /// `channels` apart. Eight pixels at a time in SIMD lanes, each lane doing the scalar loop's
    /// operations in the same order (normalise, weigh, add, clamp, round), so the bytes are the
    /// same as one pixel at a time would give; the last few pixels one at a time.
    static func convertRow(
        _ luma: UnsafePointer<UInt16>, lumaScale: Quantisation, weights: Weights, offsets: RowOffsets, width: Int,
        into output: UnsafeMutablePointer<UInt8>, channels: Int
    ) {
        offsets.red.withUnsafeBufferPointer { red in
            offsets.green.withUnsafeBufferPointer { green in
                offsets.blue.withUnsafeBufferPointer { blue in
                    guard let red = red.baseAddress, let green = green.baseAddress, let blue = blue.baseAddress,
                        offsets.red.count >= width
                    else { return }
                    let scale = SIMD8<Float>(repeating: lumaScale.scale)
                    let zero = SIMD8<Float>(repeating: lumaScale.offset)
                    var x = 0
                    var at = 0
                    while x + 8 <= width {
                        let samples = UnsafeRawPointer(luma + x).loadUnaligned(as: SIMD8<UInt16>.self)
                        let value = SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: samples)) * scale - zero
                        let r = roundedBytes(value * weights.lumaInRed + load(red + x))
                        let g = roundedBytes(value * weights.lumaInGreen + load(green + x))
                        let b = roundedBytes(value * weights.lumaInBlue + load(blue + x))
                        for lane in 0..<8 {
                            output[at] = UInt8(truncatingIfNeeded: r[lane])
                            output[at + 1] = UInt8(truncatingIfNeeded: g[lane])
                            output[at + 2] = UInt8(truncatingIfNeeded: b[lane])
                            at += channels
                        }
                        x += 8
                    }
                    while x < width {
                        let value = lumaScale.normalise(luma[x])
                        output[at] = roundedByte(value * weights.lumaInRed + red[x])
                        output[at + 1] = roundedByte(value * weights.lumaInGreen + green[x])
                        output[at + 2] = roundedByte(value * weights.lumaInBlue + blue[x])
                        at += channels
                        x += 1
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// ``roundedByte(_:)`` in eight lanes.
    @inline(__always)
    static func roundedBytes(_ value: SIMD8<Float>) -> SIMD8<Int32> {
        // Clamped by comparisons: the standard library's `clamped` went through generic
        // `pointwiseMin`/`pointwiseMax` calls, two thirds of the conversion's instructions.
        var clamped = value
        clamped.replace(with: 0, where: clamped .< 0)
        clamped.replace(with: 255, where: clamped .> 255)
        let y = clamped + 0.5
        // The lanes' bit patterns: SIMD8<Float> has no `bitPattern`, and the two types are the
        // same size.
        let bits = unsafeBitCast(y + 8_388_608, to: SIMD8<UInt32>.self)
        let nearest = SIMD8<Int32>(truncatingIfNeeded: bits & SIMD8<UInt32>(repeating: 0x7F_FFFF))
        let roundedUp = SIMD8<Float>(nearest) .> y
        return nearest &- SIMD8<Int32>(repeating: 1).replacing(with: 0, where: .!roundedUp)
    }
}
