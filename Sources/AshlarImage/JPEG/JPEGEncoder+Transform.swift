extension JPEGEncoder {
    /// Per zig-zag position, what quantising by `q` needs: the reciprocal `ceil(2³² / 8q)` in the
    /// first 64 entries and the rounding term `4q` in the last 64. The DCT output is 8 times the
    /// true coefficient, hence the divisor `8q` (libjpeg's `divisors`).
    ///
    /// `(a + 4q) * reciprocal >> 32` equals `(a + 4q) / 8q` exactly for every `a` the DCT can
    /// produce: the reciprocal's error is below `8q < 2¹¹` and `a + 4q < 2¹⁷`, so the product's
    /// error stays below `2³² / 8q`, the gap to the next multiple.
    static func divisors(_ table: [UInt16]) -> [UInt64] {
        let reciprocals = table.map { value -> UInt64 in
            let divisor = UInt64(value) * 8
            return ((1 << 32) + divisor - 1) / divisor
        }
        return reciprocals + table.map { UInt64($0) * 4 }
    }

    /// libjpeg's integer "islow" forward DCT (`jfdctint.c`, 13-bit constants, 2 extra bits in the
    /// first pass) of the 8×8 samples at `source`, then rounding quantisation into `output` in
    /// zig-zag order. Returns a mask with bit `k` set when AC coefficient `k` (1...63) is non-zero.
    ///
    /// With `adaptive`, an AC coefficient that rounds to ±1 becomes 0 when it is below the block's
    /// ``zeroingThreshold(activity:)`` (in quantiser steps): the more detail the block has, the more
    /// it hides the loss of a small coefficient.
    ///
    /// `workspace` holds 64 values. The samples are not centred first: only the DC term of each row
    /// sums them without a matching difference, so subtracting `8 × 128` there is the same.
    /// The arithmetic cannot overflow 32 bits for 8-bit samples (libjpeg relies on the same bound),
    /// so it wraps (`&+`, `&*`) rather than checks.
    @inline(__always)
    static func transformBlock(
        _ source: UnsafePointer<UInt8>, stride: Int, workspace: UnsafeMutablePointer<Int32>,
        divisors: UnsafePointer<UInt64>, naturalOrder: UnsafePointer<Int>, output: UnsafeMutablePointer<Int16>,
        adaptive: Bool = false
    ) -> UInt64 {
        var row = source
        var data = workspace
        for _ in 0..<8 {
            let d0 = Int32(row[0])
            let d1 = Int32(row[1])
            let d2 = Int32(row[2])
            let d3 = Int32(row[3])
            let d4 = Int32(row[4])
            let d5 = Int32(row[5])
            let d6 = Int32(row[6])
            let d7 = Int32(row[7])
            let tmp0 = d0 &+ d7
            let tmp7 = d0 &- d7
            let tmp1 = d1 &+ d6
            let tmp6 = d1 &- d6
            let tmp2 = d2 &+ d5
            let tmp5 = d2 &- d5
            let tmp3 = d3 &+ d4
            let tmp4 = d3 &- d4
            let tmp10 = tmp0 &+ tmp3
            let tmp13 = tmp0 &- tmp3
            let tmp11 = tmp1 &+ tmp2
            let tmp12 = tmp1 &- tmp2
            data[0] = (tmp10 &+ tmp11 &- 1024) &<< 2
            data[4] = (tmp10 &- tmp11) &<< 2
            let z1 = (tmp12 &+ tmp13) &* 4433
            data[2] = (z1 &+ tmp13 &* 6270 &+ 1024) &>> 11
            data[6] = (z1 &- tmp12 &* 15137 &+ 1024) &>> 11
            oddPart(tmp4, tmp5, tmp6, tmp7, data, step: 1, rounding: 1024, shift: 11)
            row += stride
            data += 8
        }
        data = workspace
        for _ in 0..<8 {
            let tmp0 = data[0] &+ data[56]
            let tmp7 = data[0] &- data[56]
            let tmp1 = data[8] &+ data[48]
            let tmp6 = data[8] &- data[48]
            let tmp2 = data[16] &+ data[40]
            let tmp5 = data[16] &- data[40]
            let tmp3 = data[24] &+ data[32]
            let tmp4 = data[24] &- data[32]
            let tmp10 = tmp0 &+ tmp3
            let tmp13 = tmp0 &- tmp3
            let tmp11 = tmp1 &+ tmp2
            let tmp12 = tmp1 &- tmp2
            data[0] = (tmp10 &+ tmp11 &+ 2) &>> 2
            data[32] = (tmp10 &- tmp11 &+ 2) &>> 2
            let z1 = (tmp12 &+ tmp13) &* 4433
            data[16] = (z1 &+ tmp13 &* 6270 &+ 16384) &>> 15
            data[48] = (z1 &- tmp12 &* 15137 &+ 16384) &>> 15
            oddPart(tmp4, tmp5, tmp6, tmp7, data, step: 8, rounding: 16384, shift: 15)
            data += 1
        }
        // The threshold in 1/65,536 quantiser steps; 0 leaves every decision to rounding.
        var threshold: UInt64 = 0
        if adaptive {
            // The AC coefficients' magnitudes in quantiser steps (`|a| / 8q`), in the same units.
            var activity: UInt64 = 0
            for k in 1..<64 {
                let value = workspace[naturalOrder[k]]
                let sign = value &>> 31
                activity &+= (UInt64(UInt32(bitPattern: (value ^ sign) &- sign)) &* divisors[k]) &>> 16
            }
            threshold = zeroingThreshold(activity: activity)
        }
        var mask: UInt64 = 0
        for k in 0..<64 {
            let value = workspace[naturalOrder[k]]
            let sign = value &>> 31
            let magnitude = UInt64(UInt32(bitPattern: (value ^ sign) &- sign))
            var quotient = Int32(truncatingIfNeeded: ((magnitude &+ divisors[64 + k]) &* divisors[k]) &>> 32)
            // `|a| < threshold × 8q`, with `8q` twice the rounding term; DC is never zeroed.
            if quotient == 1 && k > 0 && magnitude &<< 16 < threshold &* (divisors[64 + k] &<< 1) {
                quotient = 0
            }
            let coefficient = (quotient ^ sign) &- sign
            output[k] = Int16(truncatingIfNeeded: coefficient)
            mask |= UInt64(quotient != 0 ? 1 : 0) &<< UInt64(k)
        }
        return mask & ~1
    }

    /// The odd half of the 8-point DCT (outputs 1, 3, 5, 7), shared by both passes.
    @inline(__always)
    private static func oddPart(
        _ tmp4: Int32, _ tmp5: Int32, _ tmp6: Int32, _ tmp7: Int32, _ data: UnsafeMutablePointer<Int32>,
        step: Int, rounding: Int32, shift: Int32
    ) {
        let z5 = (tmp4 &+ tmp5 &+ tmp6 &+ tmp7) &* 9633
        let z1 = (tmp4 &+ tmp7) &* -7373
        let z2 = (tmp5 &+ tmp6) &* -20995
        let z3 = (tmp4 &+ tmp6) &* -16069 &+ z5
        let z4 = (tmp5 &+ tmp7) &* -3196 &+ z5
        data[7 * step] = (tmp4 &* 2446 &+ z1 &+ z3 &+ rounding) &>> shift
        data[5 * step] = (tmp5 &* 16819 &+ z2 &+ z4 &+ rounding) &>> shift
        data[3 * step] = (tmp6 &* 25172 &+ z2 &+ z3 &+ rounding) &>> shift
        data[1 * step] = (tmp7 &* 12299 &+ z1 &+ z4 &+ rounding) &>> shift
    }
}
