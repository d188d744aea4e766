/// An MP4 or QuickTime video track's facts: its size and rotation from `tkhd`, its codec from
/// the first sample entry of `stsd`.
package struct VideoTrack: Equatable {
    /// The stored frames' display size (`tkhd`), before rotation.
    var width: Int
    var height: Int
    /// Clockwise degrees, from the `tkhd` matrix.
    var rotation: Int
    var codec: String?
}

extension VideoReader {
    /// The track `trak` in `file` (whose byte 0 is the file's byte `base`) when its handler is
    /// `vide` and it has a size; nil for other tracks.
    static func videoTrack(
        _ file: ByteWindow, _ trak: Box, _ format: VideoFormat, base: Int
    ) throws(VideoReadError) -> VideoTrack? {
        let boxes = try children(file, of: trak, format, base: base)
        guard let mdia = boxes.first(where: { $0.type == "mdia" }) else { return nil }
        let media = try children(file, of: mdia, format, base: base)
        guard let hdlr = media.first(where: { $0.type == "hdlr" }), hdlr.payloadStart + 12 <= hdlr.end,
            file.matches("vide", at: hdlr.payloadStart + 8)
        else { return nil }
        var codec: String?
        var entrySize: (width: Int, height: Int)?
        if let entry = try firstSampleEntry(file, media: media, format, base: base) {
            codec = String(entry.type.reversed().drop { $0 == " " }.reversed())
            // A visual sample entry: 8 bytes of reserved and reference index, 16 pre-defined.
            if let width = file.u16(entry.payloadStart + 24), let height = file.u16(entry.payloadStart + 26),
                entry.payloadStart + 28 <= entry.end
            {
                entrySize = (Int(width), Int(height))
            }
        }
        guard let tkhd = boxes.first(where: { $0.type == "tkhd" }), let version = file.u8(tkhd.payloadStart) else {
            throw VideoReadError("\(format.name) video track has no header ('tkhd')", offset: base + trak.start)
        }
        let matrix = tkhd.payloadStart + (version == 1 ? 52 : 40)
        guard matrix + 44 <= tkhd.end, let a = file.u32(matrix), let b = file.u32(matrix + 4),
            let c = file.u32(matrix + 12), let d = file.u32(matrix + 16), let width = file.u32(matrix + 36),
            let height = file.u32(matrix + 40)
        else { throw VideoReadError("\(format.name) track header ('tkhd') is too short", offset: base + tkhd.start) }
        var size = (width: Int((Double(width) / 65536).rounded()), height: Int((Double(height) / 65536).rounded()))
        if size.width == 0 || size.height == 0, let entrySize { size = entrySize }
        guard size.width > 0, size.height > 0 else {
            throw VideoReadError("\(format.name) video track has no size", offset: base + tkhd.start)
        }
        return VideoTrack(
            width: size.width, height: size.height,
            rotation: rotation(Int32(bitPattern: a), Int32(bitPattern: b), Int32(bitPattern: c), Int32(bitPattern: d)),
            codec: codec)
    }

    /// Clockwise degrees for a matrix that turns by a quarter turn or a half (a = d, b = −c, as
    /// exiftool's `Rotation` reads it: b > 0 is 90°); 0 for any other, mirrored ones included.
    static func rotation(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> Int {
        // In Int: the file may hold Int32.min, whose negation does not fit in an Int32.
        guard a == d, Int(b) == -Int(c) else { return 0 }
        switch (a.signum(), b.signum()) {
        case (0, 1): return 90
        case (-1, 0): return 180
        case (0, -1): return 270
        default: return 0
        }
    }

    /// `mdia/minf/stbl/stsd`'s first entry.
    static func firstSampleEntry(
        _ file: ByteWindow, media: [Box], _ format: VideoFormat, base: Int
    ) throws(VideoReadError) -> Box? {
        guard let minf = media.first(where: { $0.type == "minf" }),
            let stbl = try children(file, of: minf, format, base: base).first(where: { $0.type == "stbl" }),
            let stsd = try children(file, of: stbl, format, base: base).first(where: { $0.type == "stsd" })
        else { return nil }
        // A full box with an entry count: 8 bytes before the entries.
        let entries = Box(type: stsd.type, start: stsd.start, payloadStart: stsd.payloadStart + 8, end: stsd.end)
        guard entries.payloadStart + 8 <= entries.end,
            case .box(let entry) = ISOBoxReader.header(file, at: entries.payloadStart, end: entries.end)
        else { return nil }
        return entry
    }
}
