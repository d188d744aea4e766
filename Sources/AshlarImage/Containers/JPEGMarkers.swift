/// The one reader of a JPEG file's marker structure, used by the decoder (``JPEGStream``), the
/// metadata reader and rewriter (``JPEGSegment/layout(of:)``) and the gallery's header scan alike,
/// so that they agree on which files are JPEGs.
///
/// It follows libjpeg: fill bytes (`FF FF …`) before a marker are allowed, and so are stray bytes
/// between segments, which libjpeg skips with a warning.
package enum JPEGMarkers {
    /// The marker at or after `position`, before `end` (default: the end of `bytes`): skips stray
    /// bytes up to an `FF` followed by neither `FF` nor `00`. Returns the marker byte and the
    /// offset of the `FF` just before it, or nil when none starts before `end - 1`.
    static func next(in bytes: [UInt8], from position: Int, end: Int? = nil) -> (marker: UInt8, offset: Int)? {
        let end = min(end ?? bytes.count, bytes.count)
        var index = max(0, position)
        while index + 1 < end {
            if bytes[index] == 0xFF && bytes[index + 1] != 0xFF && bytes[index + 1] != 0x00 {
                return (bytes[index + 1], index)
            }
            index += 1
        }
        return nil
    }

    /// Whether a marker stands alone, without a length and payload: TEM, RSTn, SOI and EOI.
    static func isStandalone(_ marker: UInt8) -> Bool {
        marker == 0x01 || (0xD0...0xD9).contains(marker)
    }

    /// What reading the segment whose marker's `FF` is at `markerStart` found.
    enum SegmentRead: Equatable {
        case segment(JPEGSegment)
        /// The length field, or the payload it declares, runs past the bytes there are: reading
        /// needs at least this many bytes from the start of the file.
        case runsPast(needed: Int)
        /// The length field is 0 or 1.
        case invalidLength(Int)
    }

    /// The segment whose marker's `FF` is at `markerStart`, its length checked against `bytes`.
    static func segment(_ marker: UInt8, at markerStart: Int, in bytes: [UInt8]) -> SegmentRead {
        guard markerStart + 4 <= bytes.count else { return .runsPast(needed: markerStart + 4) }
        let length = Int(bytes[markerStart + 2]) << 8 | Int(bytes[markerStart + 3])
        guard length >= 2 else { return .invalidLength(length) }
        guard markerStart + 2 + length <= bytes.count else { return .runsPast(needed: markerStart + 2 + length) }
        return .segment(JPEGSegment(marker: marker, start: markerStart + 4, count: length - 2))
    }

    /// A marker's name in messages: `FFE1`.
    static func name(_ marker: UInt8) -> String {
        "FF" + String(marker, radix: 16, uppercase: true)
    }
}
