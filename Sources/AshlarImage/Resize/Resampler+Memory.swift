extension Resampler {
    /// What ``resize(_:width:height:)`` allocates to resize a `width` × `height` image of
    /// `format` to `targetWidth` × `targetHeight` (the same size allocates nothing): the output;
    /// the 16-bit samples between the passes (the input's width by the output's height); both
    /// directions' taps and a strip of sums; and, for an image with alpha, its samples widened to
    /// 16 bits and the output's before they are narrowed again.
    static func memoryNeeded(
        width: Int, height: Int, format: PixelFormat, targetWidth: Int, targetHeight: Int
    ) -> Int {
        let targetWidth = max(targetWidth, 1)
        let targetHeight = max(targetHeight, 1)
        guard targetWidth != width || targetHeight != height else { return 0 }
        let channels = format.channels
        let wide = MemoryLayout<Int16>.stride
        var bytes = MemoryNeed.smallBuffers + targetWidth * targetHeight * channels
        bytes += width * targetHeight * channels * wide
        bytes += ResampleWeights.memoryNeeded(inputSize: height, outputSize: targetHeight)
        bytes += ResampleWeights.memoryNeeded(inputSize: width, outputSize: targetWidth)
        bytes += block * strip * channels * MemoryLayout<Int32>.stride
        if format.hasAlpha {
            bytes += (width * height + targetWidth * targetHeight) * channels * wide
        }
        return bytes
    }
}
