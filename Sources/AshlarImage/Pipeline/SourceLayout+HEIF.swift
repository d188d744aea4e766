extension SourceLayout {
    /// The layout of a HEIC: the primary image's size after its transforms (the decoder turns
    /// it, so the EXIF orientation plays no part, as in libheif and browsers), refused over the
    /// pixel limit as the decoder would refuse it, and what decoding it holds at most.
    init(heif bytes: [UInt8], limits: ImageLimits) throws(ImageError) {
        let (file, description) = try HEIFImageDecoder<HEVCStillImageCodec>.primaryImage(of: bytes, limits: limits)
        guard case .hevc(let configuration) = Self.codec(of: description) else {
            throw ImageError(.unsupported, "HEIF image coded as AV1 is not decoded; name it .avif")
        }
        let record = try HEVCDecoderConfiguration(configuration)
        let coded = description.codedWidth * description.codedHeight
        var exif: [UInt8]?
        if let item = description.exifItemIDs.first, let tiff = try? file.exifTIFF(item) { exif = Array(tiff) }
        decoding = .heif(exif: exif, tileWorkers: 1)
        orientation = 1
        width = description.outputWidth
        height = description.outputHeight
        decodedWidth = width
        decodedHeight = height
        let hasAlpha = description.alphaItemID != nil
        decodedFormat =
            record.chromaFormatIDC == 0 ? (hasAlpha ? .grayAlpha : .gray) : (hasAlpha ? .rgba : .rgb)
        // Each coded picture in turn: its Y′CbCr planes (16-bit samples, two copies while SAO
        // runs) and the per-block maps; the canvas the tiles are converted into and its turned
        // copy, in the output's pixel format, and a third such picture of slack (the converted
        // tiles were pasted from one until November 29; the measured peaks below include it).
        let tilePixels: Int
        switch description.coding {
        case .single: tilePixels = coded
        case .grid(_, _, let tileWidth, let tileHeight, _): tilePixels = tileWidth * tileHeight
        }
        // Measured on three iPhone HEICs (ashlar-bench images peak): 99–114 MiB above the file
        // for 12.2 MP; the slack of two bytes a pixel and two per tile pixel covers the
        // converter's rows, the references and the allocator.
        let picture = tilePixels * 2 * 3 * 2 + 3 * tilePixels
        decoderMemory = picture + 3 * coded * decodedFormat.channels + 2 * coded
        if case .grid(_, let tiles, _, _, _) = description.coding { (tileCount, tileMemory) = (tiles.count, picture) }
        streamsRows = false
        keptMetadata = (exif?.count ?? 0) + Self.iccBytes(description)
        metadataReading = bytes.count / 16
    }

    /// The layout with a grid's tiles decoded on up to `workers` threads at once: each thread
    /// beyond the first holds one more coded picture's planes and maps. A single picture, or one
    /// worker, leaves the layout as it is.
    func decodingTiles(on workers: Int) -> SourceLayout {
        guard case .heif(let exif, _) = decoding, tileCount > 1, workers > 1 else { return self }
        var layout = self
        let threads = min(workers, tileCount)
        layout.decoding = .heif(exif: exif, tileWorkers: threads)
        layout.decoderMemory += (threads - 1) * tileMemory
        return layout
    }

    /// The codec of the item's coded pictures.
    static func codec(of description: HEIFImageDescription) -> HEIFCodec {
        switch description.coding {
        case .single(_, let codec): codec
        case .grid(_, _, _, _, let codec): codec
        }
    }

    /// The bytes of the item's ICC profile, kept for its renditions.
    static func iccBytes(_ description: HEIFImageDescription) -> Int {
        for colour in description.colours {
            if case .icc(let profile, _) = colour { return profile.count }
        }
        return 0
    }
}
