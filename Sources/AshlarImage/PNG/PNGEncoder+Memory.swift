extension PNGEncoder {
    /// What ``encode(_:iccProfile:)`` holds at once for a `width` × `height` image of `format`
    /// with a colour profile of `profileBytes`, and what the file it returns can take.
    ///
    /// The rows filtered (a filter byte each), with five candidate rows; the zlib stream at its
    /// worst, stored: the filtered bytes and 5 bytes a block, blocks ending at 16,383 symbols of
    /// at least a byte each and stored ones at 65,535 bytes, so under 1/2,048 more; held twice
    /// while the deflater's output moves to a larger array, and once more with the file twice
    /// while the chunks of at most 1 MiB are appended to it.
    static func memoryNeeded(width: Int, height: Int, format: PixelFormat, profileBytes: Int) -> (held: Int, file: Int)
    {
        let rowBytes = width * format.channels
        let filtered = height * (rowBytes + 1)
        let compressed = filtered + filtered / 2048 + 64
        let profile = profileBytes == 0 ? 0 : 2 * (profileBytes + profileBytes / 2048 + 128)
        let file = compressed + compressed / (1 << 20) * 12 + profile + 1024
        let filtering = filtered + 6 * rowBytes + 2 * compressed
        let assembling = compressed + 2 * file + (2 << 20)
        return (MemoryNeed.smallBuffers + max(filtering, assembling) + profile, file)
    }
}
