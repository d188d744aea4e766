extension JPEGEncoder {
    /// What ``encode(_:quality:subsampling:iccProfile:)`` holds at once for a `width` × `height`
    /// image of `format` whose headers (the ICC profile's chunks, an EXIF segment inserted
    /// after it) take `headerBytes`, and what the file it returns can take.
    ///
    /// Held: the image composited over white when it has alpha; every block's quantised
    /// coefficients and its mask of nonzero ones; the scratch strip of one row of MCUs; and the
    /// entropy-coded data at its most (`bytesPerBlock` a block, the allowance the bit
    /// writers grow within) twice: the writers' buffers, or a buffer being grown beside the
    /// others, and the data copied out of them; then that data and the file it is copied into,
    /// reserved whole. (Each is written only as far as the data goes, so a photograph's few
    /// hundred kilobytes cost only themselves.) Past the allowance, the encoder tries a lower
    /// quality, which holds no more.
    static func memoryNeeded(
        width: Int, height: Int, format: PixelFormat, subsampling: ChromaSubsampling, headerBytes: Int,
        bytesPerBlock: Int = codedBytesPerBlockLimit
    ) -> (held: Int, file: Int) {
        let colours = format.hasAlpha ? format.channels - 1 : format.channels
        let frame = Frame(
            width: min(width, maximumDimension), height: min(height, maximumDimension),
            components: colours == 1 ? 1 : 3, subsampling: subsampling)
        let blocks = frame.blockCount
        let file = blocks * bytesPerBlock + headerBytes + 1024
        var held = MemoryNeed.smallBuffers + 2 * file
        if format.hasAlpha { held += width * height * colours }
        held += blocks * (64 * MemoryLayout<Int16>.stride + MemoryLayout<UInt64>.stride)
        let paddedWidth = frame.mcuColumns * frame.mcuSize
        held += 3 * paddedWidth * frame.mcuSize + 2 * (paddedWidth / frame.factor) * 8
        return (held, file)
    }
}
