extension JPEGDecoder {
    /// The most memory ``decode(_:scale:limits:)`` holds at once for `frame` at `scale`, after
    /// the checks it makes before allocating anything large, which throw its refusal: the frame
    /// against `limits`, for an image in several scans their work (``JPEGScanWork``, walked on
    /// `stream`, which is left at the end of the image), and this memory against
    /// `limits.maxMemoryBytes`. `stream` has just read `firstScan`.
    static func memoryNeeded(
        checking stream: inout JPEGStream, firstScan: JPEGStream.Scan, frame: JPEGFrame, scale: JPEGScale,
        limits: ImageLimits
    ) throws(ImageError) -> Int {
        if let error = refusal(of: frame, limits: limits) { throw error }
        let streamed = isStreamed(frame, firstScan: firstScan)
        if !streamed {
            _ = try JPEGScanWork.walk(&stream, firstScan: firstScan, frame: frame, limits: limits)
        }
        let bytes = memoryNeeded(
            frame: frame, storesCoefficients: !streamed, scale: scale,
            applicationSegments: stream.applicationSegments)
        if let error = limits.memoryRefusal("JPEG", needs: bytes, doing: "decode") { throw error }
        return bytes
    }

    /// What `decode` allocates for `frame` at `scale`, besides the file's bytes: for an image in
    /// several scans, every block's coefficients (64 `Int16`s a block of the padded MCU grid, at
    /// full resolution whatever the scale, as later scans refine them); the output pixels; the
    /// row assembler's strips; and what it keeps of `applicationSegments`, the `APPn` segments its
    /// stream reads (their list, and the ICC profile's chunks copied and joined).
    static func memoryNeeded(
        frame: JPEGFrame, storesCoefficients: Bool, scale: JPEGScale, applicationSegments: [JPEGSegment]
    ) -> Int {
        var bytes = MemoryNeed.smallBuffers
        if storesCoefficients {
            for c in frame.components {
                bytes += frame.mcusX * c.h * frame.mcusY * c.v * 64 * MemoryLayout<Int16>.stride
            }
        }
        let (width, height) = scale.outputSize(width: frame.width, height: frame.height)
        bytes += width * height * (frame.components.count == 1 ? 1 : 3)
        bytes += JPEGRowAssembler.memoryNeeded(frame: frame, scale: scale)
        bytes += MemoryNeed.appended(applicationSegments.count, of: JPEGSegment.self)
        bytes += 2 * applicationSegments.reduce(0) { $0 + ($1.marker == 0xE2 ? $1.count : 0) }
        return bytes
    }
}
