extension ResampleWeights {
    /// The taps for the same resampling of the input read in reverse order: output `i` of the
    /// result reads input `inputSize - 1 - j` with the weight output `outputSize - 1 - i` of
    /// `self` gives input `j`. A sum of the same integer products in another order is the same
    /// integer, so resampling a flipped image with these is flipping the resampled image, to
    /// the byte: what lets a streamed resize take an upside-down or mirrored photo's rows in the
    /// order they are decoded (``StreamedResize``).
    func mirrored(inputSize: Int) -> ResampleWeights {
        var result = self
        let outputs = starts.count
        for output in 0..<outputs {
            let from = outputs - 1 - output
            let count = Int(counts[from])
            result.counts[output] = counts[from]
            result.starts[output] = Int32(inputSize - Int(starts[from]) - count)
            for tap in 0..<maxTaps {
                result.weights[output * maxTaps + tap] = tap < count ? weights[from * maxTaps + count - 1 - tap] : 0
            }
        }
        return result
    }

    /// For each output, the first input any output from it on reads: what a streamed filter that
    /// has made the outputs before may forget the inputs before. One more, at the end, is
    /// `inputSize`.
    func firstNeeded(inputSize: Int) -> [Int] {
        var result = [Int](repeating: inputSize, count: starts.count + 1)
        for output in stride(from: starts.count - 1, through: 0, by: -1) {
            result[output] = min(result[output + 1], Int(starts[output]))
        }
        return result
    }

    /// The row after the last one output `output` reads.
    @inline(__always)
    func end(_ output: Int) -> Int { Int(starts[output]) + Int(counts[output]) }
}
