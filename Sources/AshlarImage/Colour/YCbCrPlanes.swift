/// A decoded picture's planes as the colour conversion takes them: samples of 8 to 16 bits in
/// `UInt16`, luma at full size, chroma (absent for monochrome) subsampled by `chromaShiftX`/`Y`
/// (1, 1 for 4:2:0; 1, 0 for 4:2:2; 0, 0 for 4:4:4), and an optional alpha plane at full size.
package struct YCbCrPlanes: Sendable {
    /// One plane: `height` rows of `width` samples, each row `stride` samples after the last.
    package struct Plane: Sendable {
        package var samples: [UInt16]
        package var width: Int
        package var height: Int
        package var stride: Int
        package var bitDepth: Int

        package init(samples: [UInt16], width: Int, height: Int, stride: Int, bitDepth: Int) {
            self.samples = samples
            self.width = width
            self.height = height
            self.stride = stride
            self.bitDepth = bitDepth
        }

        /// Whether the plane holds what its sizes say, at a bit depth of 8…16 (HEVC's).
        var isConsistent: Bool {
            guard width >= 0, height >= 0, stride >= width, (8...16).contains(bitDepth) else { return false }
            guard width > 0, height > 0 else { return true }
            let (rows, overflow) = stride.multipliedReportingOverflow(by: height - 1)
            return !overflow && rows <= samples.count - width
        }
    }

    /// The two chroma planes and how they are subsampled.
    package struct Chroma: Sendable {
        package var cb: Plane
        package var cr: Plane
        package var shiftX: Int
        package var shiftY: Int

        package init(cb: Plane, cr: Plane, shiftX: Int, shiftY: Int) {
            self.cb = cb
            self.cr = cr
            self.shiftX = shiftX
            self.shiftY = shiftY
        }
    }

    package var luma: Plane
    package var chroma: Chroma?
    package var alpha: Plane?

    package init(luma: Plane, chroma: Chroma?, alpha: Plane? = nil) {
        self.luma = luma
        self.chroma = chroma
        self.alpha = alpha
    }
}
