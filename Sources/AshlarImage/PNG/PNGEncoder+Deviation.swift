extension PNGEncoder {
    /// Why `bytes` are not a file this encoder writes carrying `metadata`; nil when they are: the
    /// signature, an 8-bit, non-interlaced `IHDR` of a colour type the encoder writes, an `iCCP`
    /// named "ICC profile" compressed as ``Deflater`` compresses the profile `metadata` allows,
    /// `IDAT` chunks, `IEND`, and nothing after it.
    static func deviation(from bytes: [UInt8], metadata: RenditionMetadata) -> String? {
        let structure: PNGStructure
        do throws(ImageError) {
            structure = try PNGStructure(bytes, headerOnly: false)
        } catch {
            return "PNG \(error.description)"
        }
        let info = structure.info
        guard info.bitDepth == 8, !info.isInterlaced, info.colorType != .palette else {
            return "its image header is not one Ashlar writes"
        }
        guard let last = structure.chunks.last, last.type == "IEND", last.isComplete,
            last.range.upperBound == bytes.count, structure.chunks.allSatisfy(\.isComplete)
        else { return "it does not end with its 'IEND' chunk" }
        var index = 1
        var profile: [UInt8]?
        if structure.chunks.count > index, structure.chunks[index].type == "iCCP" {
            let data = bytes[structure.chunks[index].data]
            let prefix = Array("ICC profile".utf8) + [0, 0]
            guard data.starts(with: prefix) else { return "its 'iCCP' chunk is not one Ashlar writes" }
            let compressed = Array(data.dropFirst(prefix.count))
            // Ashlar's chunk holds the profile as Ashlar compresses it, and nothing more.
            guard
                let inflated = try? Inflater.decompress(
                    zlib: compressed, limit: ImageLimits.default.maxICCProfileBytes),
                Deflater.compress(zlib: inflated) == compressed
            else { return "its 'iCCP' chunk is not one Ashlar writes" }
            profile = inflated
            index += 1
        }
        if case .exactly(let iccProfile, _) = metadata, profile != iccProfile {
            return iccProfile == nil
                ? "it holds an ICC profile, which Ashlar's renditions of this photo do not"
                : "its ICC profile is not the photo's"
        }
        if let chunk = structure.chunks[index..<(structure.chunks.count - 1)].first(where: { $0.type != "IDAT" }) {
            return "it holds a chunk Ashlar does not write ('\(chunk.type)' at byte \(chunk.range.lowerBound))"
        }
        guard structure.chunks.count > index + 1 else { return "it has no 'IDAT' chunk" }
        return nil
    }
}
