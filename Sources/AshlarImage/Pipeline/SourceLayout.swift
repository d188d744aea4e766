/// What a photo file's headers say about making its renditions, read without decoding a pixel:
/// its size upright, how it is turned, how it is decoded and what decoding it holds in memory.
/// Reading it throws what the decoder would throw before it decodes (a damaged header, a size,
/// a JPEG's scans or the decoder's memory over the limits).
struct SourceLayout {
    enum Decoding {
        /// A JPEG, decoded at `scale`, with the metadata its segments hold.
        case jpeg(scale: JPEGScale, metadata: ImageMetadata)
        case png
        /// A HEIF image with HEVC-coded items (HEIC), decoded whole (a grid's tiles on up to
        /// `tileWorkers` threads) and turned by its own transforms; its Exif item's TIFF
        /// structure, when it has one.
        case heif(exif: [UInt8]?, tileWorkers: Int)
    }

    var decoding: Decoding
    /// Width and height at full resolution, after orientation.
    var width: Int
    var height: Int
    /// The EXIF orientation (1–8) the decoded pixels are turned by.
    var orientation: Int
    /// The decoded image's size (possibly reduced, not yet turned) and pixel format.
    var decodedWidth: Int
    var decodedHeight: Int
    var decodedFormat: PixelFormat
    /// The most the decoder holds at once, its output included: for a JPEG, as it hands its rows
    /// on (a baseline JPEG's output is then one iMCU row of rows, not the image).
    var decoderMemory: Int
    /// Whether the decoder hands its rows on as it decodes them (a baseline JPEG), rather than
    /// from the whole image, decoded first.
    var streamsRows: Bool
    /// What the metadata read before decoding holds while renditions are made: a JPEG's EXIF,
    /// XMP and ICC profile and the profile its decoder joins; a PNG's inflated profile.
    var keptMetadata: Int
    /// What reading the metadata holds at once, before the decoder starts.
    var metadataReading: Int
    /// A HEIF grid's tiles, and what decoding one of them holds (0 for other images).
    var tileCount = 0
    var tileMemory = 0

    /// How messages name the image: "JPEG", or for a PNG, whose messages the caller prefixes
    /// with the format, "image".
    var subject: String {
        switch decoding {
        case .jpeg: "JPEG"
        case .png: "image"
        case .heif: "HEIC"
        }
    }

    /// The layout of `bytes` for renditions at most `largestWidth` wide. `orientation` (1–8), when
    /// given, replaces the JPEG's own: a camera RAW's applies to the preview embedded in it.
    init(_ bytes: [UInt8], largestWidth: Int, limits: ImageLimits, orientation turned: Int? = nil) throws(ImageError) {
        switch ImageFormat.detect(bytes) {
        case .jpeg:
            let metadata = try JPEGMetadata.read(bytes)
            let info = try JPEGDecoder.info(bytes)
            orientation = turned.flatMap { (1...8).contains($0) ? $0 : nil } ?? metadata.orientation
            let swaps = orientation >= 5
            width = swaps ? info.height : info.width
            height = swaps ? info.width : info.height
            let scale = Self.scale(width: width, height: height, largestWidth: largestWidth)
            decoding = .jpeg(scale: scale, metadata: metadata)
            (decodedWidth, decodedHeight) = scale.outputSize(width: info.width, height: info.height)
            decodedFormat = info.components == 1 ? .gray : .rgb
            // Refused as a whole decode would be; held as the streamed decode holds it.
            let checked = try JPEGHeader.checkHandingRows(bytes, scale: scale, limits: limits)
            decoderMemory = checked.handingRows
            streamsRows = checked.streams
            // The decoder joins the profile from the chunks it meets, before the first scan or
            // between scans: at most the file, and at most 255 chunks.
            let joined = min(bytes.count, 255 * 65_535)
            keptMetadata = (metadata.exif?.count ?? 0) + (metadata.xmp?.count ?? 0) + (metadata.iccProfile?.count ?? 0)
            keptMetadata += joined
            // The list of segments, Extended XMP's parts, and copies of the segments' payloads
            // (EXIF, XMP, the ICC profile joined, Extended XMP parts laid end to end and joined).
            let segments = try JPEGSegment.layout(of: bytes).segments
            metadataReading =
                MemoryNeed.appended(segments.count, of: JPEGSegment.self)
                + MemoryNeed.appended(segments.count, of: ExtendedXMP.Part.self)
                + 4 * segments.reduce(0) { $0 + $1.count }
        case .png:
            let structure = try PNGStructure(bytes, headerOnly: false)
            decoderMemory = try PNGDecoder.memoryNeeded(checking: structure, limits: limits)
            streamsRows = false
            decoding = .png
            orientation = 1
            (width, height) = (structure.info.width, structure.info.height)
            (decodedWidth, decodedHeight) = (width, height)
            decodedFormat = structure.info.outputFormat
            keptMetadata =
                structure.compressedProfile == nil ? 0 : min(limits.maxDecompressedBytes, limits.maxICCProfileBytes)
            metadataReading = 0
        case .heic:
            self = try SourceLayout(heif: bytes, limits: limits)
        case .gif, .webp, .avif, nil:
            throw ImageError(.unsupported, "not a JPEG, PNG or HEIC file")
        }
    }

    /// The scale a photo is decoded at for renditions at most `largestWidth` wide
    /// (``JPEGScale/forRenditions(width:height:largestWidth:reducingGap:)`` with
    /// ``Renditions/reducingGap``).
    static func scale(width: Int, height: Int, largestWidth: Int) -> JPEGScale {
        JPEGScale.forRenditions(
            width: width, height: height, largestWidth: largestWidth, reducingGap: Renditions.reducingGap)
    }
}
