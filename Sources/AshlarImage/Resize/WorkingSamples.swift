/// The 16-bit samples the resampler works on when 8-bit encoded samples will not do: images with
/// alpha (resampled premultiplied, so a transparent pixel's colour, which no one sees, does not
/// tint its visible neighbours) and linear-light resampling.
struct WorkingSamples: Sendable {
    var format: PixelFormat
    var space: Resampler.Space

    /// The working value of an opaque white sample, 15 bits so that the resampler can multiply
    /// in 16-bit lanes: 255 · 128 encoded (an opaque sample is exactly `value · 128`), 32767 linear.
    var maximum: Int { space == .encoded ? 255 * 128 : 32767 }

    /// Samples widened to the working scale, colour premultiplied by alpha.
    func load(_ pixels: [UInt8]) -> [Int16] {
        let maximum = maximum
        let toLinear = space == .linear ? TransferCurve.toLinear : []
        var working = [Int16](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            working.withUnsafeMutableBufferPointer { target in
                toLinear.withUnsafeBufferPointer { toLinear in
                    let linear = space == .linear
                    if !format.hasAlpha {
                        // Only linear light comes here without alpha.
                        for index in 0..<source.count { target[index] = Int16(toLinear[Int(source[index])]) }
                        return
                    }
                    let channels = format.channels
                    var index = 0
                    while index < source.count {
                        let alpha = Int(source[index + channels - 1])
                        for channel in 0..<channels - 1 {
                            let sample = Int(source[index + channel])
                            let value = linear ? Int(toLinear[sample]) : sample * 128
                            target[index + channel] = Int16((value * alpha + 127) / 255)
                        }
                        target[index + channels - 1] = Int16(alpha * maximum / 255)
                        index += channels
                    }
                }
            }
        }
        return working
    }

    /// Working samples back to 8 bits: colour divided by alpha again, then encoded.
    func store(_ working: [Int16], into pixels: inout [UInt8]) {
        let maximum = maximum
        let fromLinear = space == .linear ? TransferCurve.fromLinear : []
        working.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                fromLinear.withUnsafeBufferPointer { fromLinear in
                    let linear = space == .linear
                    if !format.hasAlpha {
                        for index in 0..<source.count { target[index] = fromLinear[Int(max(source[index], 0))] }
                        return
                    }
                    let channels = format.channels
                    var index = 0
                    while index < source.count {
                        let alpha = Int(source[index + channels - 1])
                        for channel in 0..<channels - 1 {
                            let sample = Int(source[index + channel])
                            // Premultiplied colour never exceeds alpha but for the filter's overshoot.
                            let value = alpha == 0 ? 0 : min((sample * maximum + alpha / 2) / alpha, maximum)
                            target[index + channel] = linear ? fromLinear[value] : UInt8((value + 64) / 128)
                        }
                        target[index + channels - 1] = UInt8((alpha * 255 + maximum / 2) / maximum)
                        index += channels
                    }
                }
            }
        }
    }
}
