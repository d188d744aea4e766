extension Resampler {
    /// `sums[i] += first[i] · firstWeight + second[i] · secondWeight` for `i < count`: two taps
    /// of the column filter over a row. Samples of the two rows are interleaved into 16-bit lanes
    /// (a₀ b₀ a₁ b₁ …) and multiplied by (w₁ w₂ w₁ w₂ …) with the pairs added, which the compiler
    /// turns into `pmaddwd` on x86: eight products an instruction, where a plain loop's 32-bit
    /// products take two `pmuludq` and shuffles for four. 8-bit and 15-bit samples and 14-bit
    /// weights fit 16-bit lanes, and a pair of products fits 32 bits. Same integers, same sums.
    @inline(__always)
    static func sweep(
        _ sums: UnsafeMutablePointer<Int32>, _ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>,
        count: Int, _ firstWeight: Int16, _ secondWeight: Int16
    ) {
        let weights = SIMD8<Int16>(
            firstWeight, secondWeight, firstWeight, secondWeight,
            firstWeight, secondWeight, firstWeight, secondWeight)
        var index = 0
        while index + 8 <= count {
            let a = UnsafeRawPointer(first + index).loadUnaligned(as: SIMD8<UInt8>.self)
            let b = UnsafeRawPointer(second + index).loadUnaligned(as: SIMD8<UInt8>.self)
            let low = SIMD8<Int16>(truncatingIfNeeded: SIMD8<UInt8>(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]))
            let high = SIMD8<Int16>(truncatingIfNeeded: SIMD8<UInt8>(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]))
            accumulate(sums + index, low, high, weights)
            index += 8
        }
        while index < count {
            sums[index] &+= Int32(first[index]) &* Int32(firstWeight) &+ Int32(second[index]) &* Int32(secondWeight)
            index += 1
        }
    }

    @inline(__always)
    static func sweep(
        _ sums: UnsafeMutablePointer<Int32>, _ first: UnsafePointer<Int16>, _ second: UnsafePointer<Int16>,
        count: Int, _ firstWeight: Int16, _ secondWeight: Int16
    ) {
        let weights = SIMD8<Int16>(
            firstWeight, secondWeight, firstWeight, secondWeight,
            firstWeight, secondWeight, firstWeight, secondWeight)
        var index = 0
        while index + 8 <= count {
            let a = UnsafeRawPointer(first + index).loadUnaligned(as: SIMD8<Int16>.self)
            let b = UnsafeRawPointer(second + index).loadUnaligned(as: SIMD8<Int16>.self)
            let low = SIMD8<Int16>(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
            let high = SIMD8<Int16>(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
            accumulate(sums + index, low, high, weights)
            index += 8
        }
        while index < count {
            sums[index] &+= Int32(first[index]) &* Int32(firstWeight) &+ Int32(second[index]) &* Int32(secondWeight)
            index += 1
        }
    }

    /// Adds the pairwise sums of `low · weights` to `sums[0..<4]` and of `high · weights` to
    /// `sums[4..<8]`.
    @inline(__always)
    private static func accumulate(
        _ sums: UnsafeMutablePointer<Int32>, _ low: SIMD8<Int16>, _ high: SIMD8<Int16>, _ weights: SIMD8<Int16>
    ) {
        let wide = SIMD8<Int32>(truncatingIfNeeded: weights)
        let lowProducts = SIMD8<Int32>(truncatingIfNeeded: low) &* wide
        let highProducts = SIMD8<Int32>(truncatingIfNeeded: high) &* wide
        let raw = UnsafeMutableRawPointer(sums)
        let lowSums = raw.loadUnaligned(as: SIMD4<Int32>.self) &+ lowProducts.evenHalf &+ lowProducts.oddHalf
        let highSums =
            raw.loadUnaligned(fromByteOffset: 16, as: SIMD4<Int32>.self)
            &+ highProducts.evenHalf &+ highProducts.oddHalf
        raw.storeBytes(of: lowSums, as: SIMD4<Int32>.self)
        raw.storeBytes(of: highSums, toByteOffset: 16, as: SIMD4<Int32>.self)
    }
}
