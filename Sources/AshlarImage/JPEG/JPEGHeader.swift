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
    /// `bytes`, without decoding any pixel: its headers through the first scan and the limits, and
    /// for a file whose image comes in several scans, their number (at most `limits.maxScans`)
    /// and every marker between them that the decoder would refuse. Damaged image data is not an
    /// error: the decoder fills in what is missing.
    package static func check(_ bytes: [UInt8], limits: ImageLimits = .default) throws(ImageError) {
        var stream = try JPEGStream(bytes)
        stream.buildsHuffmanLookup = false
        guard let firstScan = try stream.nextScan(), let frame = stream.frame else {
            throw ImageError(.malformed, "JPEG has no image data")
        }
        if let error = JPEGDecoder.refusal(of: frame, limits: limits) { throw error }
        // One scan of every component is decoded as it streams in, and nothing after it is read.
        guard frame.isProgressive || firstScan.components.count < frame.components.count else { return }
        var scans = 1
        while true {
            guard scans <= limits.maxScans else {
                throw ImageError(.tooLarge, "JPEG has more than \(limits.maxScans) scans")
            }
            do {
                guard try stream.nextScan() != nil else { return }
            } catch  where error.kind == .malformed {
                return
            }
            scans += 1
        }
    }
}
