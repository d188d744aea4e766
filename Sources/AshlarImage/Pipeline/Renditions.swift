/// The one call a gallery build makes per photo: from a JPEG or PNG file's bytes to its encoded
/// renditions.
public enum Renditions {
    /// How much wider than the widest rendition a JPEG is decoded at the least: a DCT reduction
    /// (½, ¼, ⅛) is used only while it leaves this many times the rendition's width
    /// (``JPEGScale/forRenditions(width:height:largestWidth:reducingGap:)``), as Pillow's
    /// `thumbnail` keeps a "reducing gap".
    ///
    /// Chosen by measurement (`ashlar-bench images gap`, then `Tests/Measurements/reducing-gap.py`)
    /// on the twelve camera photos of `../shared/photos` and `../shared/photos-mixed`: each
    /// photo's widest rendition (1,707 or 2,560 px) against a full decode resized with Pillow's
    /// LANCZOS, SSIM on luma (mean, and the worst photo) and fine detail (a Laplacian's mean
    /// response, against the reference's); CPU of the decode and every resize, 12 photos:
    ///
    /// | gap | SSIM mean (min) | detail | CPU |
    /// |---|---|---|---|
    /// | 1 (decode as small as can be) | 0.9862 (0.9708) | 92.6 % | 6.5 s |
    /// | 1.5 | 0.9971 (0.9833) | 97.2 % | 9.4 s |
    /// | 2 | 0.9989 (0.9983) | 99.6 % | 12.1 s |
    /// | 3 (full decodes) | 0.9989 (0.9983) | 99.6 % | 12.5 s |
    ///
    /// A gap of 1 made the large renditions visibly softer than a full decode (a 2,652 px decode
    /// at ½ resized to 1,707 px). 1.5 leaves the photos whose ½ decode is 1.5–2× the rendition
    /// as soft as before (the worst, 0.983). 2 matches the full decode everywhere, for the price
    /// of decoding camera photos at full size for their photo-page renditions; the album tiles'
    /// smaller renditions are resized from those, as before.
    public static let reducingGap = 2.0

    /// Decodes the photo once, turns it upright, and encodes it at each width.
    ///
    /// A JPEG is decoded at the largest DCT reduction (½, ¼, ⅛) that still leaves at least as many
    /// pixels as the widest rendition needs, counted after its orientation, which may swap width
    /// and height. A width at or above the photo's own gives one rendition at the photo's width
    /// (never an upscale); equal widths give one rendition. Renditions are JPEG at `quality`
    /// (4:2:0) with the photo's ICC profile, or PNG when the photo has alpha.
    ///
    /// Renditions are made widest first, each resized from the one before (480 from 960 from
    /// 1920) rather than each from the decoded image. Measured on camera-2 (decoded at ½,
    /// 2652 × 3976; CPU time from `perf stat`): 960 and 480 cost 58 + 14 ms that way against
    /// 98 + 58 ms from the decoded image, a quarter of all the resizing saved, and differ from the
    /// direct results by a mean of 0.11 and at most 2 levels in 255.
    ///
    /// - Throws: ``ImageError`` when the bytes are neither JPEG nor PNG, are damaged before any
    ///   pixel, or are over `limits`: among them the memory decoding and making these renditions
    ///   needs (``memoryNeeded(for:widths:limits:)``), refused before anything large is allocated.
    ///
    /// With `keepingCameraEXIF`, JPEG renditions carry the camera's facts too, in an EXIF rebuilt
    /// from an allowlist without the orientation (``CameraEXIF``); otherwise they carry none.
    /// `orientation`, when given, turns the photo instead of its own EXIF orientation (a camera
    /// RAW's preview is turned by the RAW's).
    public static func make(
        from bytes: [UInt8], widths: [Int], quality: Int, limits: ImageLimits = .default,
        keepingCameraEXIF: Bool = false, orientation: Int? = nil
    ) throws(ImageError) -> RenditionSet {
        try make(
            RenditionPlan(bytes, widths: widths, limits: limits, orientation: orientation), quality: quality,
            keepingCameraEXIF: keepingCameraEXIF)
    }

    /// Makes the renditions `plan` was read for, as
    /// ``make(from:widths:quality:limits:keepingCameraEXIF:orientation:)`` does, without reading
    /// the photo's headers again.
    public static func make(
        _ plan: RenditionPlan, quality: Int, keepingCameraEXIF: Bool = false
    ) throws(ImageError) -> RenditionSet {
        let requests = plan.widths.map {
            RenditionRequest(width: $0, format: plan.layout.decodedFormat.hasAlpha ? .png : .jpeg(quality: quality))
        }
        return try make(
            plan.bytes, layout: plan.layout, requests: requests, limits: plan.limits,
            keepingCameraEXIF: keepingCameraEXIF)
    }

    /// Throws what ``make(from:widths:quality:limits:keepingCameraEXIF:)`` would throw for
    /// `widths` (none: for a decode alone), and makes nothing: for photos too small for
    /// renditions, published as they are once they are known to decode, and for `ashlar check`.
    /// A JPEG's verdict lies in its markers, which are read without decoding its image data
    /// (`JPEGHeader.check`); a PNG is decoded at full size, as its verdict can lie in its first
    /// row, and so is a HEIC, whose HEVC data the decoder refuses when it is damaged.
    public static func check(_ bytes: [UInt8], widths: [Int] = [], limits: ImageLimits = .default) throws(ImageError) {
        // The layout reads what `make` reads before it decodes, so it refuses what `make` would;
        // the `renditions` fuzz target holds the two verdicts together.
        let layout = try SourceLayout(bytes, largestWidth: widths.max() ?? 1, limits: limits)
        _ = try memoryNeeded(layout, requests: requests(widths: widths, decodedTo: layout.decodedFormat), limits)
        switch layout.decoding {
        case .png, .heif: _ = try SourcePhoto(bytes, layout: layout, limits: limits)
        case .jpeg: break
        }
    }

