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

    /// Decodes `bytes` as `layout`, read from them (and so checked as the decoder checks them),
    /// says.
    init(_ bytes: [UInt8], layout: SourceLayout, limits: ImageLimits) throws(ImageError) {
        width = layout.width
        height = layout.height
        orientation = layout.orientation
        switch layout.decoding {
        case .jpeg(let scale, let metadata):
            // `layout` was read with `JPEGHeader.check` at this scale and these limits.
            decoded = try JPEGDecoder.decode(bytes, scale: scale, limits: limits, checked: true)
            iccProfile = metadata.iccProfile ?? decoded.iccProfile
            exif = metadata.exif
        case .png:
            decoded = try PNGDecoder.decode(bytes, limits: limits)
            iccProfile = decoded.iccProfile
        }
    }
}
