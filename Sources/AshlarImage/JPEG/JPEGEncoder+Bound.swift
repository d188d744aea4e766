extension JPEGEncoder {
    /// The quality a file was written at, when ``encodeWithinBound(_:quality:subsampling:iccProfile:settings:script:bytesPerBlock:)``
    /// had to go below the one asked for to keep its coded data within
    /// ``codedBytesPerBlockLimit`` bytes a block.
    package enum WrittenQuality: Sendable, Hashable {
        /// The quality asked for: every photograph.
        case asked
        /// A lower quality: the first of the asked one halved, halved again…, down to 1, whose
        /// data fitted.
        case lowered(Int)
        /// Even quality 1 did not fit (pixels like noise): each minimum coded unit was written
        /// as its mean colour, whose blocks have no AC coefficient at all and always fit.
        case flattened
    }

    /// Encodes as ``encode(_:quality:subsampling:iccProfile:settings:)`` does, its entropy-coded
    /// data at most ``codedBytesPerBlockLimit`` bytes a block; an image whose data would take
    /// more is written at a lower quality instead, and said so. The bound is what lets
    /// ``memoryNeeded(width:height:format:subsampling:headerBytes:bytesPerBlock:)`` count the encoder's output
    /// at a fifth of the format's worst case. The same pixels still always give the same bytes.
    /// (`bytesPerBlock` is for tests.)
    package static func encodeWithinBound(
        _ image: PixelImage, quality asked: Int, subsampling: ChromaSubsampling, iccProfile: [UInt8]?,
        settings: JPEGEncoderSettings, script: JPEGScanScript?, bytesPerBlock: Int = codedBytesPerBlockLimit
    ) -> (bytes: [UInt8], written: WrittenQuality) {
        let source = image.format.hasAlpha ? compositedOverWhite(image) : image
        let frame = Frame(
            width: min(source.width, maximumDimension), height: min(source.height, maximumDimension),
            components: source.format == .gray ? 1 : 3, subsampling: subsampling)
        let limit = frame.blockCount * bytesPerBlock
        var quality = min(max(asked, 1), 100)
        while true {
            if let bytes = attempt(
                source, quality: quality, subsampling: subsampling, iccProfile: iccProfile, settings: settings,
                script: script, allowance: CodedByteAllowance(bytes: limit))
            {
                return (bytes, quality == min(max(asked, 1), 100) ? .asked : .lowered(quality))
            }
            if quality == 1 { break }
            quality /= 2
        }
        // A flat unit codes a DC difference and an end of band a block, a few bytes at most: no
        // allowance is needed for what cannot pass it.
        let flat = attempt(
            flattened(source, unit: frame.mcuSize), quality: 1, subsampling: subsampling, iccProfile: iccProfile,
            settings: settings, script: script, allowance: nil)
        return (flat ?? [], .flattened)
    }

    /// `image` with every `unit` × `unit` square (from the top left, the last ones cut by the
    /// edges) filled with its mean, rounded to the nearest value.
    static func flattened(_ image: PixelImage, unit: Int) -> PixelImage {
        let channels = image.format.channels
        var pixels = image.pixels
        for top in stride(from: 0, to: image.height, by: unit) {
            let rows = top..<min(top + unit, image.height)
            for left in stride(from: 0, to: image.width, by: unit) {
                let columns = left..<min(left + unit, image.width)
                let count = rows.count * columns.count
                for channel in 0..<channels {
                    var sum = 0
                    for y in rows {
                        for x in columns { sum += Int(pixels[(y * image.width + x) * channels + channel]) }
                    }
                    let mean = UInt8((sum + count / 2) / count)
                    for y in rows {
                        for x in columns { pixels[(y * image.width + x) * channels + channel] = mean }
                    }
                }
            }
        }
        return PixelImage(width: image.width, height: image.height, format: image.format, pixels: pixels)
    }
}
