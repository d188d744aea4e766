/// The inverse DCTs of libjpeg, written plainly to check AshlarImage's SIMD ones against:
/// `jpeg_idct_islow` (jidctint.c, 8×8 samples) and `jpeg_idct_4x4` (jidctred.c, 4×4 samples
/// from the same block, used to decode at half size). Also compiled into the `idct` fuzz target.
///
/// Each is two passes of one 1-D transform: down the columns into a workspace, scaled up by
/// 2^`pass1Bits`, then along the workspace's rows. The arithmetic is AshlarImage's contract
/// (`JPEGIDCT`): libjpeg's, in 32-bit integers that wrap, with results clamped to 0...255.
/// libjpeg's shortcuts for a column or row whose AC coefficients are zero are left out: they
/// give the formula's result whenever nothing overflows, and only damaged data overflows.
enum ReferenceIDCT {
    static let constBits: Int32 = 13
    static let pass1Bits: Int32 = 2

    /// `(value + 2^(shift-1)) >> shift`: libjpeg's `DESCALE`, rounding half up.
    static func descale(_ value: Int32, _ shift: Int32) -> Int32 {
        (value &+ (1 &<< (shift - 1))) &>> shift
    }

    /// A descaled output value as a sample: centred on 128 and clamped.
    static func sample(_ value: Int32) -> UInt8 {
        UInt8(min(max(value &+ 128, 0), 255))
    }

    /// `jpeg_idct_islow`: 64 coefficients and quantiser entries in natural (row-major) order to
    /// 64 samples, row-major.
    static func islow(_ coefficients: [Int16], _ quant: [Int32]) -> [UInt8] {
        let dequantized = (0..<64).map { Int32(coefficients[$0]) &* quant[$0] }
        var workspace = [Int32](repeating: 0, count: 64)
        for column in 0..<8 {
            let input = (0..<8).map { dequantized[$0 * 8 + column] }
            let output = islowPass(input, shift: constBits - pass1Bits)
            for row in 0..<8 { workspace[row * 8 + column] = output[row] }
        }
        var samples = [UInt8](repeating: 0, count: 64)
        for row in 0..<8 {
            let output = islowPass(Array(workspace[(row * 8)..<(row * 8 + 8)]), shift: constBits + pass1Bits + 3)
            for column in 0..<8 { samples[row * 8 + column] = sample(output[column]) }
        }
        return samples
    }

    /// One 8-point pass of `jpeg_idct_islow`: the even part from inputs 0, 2, 4, 6, the odd part
    /// from 1, 3, 5, 7 (the Loeffler–Ligtenberg–Moschytz factorization, constants × 2^13).
    static func islowPass(_ x: [Int32], shift: Int32) -> [Int32] {
        // Even part.
        let z1 = (x[2] &+ x[6]) &* 4433 // FIX_0_541196100
        let tmp2 = z1 &+ x[6] &* -15137 // -FIX_1_847759065
        let tmp3 = z1 &+ x[2] &* 6270 // FIX_0_765366865
        let tmp0 = (x[0] &+ x[4]) &<< constBits
        let tmp1 = (x[0] &- x[4]) &<< constBits
        let tmp10 = tmp0 &+ tmp3
        let tmp13 = tmp0 &- tmp3
        let tmp11 = tmp1 &+ tmp2
        let tmp12 = tmp1 &- tmp2

        // Odd part.
        let o0 = x[7]
        let o1 = x[5]
        let o2 = x[3]
        let o3 = x[1]
        let z5 = (o0 &+ o2 &+ o1 &+ o3) &* 9633 // FIX_1_175875602
        let za = (o0 &+ o3) &* -7373 // -FIX_0_899976223
        let zb = (o1 &+ o2) &* -20995 // -FIX_2_562915447
        let zc = (o0 &+ o2) &* -16069 &+ z5 // -FIX_1_961570560
        let zd = (o1 &+ o3) &* -3196 &+ z5 // -FIX_0_390180644
        let odd0 = o0 &* 2446 &+ za &+ zc // FIX_0_298631336
        let odd1 = o1 &* 16819 &+ zb &+ zd // FIX_2_053119869
        let odd2 = o2 &* 25172 &+ zb &+ zc // FIX_3_072711026
        let odd3 = o3 &* 12299 &+ za &+ zd // FIX_1_501321110

        return [
            tmp10 &+ odd3, tmp11 &+ odd2, tmp12 &+ odd1, tmp13 &+ odd0,
            tmp13 &- odd0, tmp12 &- odd1, tmp11 &- odd2, tmp10 &- odd3,
        ].map { descale($0, shift) }
    }

    /// `jpeg_idct_4x4`: the same block to 4×4 samples, row-major. Row and column 4 of the
    /// coefficients are not used.
    static func idct4x4(_ coefficients: [Int16], _ quant: [Int32]) -> [UInt8] {
        let dequantized = (0..<64).map { Int32(coefficients[$0]) &* quant[$0] }
        var workspace = [Int32](repeating: 0, count: 4 * 8)
        for column in 0..<8 where column != 4 {
            let input = (0..<8).map { dequantized[$0 * 8 + column] }
            let output = idct4x4Pass(input, shift: constBits - pass1Bits + 1)
            for row in 0..<4 { workspace[row * 8 + column] = output[row] }
        }
        var samples = [UInt8](repeating: 0, count: 16)
        for row in 0..<4 {
            let output = idct4x4Pass(Array(workspace[(row * 8)..<(row * 8 + 8)]), shift: constBits + pass1Bits + 3 + 1)
            for column in 0..<4 { samples[row * 4 + column] = sample(output[column]) }
        }
        return samples
    }

    /// One 4-point pass of `jpeg_idct_4x4` from 8 inputs (input 4 unused).
    static func idct4x4Pass(_ x: [Int32], shift: Int32) -> [Int32] {
        // Even part.
        let tmp0 = x[0] &<< (constBits + 1)
        let tmp2 = x[2] &* 15137 &+ x[6] &* -6270 // FIX_1_847759065, -FIX_0_765366865
        let tmp10 = tmp0 &+ tmp2
        let tmp12 = tmp0 &- tmp2

        // Odd part.
        let odd0 = x[7] &* -1730 &+ x[5] &* 11893 &+ x[3] &* -17799 &+ x[1] &* 8697
        let odd2 = x[7] &* -4176 &+ x[5] &* -4926 &+ x[3] &* 7373 &+ x[1] &* 20995

        return [tmp10 &+ odd2, tmp12 &+ odd0, tmp12 &- odd0, tmp10 &- odd2].map { descale($0, shift) }
    }
}
