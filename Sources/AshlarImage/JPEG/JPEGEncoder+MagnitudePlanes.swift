extension JPEGEncoder {
    /// Which AC coefficients of a block reach 1, 2 and 4 in magnitude, as masks with bit `k` for
    /// coefficient `k`: what a scan with point transform `Al` ≤ 2 needs to know of a block
    /// without reading its coefficients again. Found once per block for all the scans of its
    /// component.
    struct MagnitudePlanes {
        /// The highest `Al` the planes answer for.
        static let highestBit = 2
        private var nonZero: UInt64
        private var atLeastTwo: UInt64 = 0
        private var atLeastFour: UInt64 = 0

        /// The planes of `block`, whose non-zero AC coefficients `mask` marks.
        @inline(__always)
        init(_ block: UnsafePointer<Int16>, mask: UInt64) {
            nonZero = mask
            var remaining = mask
            while remaining != 0 {
                let k = remaining.trailingZeroBitCount
                remaining &= remaining &- 1
                let magnitude = Int32(block[k]).magnitude
                atLeastTwo |= UInt64(magnitude >= 2 ? 1 : 0) &<< UInt64(k)
                atLeastFour |= UInt64(magnitude >= 4 ? 1 : 0) &<< UInt64(k)
            }
        }

        /// The coefficients of magnitude `1 << bit` or more; for a `bit` above ``highestBit``,
        /// those of ``highestBit``, which the caller narrows.
        @inline(__always)
        func atLeast(bit: Int) -> UInt64 {
            switch bit {
            case 0: nonZero
            case 1: atLeastTwo
            default: atLeastFour
            }
        }
    }
}
