extension JPEGIDCT {
    private typealias Lanes = SIMD8<Int32>

    /// Row `r` of a block's coefficients times its quantiser entries, as eight 32-bit lanes.
    @inline(__always)
    private static func dequantizedRow(_ r: Int, _ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>) -> Lanes {
        Lanes(truncatingIfNeeded: UnsafeRawPointer(coef).loadUnaligned(fromByteOffset: 16 * r, as: SIMD8<Int16>.self))
            &* UnsafeRawPointer(quant).loadUnaligned(fromByteOffset: 32 * r, as: Lanes.self)
    }

    /// `islow` computed on eight columns (then eight rows) at once. Same arithmetic, same output:
    /// libjpeg's all-zero shortcuts give the full formula's result, so they are not needed here.
    /// A block with only a DC coefficient takes the formula's two passes on that one value,
    /// wrapping where they wrap (damaged data), as `ReferenceIDCT` in the tests does.
    static func islowSIMD(
        _ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
        _ out: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        @inline(__always) func row(_ r: Int) -> Lanes { dequantizedRow(r, coef, quant) }
        let r1 = row(1)
        let r2 = row(2)
        let r3 = row(3)
        let r4 = row(4)
        let r5 = row(5)
        let r6 = row(6)
        let r7 = row(7)
        let r0 = row(0)
        let acZero = (r1 | r2 | r3 | r4 | r5 | r6 | r7) == Lanes(repeating: 0)
        if acZero && r0[1] == 0 && r0[2] == 0 && r0[3] == 0 && r0[4] == 0 && r0[5] == 0 && r0[6] == 0 && r0[7] == 0 {
            let column = dcPass(r0[0], shift: constBits - pass1Bits)
            let v = dcSample(dcPass(column, shift: constBits + pass1Bits + 3))
            for y in 0..<8 { (out + y * stride).update(repeating: v, count: 8) }
            return
        }
        let w = transpose(pass((r0, r1, r2, r3, r4, r5, r6, r7), shift: constBits - pass1Bits))
        var o = pass(w, shift: constBits + pass1Bits + 3)
        let low = Lanes(repeating: 0)
        let high = Lanes(repeating: 255)
        let center = Lanes(repeating: 128)
        @inline(__always) func limit(_ v: Lanes) -> Lanes { (v &+ center).clamped(lowerBound: low, upperBound: high) }
        o = transpose((limit(o.0), limit(o.1), limit(o.2), limit(o.3), limit(o.4), limit(o.5), limit(o.6), limit(o.7)))
        @inline(__always) func store(_ y: Int, _ v: Lanes) {
            UnsafeMutableRawPointer(out + y * stride).storeBytes(
                of: SIMD8<UInt8>(truncatingIfNeeded: v),
                as: SIMD8<UInt8>.self)
        }
        store(0, o.0)
        store(1, o.1)
        store(2, o.2)
        store(3, o.3)
        store(4, o.4)
        store(5, o.5)
        store(6, o.6)
        store(7, o.7)
    }

    private typealias Eight = (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)

    /// A 1-D pass on a DC coefficient alone: every output is `dc << (constBits + extraBits)`,
    /// descaled by `shift`. Without overflow that is `dc << 2` then `(v + 16) >> 5`, libjpeg's
    /// shortcut; with it (damaged data), the same value the full passes give.
    @inline(__always)
    private static func dcPass(_ dc: Int32, shift: Int32, extraBits: Int32 = 0) -> Int32 {
        ((dc &<< (constBits + extraBits)) &+ (1 &<< (shift &- 1))) &>> shift
    }

