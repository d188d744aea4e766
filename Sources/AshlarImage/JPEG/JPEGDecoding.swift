/// One JPEG decode, from its headers read and checked to its pixels: the single path behind
/// ``JPEGDecoder/decode(_:scale:limits:)`` and ``JPEGDecoder/decodeRows(_:scale:limits:checked:into:)``,
/// which differ only in where the row assembler writes.
struct JPEGDecoding {
    private var stream: JPEGStream
    private var context: JPEGDecodeContext
    private let frame: JPEGFrame
    private let firstScan: JPEGStream.Scan
    private let scale: JPEGScale
    private let transform: JPEGFrame.ColorTransform
    /// Whether the image's one scan is decoded as it streams in (a baseline JPEG), rather than
    /// into a store of every block's coefficients first, done in `init`.
    let streaming: Bool
    let width: Int
    let height: Int
    let format: PixelFormat
    private var warnings: [ImageWarning] = []

    /// Reads the headers up to the first scan, refuses what the limits refuse (unless `checked`:
    /// ``JPEGHeader/check(_:scale:limits:)`` has passed these bytes already) and, for an image in
    /// several scans, decodes their coefficients.
    init(_ bytes: [UInt8], scale: JPEGScale, limits: ImageLimits, checked: Bool) throws(ImageError) {
        stream = try JPEGStream(bytes)
        guard let firstScan = try stream.nextScan() else {
            throw ImageError(.malformed, "JPEG has no image data")
        }
        guard let frame = stream.frame else { throw ImageError(.malformed, "JPEG has no frame header") }
        if !checked {
            var walk = stream
            walk.buildsHuffmanLookup = false
            _ = try JPEGDecoder.memoryNeeded(
                checking: &walk, firstScan: firstScan, frame: frame, scale: scale, limits: limits)
        }
        self.frame = frame
        self.firstScan = firstScan
        self.scale = scale
        transform = stream.colorTransform()
        format = transform == .gray ? .gray : .rgb
        (width, height) = scale.outputSize(width: frame.width, height: frame.height)
        context = JPEGDecodeContext(frame: frame, limits: limits)
        streaming = JPEGDecoder.isStreamed(frame, firstScan: firstScan)
        if !streaming {
            try context.decodeCoefficients(&stream, firstScan: firstScan, warnings: &warnings)
        }
    }

    /// Makes every output row, top to bottom, into `output`.
    mutating func run(into output: JPEGRowAssembler.Output) throws(ImageError) {
        let assembler = try JPEGRowAssembler(frame: frame, scale: scale, transform: transform, output: output)
        if streaming {
            context.decodeStreaming(&stream, scan: firstScan, into: assembler, warnings: &warnings)
        } else {
            context.output(into: assembler)
        }
    }

    /// What the decode found besides the pixels, once ``run(into:)`` has made them.
    func finish() -> JPEGRows {
        var warnings = warnings
        let (profile, iccWarning) = stream.iccProfile()
        if let iccWarning { warnings.append(iccWarning) }
        return JPEGRows(width: width, height: height, format: format, iccProfile: profile, warnings: warnings)
    }
}
