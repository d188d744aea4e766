/// Inverse DCTs with the arithmetic of libjpeg's `jpeg_idct_islow` (8×8 output) and of its
/// reduced-size `jpeg_idct_4x4`, `jpeg_idct_2x2` and `jpeg_idct_1x1`, so that output matches
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
    static func transform(size: Int, _ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
                          _ out: UnsafeMutablePointer<UInt8>, _ stride: Int,
                          _ workspace: UnsafeMutablePointer<Int32>) {
        switch size {
        case 8: islowSIMD(coef, quant, out, stride)
        case 4: idct4x4(coef, quant, out, stride, workspace)
        case 2: idct2x2(coef, quant, out, stride, workspace)
        default: out[0] = sample(Int32(coef[0]) &* quant[0], 3)
        }
    }

    static func islow(_ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
                      _ out: UnsafeMutablePointer<UInt8>, _ stride: Int,
                      _ ws: UnsafeMutablePointer<Int32>) {
        for c in 0..<8 {
            @inline(__always) func q(_ row: Int) -> Int32 { Int32(coef[row * 8 + c]) &* quant[row * 8 + c] }
            if coef[8 + c] == 0 && coef[16 + c] == 0 && coef[24 + c] == 0 && coef[32 + c] == 0
                && coef[40 + c] == 0 && coef[48 + c] == 0 && coef[56 + c] == 0 {
                let dc = q(0) &<< pass1Bits
                for r in 0..<8 { ws[r * 8 + c] = dc }
                continue
            }
            var z2 = q(2), z3 = q(6)
            var z1 = (z2 &+ z3) &* 4433
            let t2e = z1 &+ z3 &* -15137
            let t3e = z1 &+ z2 &* 6270
            z2 = q(0)
            z3 = q(4)
            let t0e = (z2 &+ z3) &<< constBits
            let t1e = (z2 &- z3) &<< constBits
            let t10 = t0e &+ t3e, t13 = t0e &- t3e, t11 = t1e &+ t2e, t12 = t1e &- t2e

            var t0 = q(7), t1 = q(5), t2 = q(3), t3 = q(1)
            z1 = t0 &+ t3
            z2 = t1 &+ t2
            z3 = t0 &+ t2
            var z4 = t1 &+ t3
            let z5 = (z3 &+ z4) &* 9633
            t0 = t0 &* 2446
            t1 = t1 &* 16819
            t2 = t2 &* 25172
            t3 = t3 &* 12299
            z1 = z1 &* -7373
            z2 = z2 &* -20995
            z3 = z3 &* -16069 &+ z5
            z4 = z4 &* -3196 &+ z5
            t0 = t0 &+ z1 &+ z3
            t1 = t1 &+ z2 &+ z4
            t2 = t2 &+ z2 &+ z3
            t3 = t3 &+ z1 &+ z4
            let s = constBits - pass1Bits
            ws[c] = descale(t10 &+ t3, s)
            ws[56 + c] = descale(t10 &- t3, s)
            ws[8 + c] = descale(t11 &+ t2, s)
            ws[48 + c] = descale(t11 &- t2, s)
            ws[16 + c] = descale(t12 &+ t1, s)
            ws[40 + c] = descale(t12 &- t1, s)
            ws[24 + c] = descale(t13 &+ t0, s)
            ws[32 + c] = descale(t13 &- t0, s)
        }
        let s = constBits + pass1Bits + 3
        for r in 0..<8 {
            let w = ws + r * 8
            let o = out + r * stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let v = sample(w[0], pass1Bits + 3)
                for i in 0..<8 { o[i] = v }
                continue
            }
            var z2 = w[2], z3 = w[6]
            var z1 = (z2 &+ z3) &* 4433
            let t2e = z1 &+ z3 &* -15137
            let t3e = z1 &+ z2 &* 6270
            z2 = w[0]
            z3 = w[4]
            let t0e = (z2 &+ z3) &<< constBits
            let t1e = (z2 &- z3) &<< constBits
            let t10 = t0e &+ t3e, t13 = t0e &- t3e, t11 = t1e &+ t2e, t12 = t1e &- t2e

            var t0 = w[7], t1 = w[5], t2 = w[3], t3 = w[1]
            z1 = t0 &+ t3
            z2 = t1 &+ t2
            z3 = t0 &+ t2
            var z4 = t1 &+ t3
            let z5 = (z3 &+ z4) &* 9633
            t0 = t0 &* 2446
            t1 = t1 &* 16819
            t2 = t2 &* 25172
            t3 = t3 &* 12299
            z1 = z1 &* -7373
            z2 = z2 &* -20995
            z3 = z3 &* -16069 &+ z5
            z4 = z4 &* -3196 &+ z5
            t0 = t0 &+ z1 &+ z3
            t1 = t1 &+ z2 &+ z4
            t2 = t2 &+ z2 &+ z3
            t3 = t3 &+ z1 &+ z4
            o[0] = sample(t10 &+ t3, s)
            o[7] = sample(t10 &- t3, s)
            o[1] = sample(t11 &+ t2, s)
            o[6] = sample(t11 &- t2, s)
            o[2] = sample(t12 &+ t1, s)
            o[5] = sample(t12 &- t1, s)
            o[3] = sample(t13 &+ t0, s)
            o[4] = sample(t13 &- t0, s)
        }
    }

    static func idct4x4(_ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
                        _ out: UnsafeMutablePointer<UInt8>, _ stride: Int,
                        _ ws: UnsafeMutablePointer<Int32>) {
        for c in 0..<8 where c != 4 {
            @inline(__always) func q(_ row: Int) -> Int32 { Int32(coef[row * 8 + c]) &* quant[row * 8 + c] }
            if coef[8 + c] == 0 && coef[16 + c] == 0 && coef[24 + c] == 0 && coef[40 + c] == 0
                && coef[48 + c] == 0 && coef[56 + c] == 0 {
                let dc = q(0) &<< pass1Bits
                for r in 0..<4 { ws[r * 8 + c] = dc }
                continue
            }
            let t0 = q(0) &<< (constBits + 1)
            let t2 = q(2) &* 15137 &+ q(6) &* -6270
            let t10 = t0 &+ t2, t12 = t0 &- t2
            let z1 = q(7), z2 = q(5), z3 = q(3), z4 = q(1)
            let o0 = z1 &* -1730 &+ z2 &* 11893 &+ z3 &* -17799 &+ z4 &* 8697
            let o2 = z1 &* -4176 &+ z2 &* -4926 &+ z3 &* 7373 &+ z4 &* 20995
            let s = constBits - pass1Bits + 1
            ws[c] = descale(t10 &+ o2, s)
            ws[24 + c] = descale(t10 &- o2, s)
            ws[8 + c] = descale(t12 &+ o0, s)
            ws[16 + c] = descale(t12 &- o0, s)
        }
        for r in 0..<4 {
            let w = ws + r * 8
            let o = out + r * stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let v = sample(w[0], pass1Bits + 3)
                for i in 0..<4 { o[i] = v }
                continue
            }
            let t0 = w[0] &<< (constBits + 1)
            let t2 = w[2] &* 15137 &+ w[6] &* -6270
            let t10 = t0 &+ t2, t12 = t0 &- t2
            let z1 = w[7], z2 = w[5], z3 = w[3], z4 = w[1]
            let o0 = z1 &* -1730 &+ z2 &* 11893 &+ z3 &* -17799 &+ z4 &* 8697
            let o2 = z1 &* -4176 &+ z2 &* -4926 &+ z3 &* 7373 &+ z4 &* 20995
            let s = constBits + pass1Bits + 3 + 1
            o[0] = sample(t10 &+ o2, s)
            o[3] = sample(t10 &- o2, s)
            o[1] = sample(t12 &+ o0, s)
            o[2] = sample(t12 &- o0, s)
        }
    }

    static func idct2x2(_ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
                        _ out: UnsafeMutablePointer<UInt8>, _ stride: Int,
                        _ ws: UnsafeMutablePointer<Int32>) {
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
