/// A photo file decoded for making renditions: at the smallest size that still serves the widest
/// rendition, with what its metadata says about how to show it.
struct SourcePhoto {
    /// Width and height at full resolution, after orientation.
    var width: Int
    var height: Int
    /// The EXIF orientation to apply to `decoded.image` (1–8).
    var orientation: Int
    var iccProfile: [UInt8]?
    /// A JPEG's EXIF (the TIFF structure), if it has any.
    var exif: [UInt8]?
    /// As decoded: possibly reduced, not yet oriented.
    var decoded: DecodedImage

    init(_ bytes: [UInt8], largestWidth: Int, limits: ImageLimits) throws(ImageError) {
        switch ImageFormat.detect(bytes) {
        case .jpeg:
            let metadata = try JPEGMetadata.read(bytes)
            let info = try JPEGDecoder.info(bytes)
            orientation = metadata.orientation
            let swaps = orientation >= 5
            width = swaps ? info.height : info.width
            height = swaps ? info.width : info.height
            let scale = Self.scale(width: width, height: height, largestWidth: largestWidth)
            decoded = try JPEGDecoder.decode(bytes, scale: scale, limits: limits)
            iccProfile = metadata.iccProfile ?? decoded.iccProfile
            exif = metadata.exif
        case .png:
            decoded = try PNGDecoder.decode(bytes, limits: limits)
            orientation = 1
            width = decoded.image.width
            height = decoded.image.height
            iccProfile = decoded.iccProfile
        case .gif, .webp, .avif, nil:
            throw ImageError(.unsupported, "not a JPEG or PNG file")
        }
    }

    /// The largest DCT reduction that still leaves the widest rendition (at most the photo's own
    /// width) and its height. `width` and `height` are the oriented size: a reduction divides both
    /// sides alike, so what orientation changes is only which side the rendition's width is on.
    static func scale(width: Int, height: Int, largestWidth: Int) -> JPEGScale {
        let targetWidth = min(max(largestWidth, 1), width)
        let targetHeight = max(1, (height * targetWidth + width / 2) / width)
        return JPEGScale.largestReduction(
            width: width, height: height, covering: targetWidth, targetHeight: targetHeight)
    }
}
