extension JPEGEncoder {
    /// Why `bytes` are not a file this encoder writes for a rendition carrying `metadata`; nil
    /// when they are: SOI, the JFIF APP0 as ``appendJFIF(to:)`` writes it, the EXIF APP1 and the
    /// ICC profile's APP2 chunks that `metadata` allows, one DQT, SOF0 or SOF2, then only DHT
    /// and SOS segments, each of the length its tables need, entropy-coded data after each SOS,
    /// EOI, and nothing after it. Segments lie end to end: no fill or stray bytes between them.
    static func deviation(from bytes: [UInt8], metadata: RenditionMetadata) -> String? {
        let layout: JPEGSegment.Layout
        do throws(ImageError) {
            layout = try JPEGSegment.layout(of: bytes)
        } catch {
            return error.description
        }
        guard layout.endsWithEOI, layout.scan.upperBound == bytes.count else {
            return "it does not end with its image's EOI marker"
        }
        let segments = layout.segments
        var end = 2
        /// Whether `segment` starts straight after the one before, as in the files Ashlar writes.
        func laidEndToEnd(_ segment: JPEGSegment) -> Bool {
            defer { end = segment.end }
            return segment.start - 4 == end
        }
        func unexpected(_ segment: JPEGSegment) -> String {
            "it holds a segment Ashlar does not write there (\(JPEGMarkers.name(segment.marker)) at byte \(segment.start - 4))"
        }
        var jfif: [UInt8] = []
        appendJFIF(to: &jfif)
        guard let first = segments.first, first.marker == 0xE0, laidEndToEnd(first),
            bytes[(first.start - 4)..<first.end].elementsEqual(jfif)
        else { return "its first segment is not the JFIF APP0 Ashlar writes" }
        var index = 1
        var exif: [UInt8]?
        if index < segments.count, segments[index].marker == 0xE1 {
            let segment = segments[index]
            let signature = JPEGMetadata.exifSignature + [0]
            guard laidEndToEnd(segment), segment.hasSignature(signature, in: bytes) else { return unexpected(segment) }
            exif = Array(bytes[(segment.start + signature.count)..<segment.end])
            index += 1
        }
        var chunks: [JPEGSegment] = []
        while index < segments.count, segments[index].marker == 0xE2 {
            guard laidEndToEnd(segments[index]) else { return unexpected(segments[index]) }
            chunks.append(segments[index])
            index += 1
        }
        var profile: [UInt8]?
        if let firstChunk = chunks.first, let lastChunk = chunks.last {
            guard chunks.allSatisfy({ $0.hasSignature(JPEGMetadata.iccSignature, in: bytes) && $0.count > 14 }),
                let joined = JPEGMetadata.joinedICCProfile(chunks, in: bytes)
            else { return "its ICC profile chunks are not those Ashlar writes" }
            var written: [UInt8] = []
            appendICCProfile(joined, to: &written)
            guard bytes[(firstChunk.start - 4)..<lastChunk.end].elementsEqual(written) else {
                return "its ICC profile chunks are not those Ashlar writes"
            }
            profile = joined
        }
        switch metadata {
        case .exactly(let iccProfile, let cameraEXIF):
            if exif != cameraEXIF {
                return cameraEXIF == nil
                    ? "it holds EXIF, which Ashlar's renditions of this photo do not"
                    : "its EXIF is not the one Ashlar writes for this photo"
            }
            if profile != iccProfile {
                return iccProfile == nil
                    ? "it holds an ICC profile, which Ashlar's renditions of this photo do not"
                    : "its ICC profile is not the photo's"
            }
        case .anyAshlarWrites:
            if let exif, CameraEXIF.allowlisted(exif, keepingOrientation: false) != exif {
                return "its EXIF holds more than the camera facts Ashlar writes"
            }
        }
        guard index < segments.count, segments[index].marker == 0xDB, laidEndToEnd(segments[index]),
            Self.isQuantisers(segments[index], in: bytes)
        else { return index < segments.count ? unexpected(segments[index]) : "it has no quantisation tables" }
        index += 1
        guard index < segments.count, [0xC0, 0xC2].contains(segments[index].marker), laidEndToEnd(segments[index]),
            Self.isFrameHeader(segments[index], in: bytes)
        else { return index < segments.count ? unexpected(segments[index]) : "it has no frame header" }
        index += 1
        for segment in segments[index...] {
            guard segment.marker == 0xC4, laidEndToEnd(segment), Self.isHuffmanTables(segment, in: bytes) else {
                return unexpected(segment)
            }
        }
        for part in layout.scanParts {
            guard laidEndToEnd(part.segment) else { return unexpected(part.segment) }
            switch part.segment.marker {
            case 0xDA:
                guard Self.isScanHeader(part.segment, in: bytes), !part.data.isEmpty else {
                    return unexpected(part.segment)
                }
            case 0xC4:
                guard Self.isHuffmanTables(part.segment, in: bytes), part.data.isEmpty else {
                    return unexpected(part.segment)
                }
            default:
                return unexpected(part.segment)
            }
            end = part.data.upperBound
        }
        return nil
    }

    /// One to three 8-bit tables numbered from 0, as ``appendQuantisers(_:to:)`` writes them.
    private static func isQuantisers(_ segment: JPEGSegment, in bytes: [UInt8]) -> Bool {
        guard segment.count % 65 == 0, (1...3).contains(segment.count / 65) else { return false }
        return (0..<segment.count / 65).allSatisfy { bytes[segment.start + $0 * 65] == UInt8($0) }
    }

    /// 8-bit samples, one or three components, and nothing more.
    private static func isFrameHeader(_ segment: JPEGSegment, in bytes: [UInt8]) -> Bool {
        guard segment.count >= 6, bytes[segment.start] == 8 else { return false }
        let components = Int(bytes[segment.start + 5])
        return [1, 3].contains(components) && segment.count == 6 + 3 * components
    }

    /// Huffman tables whose symbol counts take up the segment exactly.
    private static func isHuffmanTables(_ segment: JPEGSegment, in bytes: [UInt8]) -> Bool {
        var position = segment.start
        while position < segment.end {
            guard position + 17 <= segment.end, bytes[position] & 0xEE == 0 else { return false }
            let symbols = bytes[(position + 1)..<(position + 17)].reduce(0) { $0 + Int($1) }
            position += 17 + symbols
        }
        return position == segment.end && segment.count > 0
    }

    /// One to three components, each with its tables, then `Ss`, `Se` and `Ah Al`.
    private static func isScanHeader(_ segment: JPEGSegment, in bytes: [UInt8]) -> Bool {
        guard segment.count >= 1 else { return false }
        let components = Int(bytes[segment.start])
        return (1...3).contains(components) && segment.count == 1 + 2 * components + 3
    }
}