    /// Like ``make(from:widths:quality:limits:keepingCameraEXIF:)``, each rendition in the format
    /// its request names (a JPEG of a photo with alpha is composited over white).
    public static func make(
        from bytes: [UInt8], requests: [RenditionRequest], limits: ImageLimits = .default
    ) throws(ImageError) -> RenditionSet {
        let layout = try SourceLayout(bytes, largestWidth: requests.map(\.width).max() ?? 1, limits: limits)
        _ = try memoryNeeded(layout, requests: requests, limits)
        return try make(bytes, layout: layout, requests: requests, limits: limits)
    }

    /// Decodes `bytes`, whose headers `layout` read and whose memory for `asked` was checked, and
    /// makes the renditions.
    private static func make(
        _ bytes: [UInt8], layout: SourceLayout, requests asked: [RenditionRequest], limits: ImageLimits,
        keepingCameraEXIF: Bool = false
    ) throws(ImageError) -> RenditionSet {
        let requests = distinct(asked, photoWidth: layout.width)
        // The widest rendition is made as the photo is decoded; each other from the one before.
        let widest = requests.first.map {
            (width: $0.width, height: renditionHeight($0.width, photoWidth: layout.width, photoHeight: layout.height))
        }
        let source = try SourcePhoto(bytes, layout: layout, limits: limits, size: widest)
        let exif =
            keepingCameraEXIF ? source.exif.flatMap { CameraEXIF.allowlisted($0, keepingOrientation: false) } : nil
        let image = source.image
        var warnings = source.warnings
        let (iccProfile, ignored) = renditionProfile(source.iccProfile, for: image.format, limits: limits)
        if let ignored { warnings.append(ignored) }
        var renditions: [EncodedRendition] = []
        var resized = image
        for request in requests {
            let height = renditionHeight(request.width, photoWidth: source.width, photoHeight: source.height)
            resized = Resampler.resize(resized, width: request.width, height: height)
            var bytes: [UInt8]
            switch request.format {
            case .jpeg(let quality):
                let encoded = JPEGEncoder.encodeWithinBound(
                    resized, quality: quality, subsampling: .s420, iccProfile: iccProfile, settings: .perceptual,
                    script: nil, bytesPerBlock: limits.maxCodedBytesPerBlock)
                bytes = encoded.bytes
                switch encoded.written {
                case .asked: break
                case .lowered(let written):
                    warnings.append(.renditionQualityLowered(width: request.width, asked: quality, written: written))
                case .flattened:
                    warnings.append(.renditionQualityLowered(width: request.width, asked: quality, written: nil))
                }
                if let exif { bytes = Self.inserting(exif: exif, into: bytes) }
            case .png:
                bytes = PNGEncoder.encode(resized, iccProfile: iccProfile)
            }
            renditions.append(
                EncodedRendition(bytes: bytes, width: request.width, height: height, format: request.format))
        }
        // `resized` is the narrowest rendition now.
        return RenditionSet(
            width: source.width, height: source.height, orientation: source.orientation,
            warnings: warnings, renditions: renditions, placeholder: ColourPlaceholder(of: resized))
    }

    /// The ICC profile renditions of a photo with `profile`, decoded to `format`, carry, and the
    /// warning when the photo's is ignored: none for a profile over the limits or of another
    /// colour space, nor for the standard sRGB profile.
    static func renditionProfile(
        _ profile: [UInt8]?, for format: PixelFormat, limits: ImageLimits
    ) -> (profile: [UInt8]?, ignored: ImageWarning?) {
        guard let profile else { return (nil, nil) }
        if profile.count > limits.maxICCProfileBytes {
            return (nil, .iccProfileIgnored(.tooLarge(limit: limits.maxICCProfileBytes)))
        }
        let header = ICCProfileHeader(profile)
        if header?.describes(format) != true {
            return (nil, .iccProfileIgnored(.wrongColourSpace(header?.colourSpaceName)))
        }
        // What a browser assumes without a profile: the same colours, 3 KB less a file.
        return (ICCProfileHeader.isStandardSRGB(profile) ? nil : profile, nil)
    }

    /// The renditions `requests` ask for, each at most `photoWidth` wide, once, widest first.
    static func distinct(_ requests: [RenditionRequest], photoWidth: Int) -> [RenditionRequest] {
        var seen: Set<RenditionRequest> = []
        return
            requests
            .map { RenditionRequest(width: min(max($0.width, 1), photoWidth), format: $0.format) }
            .filter { seen.insert($0).inserted }
            .sorted { $0.width > $1.width }
    }

    /// The height of a rendition `width` wide of a photo `photoWidth` × `photoHeight`, rounded.
    static func renditionHeight(_ width: Int, photoWidth: Int, photoHeight: Int) -> Int {
        max(1, (photoHeight * width + photoWidth / 2) / photoWidth)
    }

    /// `jpeg` with an `APP1` EXIF segment after its SOI and JFIF `APP0`, as cameras write it.
    static func inserting(exif tiff: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let payload = JPEGMetadata.exifSignature + [0] + tiff
        guard payload.count + 2 <= 0xFFFF, jpeg.count >= 4 else { return jpeg }
        var at = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count >= 6 {
            at = min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
        }
        let length = payload.count + 2
        // One copy of the file, made in place (concatenating would make three).
        var joined: [UInt8] = []
        joined.reserveCapacity(jpeg.count + 4 + payload.count)
        joined += jpeg[..<at]
        joined += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
        joined += payload
        joined += jpeg[at...]
        return joined
    }
}
