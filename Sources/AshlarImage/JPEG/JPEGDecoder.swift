/// A baseline and progressive JPEG decoder (8-bit Huffman; grey, YCbCr, RGB, CMYK and YCCK) whose
/// output matches libjpeg-turbo's `djpeg -dct int`, including its reduced-size decoding.
public enum JPEGDecoder {
    /// The image's size and layout, from the headers before the first scan.
    public static func info(_ bytes: [UInt8]) throws(ImageError) -> JPEGInfo {
        var stream = try JPEGStream(bytes)
        _ = try stream.nextScan(stopAtFrame: true)
        guard let frame = stream.frame else { throw ImageError(.malformed, "JPEG has no frame header") }
        return JPEGInfo(
            width: frame.width, height: frame.height, components: frame.components.count,
            isProgressive: frame.isProgressive,
            samplingFactors: frame.components.map { .init(horizontal: $0.h, vertical: $0.v) })
    }

    /// Decodes to `.gray` (one component) or `.rgb`; the size is ceil(width / scale) ×
    /// ceil(height / scale), as libjpeg's. Damaged or truncated entropy data gives an image whose
    /// missing part is grey, with a warning. An image over `limits` is refused with `.tooLarge`
    /// before anything large is allocated or any scan decoded: its size, its scans' work
    /// (``ImageLimits/maxScanBlocks``, counted from their markers) and the memory the decode
    /// needs at `scale` (``ImageLimits/maxMemoryBytes``).
    public static func decode(
        _ bytes: [UInt8], scale: JPEGScale = .full,
        limits: ImageLimits = .default
    ) throws(ImageError) -> DecodedImage {
        try decode(bytes, scale: scale, limits: limits, checked: false)
    }

    /// ``decode(_:scale:limits:)``; `checked` when ``JPEGHeader/check(_:scale:limits:)`` has
    /// passed these bytes at this scale and these limits already, so its walk of the scans (the
    /// work and the memory they need) is not made twice.
    static func decode(
        _ bytes: [UInt8], scale: JPEGScale, limits: ImageLimits, checked: Bool
    ) throws(ImageError) -> DecodedImage {
        var decoding = try JPEGDecoding(bytes, scale: scale, limits: limits, checked: checked)
        let count = decoding.width * decoding.height * decoding.format.channels
        var failure: ImageError?
        let image = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            do throws(ImageError) {
                try decoding.run(into: .image(base))
                initialized = count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let rows = decoding.finish()
        return DecodedImage(
            image: PixelImage(width: rows.width, height: rows.height, format: rows.format, pixels: image),
            iccProfile: rows.iccProfile, warnings: rows.warnings)
    }

    /// Whether the image is decoded as its one scan streams in (a sequential scan of every
    /// component; nothing after it is read), rather than through a store of every block's
    /// coefficients that its scans fill in turn.
    static func isStreamed(_ frame: JPEGFrame, firstScan: JPEGStream.Scan) -> Bool {
        !frame.isProgressive && firstScan.components.count == frame.components.count
    }

    /// Why a frame that its headers describe correctly is still not decoded: over `limits`, or
    /// sampling factors whose ratios are not whole numbers (as libjpeg-turbo, which refuses them
    /// too).
    static func refusal(of frame: JPEGFrame, limits: ImageLimits) -> ImageError? {
        guard frame.width * frame.height <= limits.maxPixels else {
            return ImageError(
                .tooLarge,
                "JPEG is \(frame.width) × \(frame.height) pixels, over the limit of \(limits.maxPixels)")
        }
        let (maxH, maxV) = (frame.maxH, frame.maxV)
        guard frame.components.allSatisfy({ maxH % $0.h == 0 && maxV % $0.v == 0 }) else {
            let factors = frame.components.map { "\($0.h)×\($0.v)" }.joined(separator: ", ")
            return ImageError(.unsupported, "JPEG sampling factors \(factors) are not supported")
        }
        return nil
    }
}
