extension Renditions {
    /// Why `bytes` are not a rendition Ashlar writes as `format` carrying `metadata`; nil when
    /// they are (the encoder's own segments or chunks, in its order, and nothing else).
    public static func deviation(of bytes: [UInt8], format: ImageFormat, metadata: RenditionMetadata) -> String? {
        switch format {
        case .jpeg: JPEGEncoder.deviation(from: bytes, metadata: metadata)
        case .png: PNGEncoder.deviation(from: bytes, metadata: metadata)
        case .gif, .webp, .avif, .heic: "Ashlar does not write \(format.name) files"
        }
    }

    /// The width a photo and its rendition are compared at (``Glance``).
    static let glanceWidth = 64

    /// A photo seen cheaply, to check renditions said to be made of it: the metadata its
    /// renditions carry, and its luma at most ``glanceWidth`` pixels wide, upright.
    public struct Glance: Sendable, Equatable {
        public var metadata: RenditionMetadata
        var width: Int
        var height: Int
        var luma: [UInt8]
    }

    /// A glance at the photo in `bytes` (a JPEG decoded at ⅛, a PNG decoded as for its
    /// renditions), with `keepingCameraEXIF` and `orientation` as its renditions were made.
    public static func glance(
        at bytes: [UInt8], keepingCameraEXIF: Bool, orientation: Int? = nil, limits: ImageLimits = .default
    ) throws(ImageError) -> Glance {
        let layout = try SourceLayout(bytes, largestWidth: 1, limits: limits, orientation: orientation)
        let source = try SourcePhoto(bytes, layout: layout, limits: limits)
        let image = source.image
        let profile = renditionProfile(source.iccProfile, for: image.format, limits: limits).profile
        let exif =
            keepingCameraEXIF ? source.exif.flatMap { CameraEXIF.allowlisted($0, keepingOrientation: false) } : nil
        let width = min(glanceWidth, image.width)
        let height = renditionHeight(width, photoWidth: image.width, photoHeight: image.height)
        return Glance(
            metadata: .exactly(iccProfile: profile, exif: exif), width: width, height: height,
            luma: luma(of: image, width: width, height: height))
    }

    /// The mean absolute difference, in levels of 255, between the glance's luma and that of
    /// `rendition` (a JPEG or PNG file) resized to the same size.
    public static func difference(
        between glance: Glance, and rendition: [UInt8], limits: ImageLimits = .default
    ) throws(ImageError) -> Double {
        let decoded: PixelImage
        switch ImageFormat.detect(rendition) {
        case .jpeg:
            // At full size: a small rendition decoded at ¼ or ⅛ is block averages that land
            // between the glance's pixels (a photo's own 317 px rendition then differs from it by
            // 4.4 and 6.8 levels instead of 0.7).
            decoded = try JPEGDecoder.decode(rendition, limits: limits).image
        case .png:
            decoded = try PNGDecoder.decode(rendition, limits: limits).image
        case .gif, .webp, .avif, .heic, nil:
            throw ImageError(.unsupported, "not a JPEG or PNG file")
        }
        let luma = luma(of: decoded, width: glance.width, height: glance.height)
        var total = 0
        for index in luma.indices { total += abs(Int(luma[index]) - Int(glance.luma[index])) }
        return Double(total) / Double(max(1, luma.count))
    }

    /// `image` composited over white, resized to `width` × `height`, as BT.601 luma.
    private static func luma(of image: PixelImage, width: Int, height: Int) -> [UInt8] {
        let opaque = image.format.hasAlpha ? JPEGEncoder.compositedOverWhite(image) : image
        let small = Resampler.resize(opaque, width: width, height: height)
        guard small.format == .rgb else { return small.pixels }
        var luma: [UInt8] = []
        luma.reserveCapacity(width * height)
        var index = 0
        while index + 2 < small.pixels.count {
            let value =
                299 * Int(small.pixels[index]) + 587 * Int(small.pixels[index + 1]) + 114 * Int(small.pixels[index + 2])
            luma.append(UInt8((value + 500) / 1000))
            index += 3
        }
        return luma
    }
}
