/// A photo file decoded for making renditions: turned upright and resized to its widest
/// rendition as it is decoded, at the smallest size that still serves that rendition, with what
/// its metadata says about how to show it.
///
/// A JPEG's rows go from the decoder to a ``StreamedResize`` as they are decoded, so neither the
/// decoded photo nor its turned copy is held (an image in several scans, progressive, is decoded
/// whole first: ``JPEGDecoder/decodeRows(_:scale:limits:checked:into:)``). A PNG keeps the
/// whole-image path (decoded whole, then ``Resampler/resize(_:width:height:)``): its alpha is
/// resampled premultiplied through 16-bit samples, and PNG sources are rare and small.
struct SourcePhoto {
    /// Width and height at full resolution, after orientation.
    var width: Int
    var height: Int
    /// The EXIF orientation `image` was turned by (1–8).
    var orientation: Int
    var iccProfile: [UInt8]?
    /// A JPEG's EXIF (the TIFF structure), if it has any.
    var exif: [UInt8]?
    /// Upright, at the size asked for: the bytes of
    /// `Resampler.resize(decoded.oriented(orientation), width:height:)`.
    var image: PixelImage
    /// What was wrong with a damaged file whose pixels were still decoded.
    var warnings: [ImageWarning]

    /// Decodes `bytes` as `layout`, read from them (and so checked as the decoder checks them),
    /// says, upright, resized to `size` (upright; nil: as decoded).
    init(
        _ bytes: [UInt8], layout: SourceLayout, limits: ImageLimits, size: (width: Int, height: Int)? = nil
    ) throws(ImageError) {
        width = layout.width
        height = layout.height
        orientation = layout.orientation
        switch layout.decoding {
        case .jpeg(let scale, let metadata):
            let orientation = orientation
            var resize: StreamedResize?
            // `layout` was read with `JPEGHeader.check` at this scale and these limits.
            let rows = try JPEGDecoder.decodeRows(bytes, scale: scale, limits: limits, checked: true) {
                decodedWidth, decodedHeight, format in
                let swaps = orientation >= 5
                let target = size ?? (swaps ? (decodedHeight, decodedWidth) : (decodedWidth, decodedHeight))
                let made = StreamedResize(
                    width: decodedWidth, height: decodedHeight, format: format, orientation: orientation,
                    targetWidth: target.0, targetHeight: target.1)
                resize = made
                return { first, count, pixels in made.take(first: first, count: count, pixels) }
            }
            guard let resize else { throw ImageError(.malformed, "JPEG has no image data") }
            image = resize.finish()
            iccProfile = metadata.iccProfile ?? rows.iccProfile
            exif = metadata.exif
            warnings = rows.warnings
        case .png:
            let decoded = try PNGDecoder.decode(bytes, limits: limits)
            image = decoded.image.oriented(orientation)
            if let size { image = Resampler.resize(image, width: size.width, height: size.height) }
            iccProfile = decoded.iccProfile
            warnings = decoded.warnings
        case .heif(let exifTIFF, let tileWorkers):
            let decoder = HEIFImageDecoder(codec: HEVCStillImageCodec(), limits: limits, tileWorkers: tileWorkers)
            let decoded = try decoder.decode(bytes)
            image = decoded.image
            if let size { image = Resampler.resize(image, width: size.width, height: size.height) }
            iccProfile = decoded.iccProfile
            exif = exifTIFF
            warnings = []
        }
    }
}
