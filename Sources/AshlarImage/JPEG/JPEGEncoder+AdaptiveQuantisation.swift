extension JPEGEncoder {
    /// The threshold below which an AC coefficient of a block is zeroed rather than rounded to ±1,
    /// in 1/65,536 quantiser steps, from the block's `activity`: the sum of its AC coefficients'
    /// magnitudes in quantiser steps, in the same units.
    ///
    /// A flat block keeps plain rounding (0.5 step): there a lost coefficient shows. The threshold
    /// grows with the square root of the activity up to ``maximumZeroingThreshold``, where texture
    /// masks what is lost (jpegli's adaptive zero bias follows the same idea with a smoothed field
    /// over the image; this one sees the block alone). The constants were chosen by measurement with
    /// `ashlar-bench quality` (Performance.md). Only IEEE-exact operations (`+`, `×`, `√`), so the
    /// bytes are the same on every machine.
    @inline(__always)
    static func zeroingThreshold(activity: UInt64) -> UInt64 {
        let steps = Double(activity) / 65_536
        let threshold = min(maximumZeroingThreshold, flatZeroingThreshold + zeroingSlope * steps.squareRoot())
        return UInt64(threshold * 65_536)
    }

    /// The threshold of a block without detail: plain rounding.
    static let flatZeroingThreshold = 0.5
    /// How fast the threshold grows with the square root of the block's activity.
    static let zeroingSlope = 0.035
    /// The most a coefficient of a busy block may reach and still be zeroed, in quantiser steps.
    static let maximumZeroingThreshold = 1.2
}
