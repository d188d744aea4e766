/// Per-CTB inputs of sample adaptive offset (H.265 §8.7.3) for a whole picture.
package struct HEVCSAOMap: Sendable, Equatable {
    /// CtbLog2SizeY, 4...6.
    package let ctbLog2Size: Int
    /// PicWidthInCtbsY.
    package let columns: Int
    /// PicHeightInCtbsY.
    package let rows: Int
    /// Per CTB in raster order, the parameters of luma, Cb and Cr (all `.off` at first).
    package var parameters: [[HEVCSAOParameters]]
    /// SliceAddrRs of the slice holding each CTB: a smaller address is earlier in decoding order.
    package var sliceAddress: [Int32]
    /// slice_loop_filter_across_slices_enabled_flag of the slice holding each CTB.
    package var acrossSlices: [Bool]
    /// The tile holding each CTB.
    package var tile: [Int32]
    /// loop_filter_across_tiles_enabled_flag.
    package var acrossTiles = true

    /// A map for a picture of `width` × `height` luma samples with SAO off everywhere, one slice
    /// and one tile.
    package init(width: Int, height: Int, ctbLog2Size: Int) throws(ImageError) {
        guard (1...HEVCPlane.maximumSide).contains(width), (1...HEVCPlane.maximumSide).contains(height),
            (3...6).contains(ctbLog2Size)
        else {
            throw ImageError(.malformed, "HEVC SAO map size \(width)x\(height) (CTB \(ctbLog2Size)) is out of range")
        }
        self.ctbLog2Size = ctbLog2Size
        let ctb = 1 << ctbLog2Size
        columns = (width + ctb - 1) / ctb
        rows = (height + ctb - 1) / ctb
        let count = columns * rows
        parameters = Array(repeating: [.off, .off, .off], count: count)
        sliceAddress = Array(repeating: 0, count: count)
        acrossSlices = Array(repeating: true, count: count)
        tile = Array(repeating: 0, count: count)
    }
}
