/// Decodes PNG files of every colour type and bit depth, interlaced or not, into 8-bit pixels.
///
/// 16-bit samples keep their high byte (`v >> 8`), as Pillow and libpng's `png_set_strip_16` do;
/// 1-, 2- and 4-bit gray is scaled to 0–255 (×255, ×85, ×17). `tRNS` transparency becomes an
/// alpha channel, compared against the full-precision sample. Gamma is reported, not applied.
/// An APNG decodes to its default image.
public enum PNGDecoder {
    /// Reads the chunks before the image data: size, colour type, colour information.
    public static func info(_ bytes: [UInt8]) throws(ImageError) -> PNGInfo {
        try PNGStructure(bytes, headerOnly: true).info
    }

    /// Decodes the image. Damaged or missing image data after the first row gives the rows that
    /// could be decoded, the rest filled with zero, and a warning; before it, an error. An image
    /// over `limits` is refused with `.tooLarge` before anything large is allocated: its size,
    /// the rows its data inflates to, and the memory the decode needs (`memoryNeeded(_:limits:)`
    /// against ``ImageLimits/maxMemoryBytes``), however well its image data compresses.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) -> DecodedImage {
        let structure = try PNGStructure(bytes, headerOnly: false)
        let info = structure.info
        _ = try memoryNeeded(checking: structure, limits: limits)
        let passes = PNGPass.passes(width: info.width, height: info.height, interlaced: info.isInterlaced)
        let rawSize = rawSize(of: info)
        var warnings = structure.warnings
        var profile: [UInt8]?
        if let range = structure.compressedProfile {
            do {
                profile = try Inflater.decompress(
                    zlib: Array(bytes[range]), limit: min(limits.maxDecompressedBytes, limits.maxICCProfileBytes))
            } catch  where error.kind == .tooLarge {
                warnings.append(.iccProfileIgnored(.tooLarge(limit: limits.maxICCProfileBytes)))
            } catch {
                warnings.append(.iccProfileIgnored(.undecodable(reason: error.message)))
            }
        }

        let rawMemory = OwnedBuffer<UInt8>(uninitializedCount: rawSize)
        defer { withExtendedLifetime(rawMemory) {} }
        let raw = rawMemory.base
        let inflated = inflateImageData(bytes, structure.imageData, into: raw, count: rawSize)
        switch inflated.status {
        case .complete, .outputFull:
            if inflated.written < rawSize { warnings.append(.imageDataEndsEarly) }
        case .truncated:
            warnings.append(.truncatedImageData)
        case .malformed(let message):
            warnings.append(.corruptImageData(reason: message, beforeLastRow: inflated.written < rawSize))
        }
        if inflated.status == .outputFull { warnings.append(.excessImageData) }

        let rows = PNGRowDecoder(info: info, palette: structure.palette, transparency: structure.transparency)
        let format = info.outputFormat
        let count = info.width * info.height * format.channels
        var decodedRows = 0
        var badFilter: (row: Int, type: UInt8)?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            (decodedRows, badFilter) = rows.decode(
                raw: raw, available: inflated.written, passes: passes,
                into: buffer.baseAddress!)
            initialized = count
        }
        if let badFilter { warnings.append(.unknownFilter(row: badFilter.row, type: badFilter.type)) }
        if decodedRows == 0 {
            throw ImageError(.malformed, warnings.last?.description ?? "image data is empty")
        }
        return DecodedImage(
            image: PixelImage(width: info.width, height: info.height, format: format, pixels: pixels),
            iccProfile: profile, warnings: warnings)
    }

    /// Inflates the `IDAT` chunks' zlib stream; several chunks are joined first.
    private static func inflateImageData(
        _ bytes: [UInt8], _ ranges: [Range<Int>], into raw: UnsafeMutablePointer<UInt8>, count: Int
    ) -> Inflater.Result {
        let output = UnsafeMutableBufferPointer(start: raw, count: count)
        if ranges.count == 1 {
            return bytes.withUnsafeBufferPointer { whole in
                Inflater.inflate(UnsafeBufferPointer(rebasing: whole[ranges[0]]), into: output, zlib: true)
            }
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        for range in ranges { joined += bytes[range] }
        return joined.withUnsafeBufferPointer { Inflater.inflate($0, into: output, zlib: true) }
    }

    /// The bytes of the filtered rows the image data inflates to: each pass's rows, each with
    /// its filter byte.
    static func rawSize(of info: PNGInfo) -> Int {
        let passes = PNGPass.passes(width: info.width, height: info.height, interlaced: info.isInterlaced)
        return passes.reduce(0) { $0 + $1.height * (1 + $1.rowBytes(bitsPerPixel: info.bitsPerPixel)) }
    }

    /// Why an image whose header is well formed is still not decoded: over `limits`.
    static func refusal(of info: PNGInfo, limits: ImageLimits) -> ImageError? {
        guard info.width * info.height <= limits.maxPixels else {
            let size = "\(info.width)×\(info.height)"
            return ImageError(.tooLarge, "image is \(size) pixels, more than the limit of \(limits.maxPixels)")
        }
        let rawSize = rawSize(of: info)
        guard rawSize <= limits.maxDecompressedBytes else {
            return ImageError(
                .tooLarge, "image data needs \(rawSize) bytes, more than the limit of \(limits.maxDecompressedBytes)")
        }
        return nil
    }
}
