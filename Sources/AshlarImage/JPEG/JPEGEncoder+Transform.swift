extension JPEGEncoder {
    /// Per zig-zag position, what quantising by `q` needs, in three runs of 64 entries: the
    /// reciprocal `r = ceil(2³² / 8q)`, the rounding term times it, `4q × r`, and the divisor `8q`.
    /// The DCT output is 8 times the true coefficient, hence the divisor `8q` (libjpeg's
    /// `divisors`).
    ///
    /// `(a + 4q) * r >> 32`, computed as `(a × r + 4q × r) >> 32`, equals `(a + 4q) / 8q` exactly
    /// for every `a` the DCT can produce: the reciprocal's error is below `8q < 2¹¹` and
    /// `a + 4q < 2¹⁷`, so the product's error stays below `2³² / 8q`, the gap to the next multiple.
    static func divisors(_ table: [UInt16]) -> [UInt64] {
        let reciprocals = table.map { value -> UInt64 in
            let divisor = UInt64(value) * 8
            return ((1 << 32) + divisor - 1) / divisor
        }
        return reciprocals + zip(table, reciprocals).map { UInt64($0) * 4 * $1 } + table.map { UInt64($0) * 8 }
    }

    /// Entries per component in the table ``divisors(_:)`` returns.
    static let divisorStride = 192

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
        // One pass rounds every coefficient and sums the AC magnitudes in quantiser steps
        // (`|a| / 8q`, in 1/65,536 steps: the block's activity); the coefficients that rounded to
        // ±1 are noted, and only those are looked at again once the activity is known.
        var activity: UInt64 = 0
        var mask: UInt64 = 0
        var ones: UInt64 = 0
        for k in 0..<64 {
            let value = workspace[naturalOrder[k]]
            let sign = value &>> 31
            let scaled = UInt64(UInt32(bitPattern: (value ^ sign) &- sign)) &* divisors[k]
            activity &+= scaled &>> 16
            let quotient = Int32(truncatingIfNeeded: (scaled &+ divisors[64 + k]) &>> 32)
            output[k] = Int16(truncatingIfNeeded: (quotient ^ sign) &- sign)
            mask |= UInt64(quotient != 0 ? 1 : 0) &<< UInt64(k)
            ones |= UInt64(quotient == 1 ? 1 : 0) &<< UInt64(k)
        }
        // DC is neither part of the activity nor ever zeroed.
        activity &-= (UInt64(workspace[0].magnitude) &* divisors[0]) &>> 16
        ones &= ~1
        mask &= ~1
        if adaptive && ones != 0 {
            // The threshold in 1/65,536 quantiser steps: a ±1 below it (`|a| < threshold × 8q`)
            // becomes 0.
            let threshold = zeroingThreshold(activity: activity)
            while ones != 0 {
                let k = ones.trailingZeroBitCount
                ones &= ones &- 1
                let magnitude = UInt64(workspace[naturalOrder[k]].magnitude)
                if magnitude &<< 16 < threshold &* divisors[128 + k] {
                    output[k] = 0
                    mask &= ~(1 &<< UInt64(k))
                }
            }
        }
        return mask
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
