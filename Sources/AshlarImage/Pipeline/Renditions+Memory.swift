extension Renditions {
    /// The most memory ``make(from:widths:quality:limits:keepingCameraEXIF:)`` holds at once for
    /// the photo `bytes` and `widths`, worked out from its headers without decoding a pixel; or
    /// what `make` would throw before decoding (over `limits.maxMemoryBytes`, `.tooLarge`). A
    /// caller that makes renditions of several photos at once admits each by this much (as a
    /// gallery build's rendition stage does), so that together they stay within a budget.
    ///
    /// It is an upper bound, each part worked out from the code it mirrors: what the decoder
    /// holds (a baseline JPEG's strips and one row of MCUs' output, as its rows stream into the
    /// widest rendition's resize; a progressive JPEG's coefficients at full resolution whatever
    /// the scale, and its output pixels; a PNG's inflated rows and pixels); the streamed resize's
    /// window of rows and the resampler's buffers, and each rendition's pixels; and the
    /// encoders' buffers and files at their most. A JPEG rendition's coded data is counted at
    /// ``ImageLimits/maxCodedBytesPerBlock`` (80 bytes a block, 1.9 bytes a pixel at 4:2:0; the
    /// encoder keeps within it), where a photograph's take a tenth of a byte a pixel.
    public static func memoryNeeded(
        for bytes: [UInt8], widths: [Int], limits: ImageLimits = .default, orientation: Int? = nil
    ) throws(ImageError) -> Int {
        try RenditionPlan(bytes, widths: widths, limits: limits, orientation: orientation).memoryNeeded
    }

    /// The most memory ``check(_:widths:limits:)`` holds at once for the photo `bytes`: a PNG is
    /// or a HEIC decoded, a JPEG's markers only read. Throws what `check` would throw before decoding.
    public static func memoryNeededToCheck(
        _ bytes: [UInt8], widths: [Int] = [], limits: ImageLimits = .default
    ) throws(ImageError) -> Int {
        let layout = try SourceLayout(bytes, largestWidth: widths.max() ?? 1, limits: limits)
        _ = try memoryNeeded(layout, requests: requests(widths: widths, decodedTo: layout.decodedFormat), limits)
        switch layout.decoding {
        case .jpeg: return MemoryNeed.smallBuffers + layout.metadataReading
        case .png, .heif: return layout.decoderMemory
        }
    }

    /// The renditions ``make(from:widths:quality:limits:keepingCameraEXIF:)`` makes of `widths`
    /// for a photo decoded to `format`: PNG for one with alpha, JPEG otherwise (the quality
    /// changes nothing an encoder holds).
    static func requests(widths: [Int], decodedTo format: PixelFormat) -> [RenditionRequest] {
        let chosen: RenditionRequest.Format = format.hasAlpha ? .png : .jpeg(quality: 100)
        return widths.map { RenditionRequest(width: $0, format: chosen) }
    }

    /// What `make` holds at once for `requests` of the photo `layout` describes, refused with
    /// `.tooLarge` over `limits.maxMemoryBytes`.
    static func memoryNeeded(
        _ layout: SourceLayout, requests: [RenditionRequest], _ limits: ImageLimits
    ) throws(ImageError) -> Int {
        let bytes = memoryPeak(layout, requests: requests, limits: limits)
        if let error = limits.memoryRefusal(layout.subject, needs: bytes, doing: "decode and make its renditions") {
            throw error
        }
        return bytes
    }

    /// The most of `make`'s phases: reading the metadata; decoding, a JPEG's rows streamed into
    /// the widest rendition's resize as they are decoded (a PNG decoded whole, then resized);
    /// then, for each other rendition, resizing the one before and encoding, beside the widest
    /// rendition, the metadata kept and the files already made.
    static func memoryPeak(_ layout: SourceLayout, requests: [RenditionRequest], limits: ImageLimits) -> Int {
        let format = layout.decodedFormat
        let channels = format.channels
        let renditions = distinct(requests, photoWidth: layout.width)
        let upright =
            layout.orientation >= 5
            ? (width: layout.decodedHeight, height: layout.decodedWidth)
            : (width: layout.decodedWidth, height: layout.decodedHeight)
        let widest =
            renditions.first.map {
                (
                    width: $0.width,
                    height: renditionHeight($0.width, photoWidth: layout.width, photoHeight: layout.height)
                )
            } ?? upright
        var peak = layout.metadataReading
        switch layout.decoding {
        case .jpeg:
            let resize = StreamedResize.memoryNeeded(
                width: layout.decodedWidth, height: layout.decodedHeight, format: format,
                orientation: layout.orientation, targetWidth: widest.width, targetHeight: widest.height)
            if layout.streamsRows {
                peak = max(peak, layout.keptMetadata + layout.decoderMemory + resize)
            } else {
                // Decoded whole, then the coefficients freed before the rows go to the resize.
                let decoded = layout.decodedWidth * layout.decodedHeight * channels
                peak = max(peak, layout.keptMetadata + layout.decoderMemory)
                peak = max(peak, layout.keptMetadata + decoded + resize)
            }
        case .png, .heif:
            // A PNG is never turned, a HEIC turned by its decoder; the decoded image is held while
            // the widest rendition is made.
            let decoded = layout.decodedWidth * layout.decodedHeight * channels
            peak = max(peak, layout.keptMetadata + layout.decoderMemory)
            peak = max(
                peak,
                layout.keptMetadata + decoded
                    + Resampler.memoryNeeded(
                        width: upright.width, height: upright.height, format: format, targetWidth: widest.width,
                        targetHeight: widest.height))
        }
        // The widest rendition is held to the end.
        let kept = layout.keptMetadata + widest.width * widest.height * channels
        let headerBytes = limits.maxICCProfileBytes + 2 * 65_536
        var input = widest
        // The rendition made before, when it is an image of its own; the files made so far.
        var previous = 0
        var files = 0
        for request in renditions {
            let height = renditionHeight(request.width, photoWidth: layout.width, photoHeight: layout.height)
            let resizing = Resampler.memoryNeeded(
                width: input.width, height: input.height, format: format, targetWidth: request.width,
                targetHeight: height)
            peak = max(peak, kept + previous + resizing + files)
            if resizing > 0 { previous = request.width * height * channels }
            let encoding: (held: Int, file: Int)
            switch request.format {
            case .jpeg:
                encoding = JPEGEncoder.memoryNeeded(
                    width: request.width, height: height, format: format, subsampling: .s420, headerBytes: headerBytes,
                    bytesPerBlock: limits.maxCodedBytesPerBlock)
            case .png:
                encoding = PNGEncoder.memoryNeeded(
                    width: request.width, height: height, format: format, profileBytes: limits.maxICCProfileBytes)
            }
            peak = max(peak, kept + previous + encoding.held + files)
            files += encoding.file
            input = (request.width, height)
        }
        return peak
    }
}
