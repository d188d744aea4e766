/// What a JPEG's headers, through its first scan header, say: read by the decoder's own parser,
/// so a file whose headers this accepts is one ``JPEGDecoder/decode(_:scale:limits:)`` decodes
/// (its entropy-coded data, if damaged, is filled in with a warning).
package struct JPEGHeader: Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// The application segments before the first scan (EXIF, XMP, ICC, IPTC), in file order.
    package var applicationSegments: [JPEGSegment]

    /// The outcome of reading the headers from the first bytes of a file.
    package enum Read: Sendable, Equatable {
        case header(JPEGHeader)
        /// The bytes end before the first scan header does: read at least this many.
        case needsMoreBytes(Int)
        /// The decoder would refuse the file; the error says why.
        case failure(ImageError)
    }

    /// Reads the headers from `prefix`, the first bytes of a file (the whole file when
    /// `isWholeFile`), with the checks ``JPEGDecoder/decode(_:scale:limits:)`` makes before it
    /// decodes any pixel.
    package static func read(_ prefix: [UInt8], isWholeFile: Bool, limits: ImageLimits = .default) -> Read {
        var stream: JPEGStream
        do throws(ImageError) {
            stream = try JPEGStream(prefix)
        } catch {
            return .failure(error)
        }
        stream.buildsHuffmanLookup = false
        do throws(ImageError) {
            guard try stream.nextScan() != nil, let frame = stream.frame else {
                return .failure(ImageError(.malformed, "JPEG has no image data"))
            }
            if let error = JPEGDecoder.refusal(of: frame, limits: limits) { return .failure(error) }
            return .header(
                JPEGHeader(width: frame.width, height: frame.height, applicationSegments: stream.applicationSegments))
        } catch {
            if !isWholeFile, let needed = stream.neededBytes { return .needsMoreBytes(max(needed, prefix.count + 1)) }
            return .failure(error)
        }
    }

    /// Throws what ``JPEGDecoder/decode(_:scale:limits:)`` would throw for the whole file
    /// `bytes` at `scale`, without decoding any pixel: its headers through the first scan, the
    /// limits (the memory the decode needs at `scale` among them), and for a file whose image
    /// comes in several scans, their work (``JPEGScanWork``) and every marker between them that
    /// the decoder would refuse. Damaged image data is not an error: the decoder fills in what is
    /// missing. Returns the memory the decode needs (`JPEGDecoder.memoryNeeded`).
    @discardableResult
    package static func check(
        _ bytes: [UInt8], scale: JPEGScale = .full, limits: ImageLimits = .default
    ) throws(ImageError) -> Int {
        var stream = try JPEGStream(bytes)
        stream.buildsHuffmanLookup = false
        guard let firstScan = try stream.nextScan(), let frame = stream.frame else {
            throw ImageError(.malformed, "JPEG has no image data")
        }
        return try JPEGDecoder.memoryNeeded(
            checking: &stream, firstScan: firstScan, frame: frame, scale: scale, limits: limits)
    }

    /// ``check(_:scale:limits:)``, returning besides the memory a decode needs what one that
    /// hands its rows on (``JPEGDecoder/decodeRows(_:scale:limits:checked:into:)``) holds at once
    /// while it decodes, and whether its rows stream as they are decoded (else they are handed
    /// on from the whole image, decoded first).
    static func checkHandingRows(
        _ bytes: [UInt8], scale: JPEGScale, limits: ImageLimits
    ) throws(ImageError) -> (decode: Int, handingRows: Int, streams: Bool) {
        var stream = try JPEGStream(bytes)
        stream.buildsHuffmanLookup = false
        guard let firstScan = try stream.nextScan(), let frame = stream.frame else {
            throw ImageError(.malformed, "JPEG has no image data")
        }
        let decode = try JPEGDecoder.memoryNeeded(
            checking: &stream, firstScan: firstScan, frame: frame, scale: scale, limits: limits)
        guard JPEGDecoder.isStreamed(frame, firstScan: firstScan) else { return (decode, decode, false) }
        // The output is one iMCU row's rows instead of the image.
        let (width, height) = scale.outputSize(width: frame.width, height: frame.height)
        let channels = frame.components.count == 1 ? 1 : 3
        let band = frame.maxV * scale.blockSize * width * channels
        return (decode, decode - width * height * channels + band, true)
    }

    /// The scans a decode of `bytes` decodes and the blocks they decode in all (one scan for an
    /// image that streams in), counted without limits: what `ashlar-bench images decode` divides
    /// a decode's time by.
    package static func scanWork(_ bytes: [UInt8]) throws(ImageError) -> (scans: Int, blocks: Int) {
        var stream = try JPEGStream(bytes)
        stream.buildsHuffmanLookup = false
        guard let firstScan = try stream.nextScan(), let frame = stream.frame else {
            throw ImageError(.malformed, "JPEG has no image data")
        }
        guard !JPEGDecoder.isStreamed(frame, firstScan: firstScan) else {
            return (1, frame.blocks(inScanOf: Array(frame.components.indices)))
        }
        let unlimited = ImageLimits(maxScans: .max, maxScanBlocks: .max)
        let work = try JPEGScanWork.walk(&stream, firstScan: firstScan, frame: frame, limits: unlimited)
        return (work.scans, work.blocks)
    }
}
