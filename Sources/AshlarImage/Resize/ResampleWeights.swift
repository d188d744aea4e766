/// The Lanczos-3 taps of one resampling direction, in 14-bit fixed point: for each output sample,
/// the first input sample it reads and one weight per input sample it reads, computed once per
/// output row or column and shared by every column or row.
///
/// As in Pillow and libvips, the kernel is stretched by the reduction factor when downscaling (so
/// every input sample contributes and fine detail is filtered, not aliased), taps that fall outside
/// the image are dropped rather than clamped to the edge sample, and the remaining weights are
/// renormalised: an edge pixel is a weighted mean of pixels that exist, never darkened by missing
/// ones. Each output's integer weights sum to exactly `1 << fractionBits`, so a flat area stays
/// exactly flat. The weights come from a sine of our own (``sinPi(_:)``, plain IEEE arithmetic
/// only), so they are the same integers on every machine.
struct ResampleWeights: Sendable {
    static let fractionBits = 14

    /// For output sample `i`, the first input sample read.
    var starts: [Int32]
    /// For output sample `i`, how many input samples are read (at least 1, at most `maxTaps`).
    var counts: [Int32]
    /// `maxTaps` weights per output sample, the first `counts[i]` of them used.
    var weights: [Int16]
    /// Weights stored per output sample.
    var maxTaps: Int

    /// The Lanczos window's half-width, in input samples, before stretching.
    static let lobes = 3.0

    /// Taps mapping `inputSize` samples onto `outputSize` samples (both at least 1), pixel centres
    /// aligned: output sample `i` is centred on input position `(i + 0.5) * inputSize / outputSize`.
    init(inputSize: Int, outputSize: Int) {
        let scale = Double(inputSize) / Double(outputSize)
        let stretch = max(scale, 1)
        let support = Self.lobes * stretch
        maxTaps = Self.maxTaps(inputSize: inputSize, outputSize: outputSize)
        starts = [Int32](repeating: 0, count: outputSize)
        counts = [Int32](repeating: 0, count: outputSize)
        weights = [Int16](repeating: 0, count: outputSize * maxTaps)
        var real = [Double](repeating: 0, count: maxTaps)
        let one = 1 << Self.fractionBits
        for output in 0..<outputSize {
            let centre = (Double(output) + 0.5) * scale
            // Input sample j covers [j, j + 1) and has its centre at j + 0.5; both ends are clamped
            // into the image, so every stored index is in 0..<inputSize.
            let first = max(Int((centre - support + 0.5).rounded(.down)), 0)
            let end = min(Int((centre + support + 0.5).rounded(.down)), inputSize)
            let count = max(min(end - first, maxTaps), 1)
            var total = 0.0
            for tap in 0..<count {
                let weight = Self.lanczos((Double(first + tap) + 0.5 - centre) / stretch)
                real[tap] = weight
                total += weight
            }
            // A normalised Lanczos-3 weight is below 1.3, so every value fits an Int16 (the clamps
            // never act); the integer sum stays exact.
            var sum = 0
            var largest = 0
            for tap in 0..<count {
                let value = total == 0 ? (tap == 0 ? 1 : 0) : Int((real[tap] / total * Double(one)).rounded())
                weights[output * maxTaps + tap] = Int16(clamping: value)
                sum += value
                if value > weights[output * maxTaps + largest] { largest = tap }
            }
            // Rounding may leave the sum a few units off: give the difference to the largest tap.
            weights[output * maxTaps + largest] = Int16(clamping: Int(weights[output * maxTaps + largest]) + one - sum)
            starts[output] = Int32(min(first, inputSize - 1))
            counts[output] = Int32(min(count, inputSize - Int(starts[output])))
        }
    }

    /// The weights stored per output sample: the kernel's support, stretched when downscaling,
    /// on either side of the centre, and the centre.
    static func maxTaps(inputSize: Int, outputSize: Int) -> Int {
        let support = lobes * max(Double(inputSize) / Double(outputSize), 1)
        return Int(support.rounded(.up)) * 2 + 1
    }

    /// The bytes the taps of `inputSize` samples onto `outputSize` take.
    static func memoryNeeded(inputSize: Int, outputSize: Int) -> Int {
        let taps = maxTaps(inputSize: inputSize, outputSize: outputSize)
        return outputSize * (2 * MemoryLayout<Int32>.stride + taps * MemoryLayout<Int16>.stride)
            + taps * MemoryLayout<Double>.stride
    }

    /// sinc(x) · sinc(x / 3) on (-3, 3), zero outside.
    static func lanczos(_ x: Double) -> Double {
        let distance = abs(x)
        if distance >= lobes { return 0 }
        if distance < 1e-12 { return 1 }
        return sinPi(distance) * sinPi(distance / lobes) * lobes / (Double.pi * Double.pi * distance * distance)
    }

    /// sin(πx), from a Taylor series on [-½, ½] after exact range reduction: additions and
    /// multiplications only, so it gives the same bits everywhere (libm's `sin` may differ in the
    /// last place between machines).
    static func sinPi(_ x: Double) -> Double {
        // sin(π(x + 2k)) = sin(πx); sin(π(1 - x)) = sin(πx); sin is odd.
        var reduced = x - 2 * (x / 2).rounded(.down) // [0, 2)
        var sign = 1.0
        if reduced > 1 {
            reduced -= 2 // (-1, 0]
        }
        if reduced < 0 {
            reduced = -reduced
            sign = -1
        }
        if reduced > 0.5 { reduced = 1 - reduced }
        let angle = Double.pi * reduced // [0, π/2]
        let square = angle * angle
        var term = angle
        var sum = angle
        for n in stride(from: 2, through: 20, by: 2) {
            term *= -square / Double(n * (n + 1))
            sum += term
        }
        return sign * sum
    }
}
