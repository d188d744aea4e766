/// The patches that make a WebM or Matroska file's published copy keep only what
/// `MatroskaAllowlist` keeps: every other element becomes a zeroed `Void` of the same length.
///
/// It walks the file header by header, never reading frame data: a block's track number is the
/// few bytes at the start of its data. Headers are read through a 4 KiB window, so the many small
/// blocks of an audio track cost one read per window, and a large video frame one small read.
package struct MatroskaPublishedCopy {
    typealias ID = VideoReader.MatroskaID
    typealias Element = EBMLReader.Element

    /// Element headers read in all: an hour of 60 fps video with audio has about 400,000 blocks.
    static let maximumHeaders = 4_000_000
    /// Elements dropped in all (each a patch the build holds until the copy is written).
    static let maximumPatches = 100_000
    static let windowSize = 4096

    private(set) var patches: [VideoPatch] = []
    private let fileSize: Int
    private let read: VideoReader.Read
    private var window: [UInt8] = []
    private var windowStart = 0
    private var headers = 0
    private var keptTracks: Set<UInt64> = []
    private var droppedTracks: Set<UInt64> = []

    init(fileSize: Int, _ read: @escaping VideoReader.Read) {
        self.fileSize = fileSize
        self.read = read
    }

    /// The header at `offset` of an element that must end by `end`.
    mutating func header(at offset: Int, end: Int) throws(VideoReadError) -> Element {
        headers += 1
        guard headers <= Self.maximumHeaders else {
            throw VideoReadError("WebM has more than \(Self.maximumHeaders) elements", offset: offset)
        }
        let head = try bytes(at: offset, count: min(12, end - offset))
        switch EBMLReader.header(ByteWindow(head), at: 0, end: end - offset) {
        case .element(let element): return element.shifted(by: offset)
        case .needs: throw VideoReadError("WebM ends inside an element header", offset: offset)
        case .damaged: throw VideoReadError("WebM element at byte \(offset) is damaged", offset: offset)
        }
    }

    /// Checks `element`, a child of `parent`, against the allowlist: dropped, or kept with its
    /// children checked in turn (but for a `Cluster` of unknown size, whose children the caller
    /// walks, since only what follows them ends it).
    mutating func visit(_ element: Element, in parent: UInt32) throws(VideoReadError) {
        guard MatroskaAllowlist.keeps(element.id, in: parent), try keepsContents(of: element) else {
            return try drop(element)
        }
        try keep(element)
    }

    /// Keeps `element`, checking its children against the allowlist when it has any.
    mutating func keep(_ element: Element) throws(VideoReadError) {
        guard MatroskaAllowlist.children[element.id] != nil, let end = element.end else { return }
        var offset = element.dataStart
        while offset < end {
            let child = try header(at: offset, end: end)
            guard let next = child.end else {
                throw VideoReadError("WebM element 0x\(VideoReader.hex(child.id)) has an unknown size", offset: offset)
            }
            try visit(child, in: element.id)
            offset = next
        }
    }

    /// Overwrites the bytes from `start` to the end of the file with zeros: what follows a
    /// `Segment` is no part of the video.
    mutating func dropRest(from start: Int) {
        guard start < fileSize else { return }
        patches.append(VideoPatch(offset: start, bytes: [], zeros: fileSize - start))
    }

    /// The checks beyond the table: a track's type, a block's track, a `Seek` entry's target.
    private mutating func keepsContents(of element: Element) throws(VideoReadError) -> Bool {
        switch element.id {
        case ID.trackEntry: return try keepsTrack(element)
        case ID.cluster:
            guard !keptTracks.isEmpty else {
                throw VideoReadError(
                    "WebM has a 'Cluster' before its 'Tracks'; remux it (ffmpeg -i FILE -c copy OUT.webm)",
                    offset: element.start)
            }
            return true
        case ID.simpleBlock, ID.block: return try track(of: element).map(keptTracks.contains) ?? false
        case ID.blockGroup:
            let block = try children(of: element).first { $0.id == ID.block }
            return try block.flatMap { block throws(VideoReadError) in try track(of: block) }.map(keptTracks.contains)
                ?? false
        case ID.seek:
            guard let target = try children(of: element).first(where: { $0.id == ID.seekID }) else { return false }
            return try unsigned(target).map { MatroskaAllowlist.seekable.contains(UInt32(truncatingIfNeeded: $0)) }
                ?? false
        default: return true
        }
    }

    /// Whether a `TrackEntry` is video or audio; its number is then kept, else its blocks go too.
    /// Two tracks of one number, one kept and one not, cannot be told apart and are refused.
    private mutating func keepsTrack(_ entry: Element) throws(VideoReadError) -> Bool {
        let fields = try children(of: entry)
        let type = try fields.first { $0.id == ID.trackType }.flatMap { field throws(VideoReadError) in
            try unsigned(field)
        }
        let kept = type.map(MatroskaAllowlist.trackTypes.contains) ?? false
        guard let field = fields.first(where: { $0.id == ID.trackNumber }), let number = try unsigned(field),
            number > 0
        else {
            guard kept else { return false }
            throw VideoReadError("WebM track has no track number", offset: entry.start)
        }
        guard !(kept ? droppedTracks : keptTracks).contains(number) else {
            throw VideoReadError(
                "WebM has two tracks numbered \(number); remux it (ffmpeg -i FILE -map 0:v -map 0:a -c copy OUT.webm)",
                offset: entry.start)
        }
        if kept { keptTracks.insert(number) } else { droppedTracks.insert(number) }
        if kept { try rewriteCodecPrivate(fields) }
        return kept
    }

    /// Rewrites what a kept track's `CodecPrivate` holds besides decoder settings
    /// (`MatroskaCodecPrivate`).
    private mutating func rewriteCodecPrivate(_ fields: [Element]) throws(VideoReadError) {
        guard let codecField = fields.first(where: { $0.id == ID.codecID }), let end = codecField.end,
            end - codecField.dataStart <= 64
        else { return }
        let codec = String(
            decoding: try bytes(at: codecField.dataStart, count: end - codecField.dataStart).prefix { $0 != 0 },
            as: UTF8.self)
        for field in fields where field.id == ID.codecPrivate {
            guard let end = field.end, end - field.dataStart <= VideoReader.maximumMatroskaElement else { continue }
            let data = try bytes(at: field.dataStart, count: end - field.dataStart)
            guard let rewritten = try MatroskaCodecPrivate.rewritten(data, codec: codec), rewritten != data else {
                continue
            }
            patches.append(VideoPatch(offset: field.dataStart, bytes: rewritten))
        }
    }

    private mutating func drop(_ element: Element) throws(VideoReadError) {
        guard let end = element.end else {
            throw VideoReadError(
                "WebM element 0x\(VideoReader.hex(element.id)) has an unknown size", offset: element.start)
        }
        guard patches.count < Self.maximumPatches else {
            throw VideoReadError(
                "WebM has more than \(Self.maximumPatches) elements a published copy leaves out", offset: element.start)
        }
        let header = EBMLReader.voidHeader(length: end - element.start)
        patches.append(VideoPatch(offset: element.start, bytes: header, zeros: end - element.start - header.count))
    }

    /// The children of an element of known size (a `TrackEntry`, a `BlockGroup`, a `Seek`).
    private mutating func children(of element: Element) throws(VideoReadError) -> [Element] {
        guard let end = element.end else { return [] }
        var elements: [Element] = []
        var offset = element.dataStart
        while offset < end {
            guard elements.count < EBMLReader.maximumElements else {
                throw VideoReadError(
                    "WebM element 0x\(VideoReader.hex(element.id)) has more than \(EBMLReader.maximumElements) children",
                    offset: element.start)
            }
            let child = try header(at: offset, end: end)
            guard let next = child.end else {
                throw VideoReadError("WebM element 0x\(VideoReader.hex(child.id)) has an unknown size", offset: offset)
            }
            elements.append(child)
            offset = next
        }
        return elements
    }

    /// A block's track number: the variable-length integer its data starts with.
    private mutating func track(of block: Element) throws(VideoReadError) -> UInt64? {
        guard let end = block.end, end > block.dataStart else { return nil }
        return EBMLReader.vint(try bytes(at: block.dataStart, count: min(8, end - block.dataStart)))?.value
    }

    /// An unsigned integer element's value (up to 8 bytes).
    private mutating func unsigned(_ element: Element) throws(VideoReadError) -> UInt64? {
        guard let end = element.end, end - element.dataStart <= 8 else { return nil }
        let data = try bytes(at: element.dataStart, count: end - element.dataStart)
        return EBMLReader.unsigned(ByteWindow(data), element.shifted(by: -element.dataStart))
    }

    /// Exactly `count` bytes at `offset`, from the window when it holds them.
    private mutating func bytes(at offset: Int, count: Int) throws(VideoReadError) -> [UInt8] {
        if offset >= windowStart, offset + count <= windowStart + window.count {
            return Array(window[(offset - windowStart)..<(offset - windowStart + count)])
        }
        guard offset >= 0, count >= 0, offset <= fileSize - count else {
            throw VideoReadError("the file ends before byte \(offset + count)", offset: offset)
        }
        window = try VideoReader.bytes(
            read, at: offset, count: max(count, min(Self.windowSize, fileSize - offset)), fileSize: fileSize)
        windowStart = offset
        return Array(window.prefix(count))
    }
}
