/// One plane of decoded samples (luma, Cb or Cr), 8 to 16 bits per sample kept in `UInt16`.
/// Reads outside the plane clamp to the nearest edge sample and writes outside it are dropped, so
/// no coordinate a file can influence traps.
package struct HEVCPlane: Sendable, Equatable {
    /// Width in samples.
    package let width: Int
    /// Height in samples.
    package let height: Int
    /// Samples from one row to the next (equal to `width`).
    package let stride: Int
    /// Row-major samples, `stride * height` of them.
    package var samples: [UInt16]

    /// The largest side accepted, far above HEVC's level limits (8192 × 4320 at level 6.2).
    package static let maximumSide = 1 << 15

    /// A plane filled with `value`; throws for a side of 0 or over ``maximumSide``.
    package init(width: Int, height: Int, fill value: UInt16 = 0) throws(ImageError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw ImageError(.malformed, "HEVC plane size \(width)x\(height) is out of range")
        }
        self.width = width
        self.height = height
        self.stride = width
        self.samples = Array(repeating: value, count: width * height)
    }

    /// The sample at (x, y), with x and y clamped into the plane.
    package func sample(x: Int, y: Int) -> UInt16 {
        let cx = min(max(x, 0), width - 1)
        let cy = min(max(y, 0), height - 1)
        return samples[cy * stride + cx]
    }

    /// Writes the sample at (x, y); a position outside the plane is ignored.
    package mutating func setSample(x: Int, y: Int, _ value: UInt16) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        samples[y * stride + x] = value
    }
}
