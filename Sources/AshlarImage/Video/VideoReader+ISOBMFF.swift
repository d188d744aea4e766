extension VideoReader {
    typealias Box = ISOBoxReader.Box

    /// The largest `moov` read: a movie's sample tables, even hours long, are a few MiB.
    static let maximumMovieBox = 64 << 20
    /// The largest XMP `uuid` or top-level `meta`/`udta` box read.
    static let maximumMetadataBox = 4 << 20
    /// Top-level boxes beyond this are not walked (a fragmented MP4 has two a fragment).
    static let maximumTopLevelBoxes = 100_000
    /// The `uuid` of an XMP packet's box (Adobe XMP specification, part 3).
    static let xmpUUID: [UInt8] = [
        0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
    ]

    /// Walks an MP4 or QuickTime file's top-level boxes by their headers, reading `moov` whole
    /// (wherever it lies) and the top-level `uuid`, `meta` and `udta` boxes that may hold
    /// metadata; the media data is skipped. The patches keep what ``ISOAllowlist`` keeps.
    static func readISO(_ format: VideoFormat, fileSize: Int, _ read: Read) throws(VideoReadError) -> VideoFacts {
        var offset = 0
        var count = 0
        var track: VideoTrack?
        var duration: Double?
        var movie: PublishedMovie?
        var metadata = QuickTimeMetadata()
        var patches: [VideoPatch] = []
        var mediaData: [Box] = []
        while offset < fileSize {
            count += 1
            guard count <= maximumTopLevelBoxes else {
                throw VideoReadError(
                    "\(format.name) has more than \(maximumTopLevelBoxes) top-level boxes", offset: offset)
            }
            let head = try bytes(read, at: offset, count: min(16, fileSize - offset), fileSize: fileSize)
            let box = try header(ByteWindow(head), at: 0, end: fileSize - offset, format, base: offset).shifted(
                by: offset)
            switch box.type {
            case "moov":
                guard movie == nil else { throw VideoReadError("\(format.name) has two 'moov' boxes", offset: offset) }
                let file = ByteWindow(try whole(box, read, format, limit: maximumMovieBox, fileSize: fileSize))
                let local = box.shifted(by: -box.start)
                let children = try children(file, of: local, format, base: box.start)
                duration = movieDuration(file, children.first { $0.type == "mvhd" })
                for trak in children where trak.type == "trak" && track == nil {
                    track = try videoTrack(file, trak, format, base: box.start)
                }
                try metadata.scan(file, local, format: format, base: box.start)
                movie = try PublishedMovie(file, local, format, base: box.start, fileSize: fileSize)
            case "mdat":
                mediaData.append(box)
            case _ where ISOAllowlist.fragments.contains(box.type):
                throw VideoReadError(
                    "\(format.name) is fragmented ('\(box.type)'), which cannot be published; "
                        + "remux it (ffmpeg -i IN -c copy -movflags +faststart OUT.mp4)", offset: offset)
            case "uuid":
                guard box.payloadStart + 16 <= box.end else { break }
                let uuid = try bytes(read, at: box.payloadStart, count: 16, fileSize: fileSize)
                guard uuid == xmpUUID else { break }
                let packet = try whole(box, read, format, limit: maximumMetadataBox, fileSize: fileSize)
                try metadata.scan(ByteWindow(packet), box.shifted(by: -box.start), format: format, base: box.start)
            case "meta", "udta":
                let bytes = try whole(box, read, format, limit: maximumMetadataBox, fileSize: fileSize)
                try metadata.scan(ByteWindow(bytes), box.shifted(by: -box.start), format: format, base: box.start)
            default:
                break
            }
            if !ISOAllowlist.keeps(box.type, in: "") {
                patches.append(free(ByteWindow(head), box.shifted(by: -offset), base: offset))
            }
            offset = box.end
        }
        guard let movie else { throw VideoReadError("\(format.name) has no 'moov' box") }
        guard let track else { throw VideoReadError("\(format.name) has no video track") }
        patches += movie.patches
        patches += try mediaPatches(mediaData, kept: movie.keptMedia, dropped: movie.droppedMedia, format)
        let turned = track.rotation == 90 || track.rotation == 270
        return VideoFacts(
            format: format, width: turned ? track.height : track.width, height: turned ? track.width : track.height,
            rotation: track.rotation, duration: duration, codec: track.codec, mimeType: format.mimeType,
            xmp: metadata.xmp, title: metadata.title, patches: patches.sorted { $0.offset < $1.offset },
            recordsLocation: metadata.recordsLocation || movie.recordsTimedLocation)
    }

    /// The header at `offset` of `file`, whose byte 0 is the file's byte `base`, or an error that
    /// says what is wrong where.
    static func header(
        _ file: ByteWindow, at offset: Int, end: Int, _ format: VideoFormat, base: Int
    ) throws(VideoReadError) -> Box {
        switch ISOBoxReader.header(file, at: offset, end: end, largest: Int.max >> 1) {
        case .box(let box):
            return box
        case .needs:
            throw VideoReadError("\(format.name) ends inside a box header", offset: base + offset)
        case .damaged(let type, .tooSmall(let size)):
            throw VideoReadError("\(format.name) box '\(type)' has size \(size)", offset: base + offset)
        case .damaged(let type, _):
            throw VideoReadError(
                "\(format.name) box '\(type)' runs past the end of its container", offset: base + offset)
        }
    }

    /// The boxes in `parent`'s payload; an error when one does not fit.
    static func children(
        _ file: ByteWindow, of parent: Box, _ format: VideoFormat, base: Int
    ) throws(VideoReadError) -> [Box] {
        guard let boxes = ISOBoxReader.children(file, of: parent) else {
            throw VideoReadError("\(format.name) box '\(parent.type)' is damaged", offset: base + parent.start)
        }
        return boxes
    }

    /// A whole box, read into memory, when it is no larger than `limit`.
    private static func whole(
        _ box: Box, _ read: Read, _ format: VideoFormat, limit: Int, fileSize: Int
    ) throws(VideoReadError) -> [UInt8] {
        let size = box.end - box.start
        guard size <= limit else {
            throw VideoReadError(
                "\(format.name) box '\(box.type)' is larger than \(limit >> 20) MiB", offset: box.start)
        }
        return try bytes(read, at: box.start, count: size, fileSize: fileSize)
    }

    /// Seconds, from `mvhd` (version 0 or 1); nil when missing, unknown or nonsensical.
    private static func movieDuration(_ file: ByteWindow, _ mvhd: Box?) -> Double? {
        guard let mvhd, let version = file.u8(mvhd.payloadStart) else { return nil }
        let timescale: UInt32?
        let duration: UInt64?
        if version == 1 {
            timescale = file.u32(mvhd.payloadStart + 20)
            duration = file.u64(mvhd.payloadStart + 24)
        } else {
            timescale = file.u32(mvhd.payloadStart + 12)
            duration = file.u32(mvhd.payloadStart + 16).flatMap { $0 == .max ? nil : UInt64($0) }
        }
        guard let timescale, timescale > 0, let duration, duration != .max, mvhd.payloadStart + 28 <= mvhd.end
        else { return nil }
        return Double(duration) / Double(timescale)
    }
}
