/// One marker segment of a JPEG file before its first scan: the marker byte and where its
/// payload (the bytes after the length field) lies in the file.
package struct JPEGSegment: Sendable, Equatable {
    package var marker: UInt8
    /// Offset of the payload in the file.
    package var start: Int
    /// Payload bytes, 0...65,533.
    package var count: Int

    package var end: Int { start + count }

    /// Whether the payload starts with `signature`.
    func hasSignature(_ signature: [UInt8], in bytes: [UInt8]) -> Bool {
        count >= signature.count && bytes[start..<start + signature.count].elementsEqual(signature)
    }

    /// The layout of a JPEG file: the segments before the first scan, and the range from the first
    /// SOS marker through EOI, which holds the entropy-coded data (and any tables between scans).
    struct Layout: Sendable, Equatable {
        var segments: [JPEGSegment]
        var scan: Range<Int>
        /// The segments from the first SOS on (that SOS first), each with the bytes after it up to
        /// the next segment or EOI: entropy-coded data after an SOS, nothing after a table.
        var scanParts: [ScanPart] = []
        /// Whether the scan range ends with the image's EOI marker (not cut short).
        var endsWithEOI = false
    }

    /// A segment from the first SOS on, and the bytes that follow it before the next marker.
    struct ScanPart: Sendable, Equatable {
        var segment: JPEGSegment
        var data: Range<Int>
    }

    /// Walks the marker segments of `bytes` up to the first SOS, checking every length.
    ///
    /// Fill bytes (`FF FF …`) before a marker are allowed, and so are stray bytes between
    /// segments, which libjpeg skips with a warning. The scan range ends after the EOI marker of
    /// the image (found by skipping entropy-coded data, restart markers and the segments between
    /// progressive scans), or at the end of a file that is cut short; bytes after EOI, such as the
    /// extra images of an MPF file, are not part of it.
    static func layout(of bytes: [UInt8]) throws(ImageError) -> Layout {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageError(.malformed, "not a JPEG file (it does not start with an SOI marker)")
        }
        var segments: [JPEGSegment] = []
        var position = 2
        while true {
            guard let (marker, markerStart) = JPEGMarkers.next(in: bytes, from: position) else {
                throw ImageError(.malformed, "JPEG file ends before its first scan (no SOS marker)")
            }
            switch marker {
            case 0xD9:
                throw ImageError(.malformed, "JPEG file ends before its first scan (EOI before SOS)")
            case 0x01, 0xD0...0xD8:
                // Markers without a length; SOI again or RSTn here are stray but harmless.
                position = markerStart + 2
                continue
            default:
                break
            }
            let segment = try segment(marker, at: markerStart, in: bytes)
            if marker == 0xDA {
                let (parts, end, endsWithEOI) = scanParts(in: bytes, first: segment)
                return Layout(
                    segments: segments, scan: markerStart..<end, scanParts: parts, endsWithEOI: endsWithEOI)
            }
            segments.append(segment)
            position = segment.end
        }
    }

    /// The segment whose marker's `FF` is at `markerStart`, or an error saying why there is none.
    private static func segment(
        _ marker: UInt8, at markerStart: Int, in bytes: [UInt8]
    ) throws(ImageError) -> JPEGSegment {
        let name = JPEGMarkers.name(marker)
        switch JPEGMarkers.segment(marker, at: markerStart, in: bytes) {
        case .segment(let segment):
            return segment
        case .invalidLength(let length):
            throw ImageError(.malformed, "JPEG segment \(name) at byte \(markerStart) has an invalid length \(length)")
        case .runsPast:
            throw ImageError(.malformed, "JPEG segment \(name) at byte \(markerStart) runs past the end of the file")
        }
    }

    /// The segments from the first SOS (`first`) through EOI, each with the bytes after it, and
    /// the offset just past the image's EOI marker; the file's length when there is none or a
    /// segment between scans is cut short.
    private static func scanParts(
        in bytes: [UInt8], first: JPEGSegment
    ) -> (parts: [ScanPart], end: Int, endsWithEOI: Bool) {
        var parts: [ScanPart] = []
        var current = first
        var index = first.end
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else {
                index += 1
                continue
            }
            let marker = bytes[index + 1]
            switch marker {
            case 0x00, 0xFF, 0xD0...0xD7, 0x01:
                // Stuffed zero, fill byte, restart marker: still entropy-coded data.
                index += 1
            case 0xD9:
                parts.append(ScanPart(segment: current, data: current.end..<index))
                return (parts, index + 2, true)
            default:
                guard let segment = try? segment(marker, at: index, in: bytes) else {
                    parts.append(ScanPart(segment: current, data: current.end..<bytes.count))
                    return (parts, bytes.count, false)
                }
                parts.append(ScanPart(segment: current, data: current.end..<index))
                current = segment
                index = segment.end
            }
        }
        parts.append(ScanPart(segment: current, data: current.end..<bytes.count))
        return (parts, bytes.count, false)
    }
}
