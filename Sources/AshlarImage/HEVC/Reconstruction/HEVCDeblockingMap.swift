/// What the deblocking filter (H.265 §8.7.2) needs to know of a picture, per 4×4 block of luma
/// samples, filled in by the caller while decoding the coding tree.
///
/// The caller derives the boundary strength of each edge segment: 2 on a transform or prediction
/// edge of an intra coding unit, 0 where there is no edge or where filterEdgeFlag is 0 (the
/// picture boundary, a slice or tile boundary with loop filtering across it disabled, a coding
/// unit of a slice with slice_deblocking_filter_disabled_flag). Only edges on the 8×8 luma grid
/// are filtered, whatever the map says elsewhere.
package struct HEVCDeblockingMap: Sendable, Equatable {
    /// Columns of 4×4 blocks: ceil(width / 4).
    package let columns: Int
    /// Rows of 4×4 blocks: ceil(height / 4).
    package let rows: Int
    /// bS of the vertical edge on the left side of each block (0...2).
    package var verticalStrength: [UInt8]
    /// bS of the horizontal edge on the top side of each block (0...2).
    package var horizontalStrength: [UInt8]
    /// QpY of the coding unit holding each block.
    package var qpY: [Int8]
    /// Samples the filter must leave as they are: pcm_flag with pcm_loop_filter_disabled_flag, or
    /// cu_transquant_bypass_flag (nDp / nDq set to 0).
    package var unfiltered: [Bool]
    /// slice_beta_offset_div2 of the slice holding each block (−6...6).
    package var betaOffsetDiv2: [Int8]
    /// slice_tc_offset_div2 of the slice holding each block (−6...6).
    package var tcOffsetDiv2: [Int8]

    /// A map for a picture of `width` × `height` luma samples with no edges, QpY 0 and offsets 0.
    package init(width: Int, height: Int) throws(ImageError) {
        guard (1...HEVCPlane.maximumSide).contains(width), (1...HEVCPlane.maximumSide).contains(height) else {
            throw ImageError(.malformed, "HEVC deblocking map size \(width)x\(height) is out of range")
        }
        columns = (width + 3) / 4
        rows = (height + 3) / 4
        let count = columns * rows
        verticalStrength = Array(repeating: 0, count: count)
        horizontalStrength = Array(repeating: 0, count: count)
        qpY = Array(repeating: 0, count: count)
        unfiltered = Array(repeating: false, count: count)
        betaOffsetDiv2 = Array(repeating: 0, count: count)
        tcOffsetDiv2 = Array(repeating: 0, count: count)
    }

    /// The index of the 4×4 block holding luma sample (x, y), clamped into the map.
    package func index(lumaX x: Int, lumaY y: Int) -> Int {
        min(max(y >> 2, 0), rows - 1) * columns + min(max(x >> 2, 0), columns - 1)
    }
}
