extension StreamedResize {
    /// What a ``StreamedResize`` of a `width` × `height` photo of `format` turned by `orientation`
    /// to `targetWidth` × `targetHeight` allocates: the output; the window of rows, sized as its
    /// init sizes it; the band (`rows`) or block (`transposed`) of ``band`` rows; both
    /// directions' taps, twice where they are mirrored, with the first row each output needs;
    /// and a strip of sums.
    static func memoryNeeded(
        width: Int, height: Int, format: PixelFormat, orientation: Int, targetWidth: Int, targetHeight: Int
    ) -> Int {
        let channels = format.channels
        let orientation = (1...8).contains(orientation) ? orientation : 1
        let transposes = orientation >= 5
        let upright = transposes ? (width: height, height: width) : (width: width, height: height)
        let targetWidth = max(targetWidth, 1)
        let targetHeight = max(targetHeight, 1)
        var bytes = MemoryNeed.smallBuffers + targetWidth * targetHeight * channels
        guard targetWidth != upright.width || targetHeight != upright.height else { return bytes }
        let wide = MemoryLayout<Int16>.stride
        bytes += 2 * ResampleWeights.memoryNeeded(inputSize: upright.height, outputSize: targetHeight)
        bytes += 2 * ResampleWeights.memoryNeeded(inputSize: upright.width, outputSize: targetWidth)
        bytes += (targetWidth + targetHeight + 2) * MemoryLayout<Int>.stride
        bytes += Resampler.block * Resampler.strip * channels * MemoryLayout<Int32>.stride
        let (columns, rows) = weights(
            upright: upright, orientation: orientation, targetWidth: targetWidth, targetHeight: targetHeight)
        if !transposes {
            let held = windowRows(
                columns, firstNeeded: columns.firstNeeded(inputSize: upright.height), arriving: 1, together: band)
            bytes += held * width * channels + width * band * channels * wide
        } else {
            let held = windowRows(
                rows, firstNeeded: rows.firstNeeded(inputSize: upright.width), arriving: band, together: 1)
            bytes += held * targetHeight * channels * wide + width * band * channels
        }
        return bytes
    }
}
