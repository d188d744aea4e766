/// Inverse DCTs with the arithmetic of libjpeg's `jpeg_idct_islow` (8×8 output) and of its
/// reduced-size `jpeg_idct_4x4`, `jpeg_idct_2x2` and `jpeg_idct_1x1` (the first two in SIMD, in
/// JPEGIDCT+SIMD.swift), so that output matches
/// `djpeg -dct int` bit for bit. Coefficients are in natural order; `quant` is the table in the
/// same order. Wrapping arithmetic keeps damaged data (huge coefficients) from trapping; results
/// are clamped to 0...255 (libjpeg's range-limit table also wraps values far out of range, which
/// only damaged data produces).
enum JPEGIDCT {
    static let constBits: Int32 = 13
    static let pass1Bits: Int32 = 2

    @inline(__always)
    private static func sample(_ v: Int32, _ shift: Int32) -> UInt8 {
        let descaled = ((v &+ (1 &<< (shift &- 1))) &>> shift) &+ 128
        return UInt8(truncatingIfNeeded: min(max(descaled, 0), 255))
    }

    @inline(__always)
    private static func descale(_ v: Int32, _ shift: Int32) -> Int32 {
        (v &+ (1 &<< (shift &- 1))) &>> shift
    }

    /// Decodes one block to `size`×`size` samples (8, 4, 2 or 1) at `out`, rows `stride` apart.
    /// `workspace` holds 64 values.
    @inline(__always)
    static func transform(
        size: Int, _ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
        _ out: UnsafeMutablePointer<UInt8>, _ stride: Int,
        _ workspace: UnsafeMutablePointer<Int32>
    ) {
        switch size {
        case 8: islowSIMD(coef, quant, out, stride)
        case 4: idct4x4SIMD(coef, quant, out, stride)
        case 2: idct2x2(coef, quant, out, stride, workspace)
        default: out[0] = sample(Int32(coef[0]) &* quant[0], 3)
        }
    }

    static func idct2x2(
        _ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
        _ out: UnsafeMutablePointer<UInt8>, _ stride: Int,
        _ ws: UnsafeMutablePointer<Int32>
    ) {
        for c in 0..<8 where c == 0 || c & 1 == 1 {
            @inline(__always) func q(_ row: Int) -> Int32 { Int32(coef[row * 8 + c]) &* quant[row * 8 + c] }
            if coef[8 + c] == 0 && coef[24 + c] == 0 && coef[40 + c] == 0 && coef[56 + c] == 0 {
                let dc = q(0) &<< pass1Bits
                ws[c] = dc
                ws[8 + c] = dc
                continue
            }
            let t10 = q(0) &<< (constBits + 2)
            let t0 = q(7) &* -5906 &+ q(5) &* 6967 &+ q(3) &* -10426 &+ q(1) &* 29692
            let s = constBits - pass1Bits + 2
            ws[c] = descale(t10 &+ t0, s)
            ws[8 + c] = descale(t10 &- t0, s)
        }
        for r in 0..<2 {
            let w = ws + r * 8
            let o = out + r * stride
            if w[1] == 0 && w[3] == 0 && w[5] == 0 && w[7] == 0 {
                let v = sample(w[0], pass1Bits + 3)
                o[0] = v
                o[1] = v
                continue
            }
            let t10 = w[0] &<< (constBits + 2)
            let t0 = w[7] &* -5906 &+ w[5] &* 6967 &+ w[3] &* -10426 &+ w[1] &* 29692
            let s = constBits + pass1Bits + 3 + 2
            o[0] = sample(t10 &+ t0, s)
            o[1] = sample(t10 &- t0, s)
        }
    }
}