    @inline(__always)
    private static func dcSample(_ v: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(v &+ 128, 0), 255))
    }

    /// `idct4x4` on eight columns, then on the four rows (in half-used vectors) at once.
    static func idct4x4SIMD(
        _ coef: UnsafePointer<Int16>, _ quant: UnsafePointer<Int32>,
        _ out: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        @inline(__always) func row(_ r: Int) -> Lanes { dequantizedRow(r, coef, quant) }
        let r0 = row(0)
        let r1 = row(1)
        let r2 = row(2)
        let r3 = row(3)
        let r5 = row(5)
        let r6 = row(6)
        let r7 = row(7)
        let acZero = (r1 | r2 | r3 | r5 | r6 | r7) == Lanes(repeating: 0)
        if acZero && r0[1] == 0 && r0[2] == 0 && r0[3] == 0 && r0[5] == 0 && r0[6] == 0 && r0[7] == 0 {
            let column = dcPass(r0[0], shift: constBits - pass1Bits + 1, extraBits: 1)
            let v = dcSample(dcPass(column, shift: constBits + pass1Bits + 3 + 1, extraBits: 1))
            for y in 0..<4 { (out + y * stride).update(repeating: v, count: 4) }
            return
        }
        let zero = Lanes(repeating: 0)
        let w = pass4((r0, r1, r2, r3, zero, r5, r6, r7), shift: constBits - pass1Bits + 1)
        let t = transpose((w.0, w.1, w.2, w.3, zero, zero, zero, zero))
        let o = pass4(t, shift: constBits + pass1Bits + 3 + 1)
        let low = Lanes(repeating: 0)
        let high = Lanes(repeating: 255)
        let center = Lanes(repeating: 128)
        @inline(__always) func limit(_ v: Lanes) -> Lanes { (v &+ center).clamped(lowerBound: low, upperBound: high) }
        let rows = transpose((limit(o.0), limit(o.1), limit(o.2), limit(o.3), zero, zero, zero, zero))
        @inline(__always) func store(_ y: Int, _ v: Lanes) {
            UnsafeMutableRawPointer(out + y * stride).storeBytes(
                of: SIMD4<UInt8>(truncatingIfNeeded: v.lowHalf),
                as: SIMD4<UInt8>.self)
        }
        store(0, rows.0)
        store(1, rows.1)
        store(2, rows.2)
        store(3, rows.3)
    }

    /// One 1-D pass of libjpeg's 4-point reduced IDCT; the four results are in `.0...3`.
    @inline(__always)
    private static func pass4(_ x: Eight, shift: Int32) -> Eight {
        let t0 = x.0 &<< (constBits + 1)
        let t2 = x.2 &* 15137 &+ x.6 &* -6270
        let t10 = t0 &+ t2
        let t12 = t0 &- t2
        let z1 = x.7
        let z2 = x.5
        let z3 = x.3
        let z4 = x.1
        let o0 = z1 &* -1730 &+ z2 &* 11893 &+ z3 &* -17799 &+ z4 &* 8697
        let o2 = z1 &* -4176 &+ z2 &* -4926 &+ z3 &* 7373 &+ z4 &* 20995
        let round = Lanes(repeating: 1 &<< (shift &- 1))
        @inline(__always) func d(_ v: Lanes) -> Lanes { (v &+ round) &>> shift }
        let zero = Lanes(repeating: 0)
        return (d(t10 &+ o2), d(t12 &+ o0), d(t12 &- o0), d(t10 &- o2), zero, zero, zero, zero)
    }

    /// One 1-D islow pass over eight vectors (x0...x7), descaled by `shift`.
    @inline(__always)
    private static func pass(_ x: Eight, shift: Int32) -> Eight {
        var z2 = x.2
        var z3 = x.6
        var z1 = (z2 &+ z3) &* 4433
        let t2e = z1 &+ z3 &* -15137
        let t3e = z1 &+ z2 &* 6270
        z2 = x.0
        z3 = x.4
        let t0e = (z2 &+ z3) &<< constBits
        let t1e = (z2 &- z3) &<< constBits
        let t10 = t0e &+ t3e
        let t13 = t0e &- t3e
        let t11 = t1e &+ t2e
        let t12 = t1e &- t2e
        var t0 = x.7
        var t1 = x.5
        var t2 = x.3
        var t3 = x.1
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
        let round = Lanes(repeating: 1 &<< (shift &- 1))
        @inline(__always) func d(_ v: Lanes) -> Lanes { (v &+ round) &>> shift }
        return (
            d(t10 &+ t3), d(t11 &+ t2), d(t12 &+ t1), d(t13 &+ t0),
            d(t13 &- t0), d(t12 &- t1), d(t11 &- t2), d(t10 &- t3)
        )
    }

    /// Three perfect unshuffles of the 64 values rotate each index's 6 bits by 3: a transpose.
    @inline(__always)
    private static func transpose(_ m: Eight) -> Eight {
        @inline(__always) func unshuffle(_ m: Eight) -> Eight {
            let a = SIMD16<Int32>(lowHalf: m.0, highHalf: m.1)
            let b = SIMD16<Int32>(lowHalf: m.2, highHalf: m.3)
            let c = SIMD16<Int32>(lowHalf: m.4, highHalf: m.5)
            let d = SIMD16<Int32>(lowHalf: m.6, highHalf: m.7)
            return (a.evenHalf, b.evenHalf, c.evenHalf, d.evenHalf, a.oddHalf, b.oddHalf, c.oddHalf, d.oddHalf)
        }
        return unshuffle(unshuffle(unshuffle(m)))
    }
}
