extension PNGDecoder {
    /// The most memory ``decode(_:limits:)`` holds at once for the file `structure` describes,
    /// after the checks it makes before allocating anything large, which throw its refusal: the
    /// header against `limits`, and this memory against `limits.maxMemoryBytes`.
    static func memoryNeeded(checking structure: PNGStructure, limits: ImageLimits) throws(ImageError) -> Int {
        if let error = refusal(of: structure.info, limits: limits) { throw error }
        let bytes = memoryNeeded(structure, limits: limits)
        if let error = limits.memoryRefusal("image", needs: bytes, doing: "decode") { throw error }
        return bytes
    }

    /// What `decode` allocates besides the file's bytes: the filtered rows the image data
    /// inflates to, the image data joined first when it comes in several chunks, the output
    /// pixels and a row of zeros; the colour profile inflated (at most the limit it is inflated
    /// to) from a copy of its chunk; and the lists of chunks the structure keeps.
    static func memoryNeeded(_ structure: PNGStructure, limits: ImageLimits) -> Int {
        let info = structure.info
        var bytes = MemoryNeed.smallBuffers + rawSize(of: info)
        bytes += info.width * info.height * info.outputFormat.channels
        bytes += (info.width * info.bitsPerPixel + 7) / 8
        if structure.imageData.count > 1 { bytes += structure.imageData.reduce(0) { $0 + $1.count } }
        if let profile = structure.compressedProfile {
            bytes += profile.count + min(limits.maxDecompressedBytes, limits.maxICCProfileBytes)
        }
        bytes += MemoryNeed.appended(structure.chunks.count, of: PNGStructure.Chunk.self)
        bytes += MemoryNeed.appended(structure.imageData.count, of: Range<Int>.self)
        return bytes
    }
}
