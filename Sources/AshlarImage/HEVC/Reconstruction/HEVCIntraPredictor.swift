/// Intra sample prediction (H.265 §8.4.4.2.4–8.4.4.2.6): planar (mode 0), DC (1) and angular
/// (2...34) from a block's references, into nTbS × nTbS samples (row-major, y · nTbS + x).
package enum HEVCIntraPredictor {
    /// intraPredAngle of Table 8-4 for modes 2...34 (index mode − 2).
    package static let angles: [Int32] = [
        32, 26, 21, 17, 13, 9, 5, 2, 0, -2, -5, -9, -13, -17, -21, -26, -32, -26, -21, -17, -13, -9, -5, -2, 0, 2,
        5, 9, 13, 17, 21, 26, 32,
    ]

    /// invAngle of Table 8-5 for modes 11...25 (index mode − 11).
    package static let inverseAngles: [Int32] = [
        -4096, -1638, -910, -630, -482, -390, -315, -256, -315, -390, -482, -630, -910, -1638, -4096,
    ]

    /// Predicts the block at (x0, y0) of `plane` with `mode` and writes the prediction there:
    /// gathers and substitutes the references, filters them when §8.4.4.2.3 says so. `unit`: see
    /// ``HEVCIntraReferences/gather(from:x0:y0:log2Size:bitDepth:unit:available:)``.
    package static func predict(
        into plane: inout HEVCPlane, x0: Int, y0: Int, log2Size: Int, mode: Int, settings: HEVCIntraSettings,
        unit: (across: Int, down: Int) = (1, 1), available: (_ x: Int, _ y: Int) -> Bool
    ) {
        let log2Size = min(max(log2Size, 2), 5)
        var references = HEVCIntraReferences.gather(
            from: plane, x0: x0, y0: y0, log2Size: log2Size, bitDepth: settings.depth, unit: unit,
            available: available)
        if HEVCIntraReferences.filters(mode: mode, log2Size: log2Size, settings: settings) {
            references.filter(settings: settings)
        }
        let size = references.size
        // The part of the block inside the plane (all of it for a conforming stream).
        let columns = min(size, plane.width - x0)
        let rows = min(size, plane.height - y0)
        guard x0 >= 0, y0 >= 0, columns > 0, rows > 0 else { return }
        let stride = plane.stride
        // The prediction on the stack, then into the plane: no allocation per block.
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: size * size) { samples in
            predict(references, mode: mode, settings: settings, into: samples)
            plane.samples.withUnsafeMutableBufferPointer { target in
                for y in 0..<rows {
                    for x in 0..<columns { target[(y0 + y) * stride + x0 + x] = samples[y * size + x] }
                }
            }
        }
    }

    /// The prediction from (already filtered) references; a mode outside 0...34 predicts as DC.
    package static func predict(
        _ references: HEVCIntraReferences, mode: Int, settings: HEVCIntraSettings
    ) -> [UInt16] {
        let size = references.size
        return [UInt16](unsafeUninitializedCapacity: size * size) { buffer, initialized in
            predict(references, mode: mode, settings: settings, into: buffer)
            initialized = size * size
        }
    }

    /// ``predict(_:mode:settings:)`` into `out` (nTbS × nTbS samples, every one written).
    static func predict(
        _ references: HEVCIntraReferences, mode: Int, settings: HEVCIntraSettings,
        into out: UnsafeMutableBufferPointer<UInt16>
    ) {
        let size = references.size
        guard out.count >= size * size else { return }
        guard references.left.count == 2 * size + 1, references.top.count == 2 * size + 1 else {
            out.update(repeating: UInt16(1 << (settings.depth - 1)))
            return
        }
        switch mode {
        case 0: planar(references, into: out)
        case 2...34: angular(references, mode: mode, settings: settings, into: out)
        default: dc(references, settings: settings, into: out)
        }
    }

    /// (8-38): the average of a horizontal and a vertical linear interpolation.
    static func planar(_ p: HEVCIntraReferences, into out: UnsafeMutableBufferPointer<UInt16>) {
        let size = p.size
        let shift = Int32(size.trailingZeroBitCount + 1)
        let n = Int32(size)
        let topRight = p.top[size + 1]
        let bottomLeft = p.left[size + 1]
        for y in 0..<size {
            let yy = Int32(y)
            for x in 0..<size {
                let xx = Int32(x)
                // Samples are below 2^16 and weights at most 32: the sum is below 2^23.
                let sum =
                    (n - 1 - xx) * p.left[y + 1] + (xx + 1) * topRight + (n - 1 - yy) * p.top[x + 1] + (yy + 1)
                    * bottomLeft + n
                out[y * size + x] = UInt16(truncatingIfNeeded: sum >> shift)
            }
        }
    }

    /// (8-39 to 8-43): dcVal, with the edge filter for luma blocks under 32×32.
    static func dc(_ p: HEVCIntraReferences, settings: HEVCIntraSettings, into out: UnsafeMutableBufferPointer<UInt16>)
    {
        let size = p.size
        var sum = Int32(size)
        for i in 1...size { sum += p.top[i] + p.left[i] }
        let dcValue = sum >> Int32(size.trailingZeroBitCount + 1)
        out.update(repeating: UInt16(truncatingIfNeeded: dcValue))
        guard settings.component == 0, size < 32 else { return }
        out[0] = UInt16(truncatingIfNeeded: (p.left[1] + 2 * dcValue + p.top[1] + 2) >> 2)
        for i in 1..<size {
            out[i] = UInt16(truncatingIfNeeded: (p.top[i + 1] + 3 * dcValue + 2) >> 2)
            out[i * size] = UInt16(truncatingIfNeeded: (p.left[i + 1] + 3 * dcValue + 2) >> 2)
        }
    }

    /// (8-44 to 8-61): the reference row or column, extended by projection for negative angles,
    /// interpolated at 1/32 sample; modes 10 and 26 adjust the first column or row of luma.
    static func angular(
        _ p: HEVCIntraReferences, mode: Int, settings: HEVCIntraSettings, into out: UnsafeMutableBufferPointer<UInt16>
    ) {
        let size = p.size
        let vertical = mode >= 18
        let angle = angles[mode - 2]
        // main: the references along the prediction direction, side: the other edge.
        let main = vertical ? p.top : p.left
        let side = vertical ? p.left : p.top
        // ref[x] for x in −size...2·size is stored at ref[x + size], on the stack.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * size + 1) { ref in
            ref.initialize(repeating: 0)
            for x in 0...size { ref[x + size] = main[x] }
            let lowest = (Int32(size) * angle) >> 5
            if angle < 0 {
                if lowest < -1 {
                    let inverse = inverseAngles[mode - 11]
                    for x in Int(lowest)...(-1) {
                        let index = Int((Int32(x) * inverse + 128) >> 8)
                        ref[x + size] = side[min(max(index, 0), 2 * size)]
                    }
                }
            } else {
                for x in (size + 1)...(2 * size) { ref[x + size] = main[x] }
            }
            for j in 0..<size {
                let position = Int32(j + 1) * angle
                let whole = Int(position >> 5)
                let fraction = position & 31
                for i in 0..<size {
                    let base = i + whole + 1 + size
                    let value =
                        fraction == 0
                        ? ref[base] : ((32 - fraction) * ref[base] + fraction * ref[min(base + 1, 3 * size)] + 16) >> 5
                    let index = vertical ? j * size + i : i * size + j
                    out[index] = UInt16(truncatingIfNeeded: value)
                }
            }
        }
        if angle == 0, settings.component == 0, size < 32, !settings.disableBoundaryFilter {
            let maximum = (Int32(1) << Int32(settings.depth)) - 1
            for j in 0..<size {
                let value = min(max(main[1] + ((side[j + 1] - side[0]) >> 1), 0), maximum)
                out[vertical ? j * size : j] = UInt16(truncatingIfNeeded: value)
            }
        }
    }
}
