extension JPEGEncoder {
    /// The most bytes one block's entropy-coded data can take: its DC difference (a code of at
    /// most 16 bits and at most 11 bits of value) and at most 63 AC symbols (at most 16 bits of
    /// code and 10 of value each; a run of zeros or an end of block takes the place of at least
    /// one coefficient), 1,665 bits, twice over for a zero stuffed after every `FF` byte.
    static let maxBlockBytes = 2 * ((16 + 11 + 63 * (16 + 10) + 7) / 8)

    /// What ``encode(_:quality:subsampling:iccProfile:)`` holds at once for a `width` × `height`
    /// image of `format` whose headers (the ICC profile's chunks, an EXIF segment inserted
    /// after it) take `headerBytes`, and what the file it returns can take.
    ///
    /// Held: the image composited over white when it has alpha; every block's quantised
    /// coefficients and its mask of nonzero ones; the scratch strip of one row of MCUs; and the
    /// entropy-coded data at its worst (``maxBlockBytes`` a block) twice, as it is copied out of
    /// the bit writer and again into the file (each copy is written as far as the data goes, so
    /// a photograph's few hundred kilobytes cost only themselves).
    static func memoryNeeded(
        width: Int, height: Int, format: PixelFormat, subsampling: ChromaSubsampling, headerBytes: Int
    ) -> (held: Int, file: Int) {
        let colours = format.hasAlpha ? format.channels - 1 : format.channels
        let frame = Frame(
            width: min(width, maximumDimension), height: min(height, maximumDimension),
            components: colours == 1 ? 1 : 3, subsampling: subsampling)
        let blocks = frame.blockCount
        let file = blocks * maxBlockBytes + headerBytes + 1024
        var held = MemoryNeed.smallBuffers + 2 * file
        if format.hasAlpha { held += width * height * colours }
        held += blocks * (64 * MemoryLayout<Int16>.stride + MemoryLayout<UInt64>.stride)
        let paddedWidth = frame.mcuColumns * frame.mcuSize
        held += 3 * paddedWidth * frame.mcuSize + 2 * (paddedWidth / frame.factor) * 8
        return (held, file)
    }
}
