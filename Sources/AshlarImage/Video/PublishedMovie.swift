/// What a published MP4 or QuickTime copy keeps of `moov` (``ISOAllowlist``): the patches that
/// turn every other box into `free` and zero the free text of the kept ones, and where the kept
/// tracks' samples lie, so that the rest of the media data can be zeroed.
package struct PublishedMovie {
    private(set) var patches: [VideoPatch] = []
    /// The kept tracks' samples, as byte ranges of the file.
    private(set) var keptMedia: [Range<Int>] = []
    /// The dropped tracks' samples, where their tables could be read: they must not lie among
    /// the kept ones.
    private(set) var droppedMedia: [(range: Range<Int>, entry: String)] = []
    /// Whether a dropped track records a position frame by frame (for the warning when the file
    /// is published as it is).
    private(set) var recordsTimedLocation = false

    private let file: ByteWindow
    private let format: VideoFormat
    private let base: Int
    private let fileSize: Int

    /// Sample entries of tracks that record a position frame by frame: GoPro's GPMF (`gpmd`),
    /// Google's camera motion (`camm`), Sony's `rtmd`, DJI's `djmd`, Parrot's `mett`, Novatek's
    /// `gps `; and Apple's `mebx` when its keys name a location.
    static let timedLocationEntries: Set<String> = ["gpmd", "camm", "rtmd", "djmd", "mett", "gps "]

    /// Walks `moov` (`box` in `file`, whose byte 0 is the file's byte `base`).
    init(
        _ file: ByteWindow, _ box: ISOBoxReader.Box, _ format: VideoFormat, base: Int, fileSize: Int
    ) throws(VideoReadError) {
        self.file = file
        self.format = format
        self.base = base
        self.fileSize = fileSize
        try walk(box, key: "moov", handler: "", depth: 0)
    }

    private mutating func walk(
        _ box: ISOBoxReader.Box, key: String, handler: String, depth: Int
    ) throws(VideoReadError) {
        guard depth < QuickTimeMetadata.maximumDepth else {
            throw VideoReadError("\(format.name) boxes are nested too deeply", offset: base + box.start)
        }
        for child in try VideoReader.children(file, of: box, format, base: base) {
            guard ISOAllowlist.keeps(child.type, in: key) else {
                drop(child)
                continue
            }
            switch child.type {
            case "trak": try track(child, depth: depth)
            case "hdlr": zero(from: child.payloadStart + 24, to: child.end)
            case "dref": try dataReferences(child)
            case "stsd": try sampleEntries(child, handler: handler, depth: depth)
            case _ where ISOAllowlist.kept[child.type] != nil:
                try walk(child, key: child.type, handler: handler, depth: depth + 1)
            default: break
            }
        }
    }

    /// A track of video or sound is walked and its samples kept; any other is dropped whole.
    private mutating func track(_ trak: ISOBoxReader.Box, depth: Int) throws(VideoReadError) {
        let boxes = try VideoReader.children(file, of: trak, format, base: base)
        let media = try boxes.first { $0.type == "mdia" }.map { mdia throws(VideoReadError) in
            try VideoReader.children(file, of: mdia, format, base: base)
        }
        let hdlr = media?.first { $0.type == "hdlr" }
        let handler = hdlr.flatMap { file.slice($0.payloadStart + 8, count: 4) }.map(Self.fourCC) ?? ""
        let stbl = try media?.first { $0.type == "minf" }.map { minf throws(VideoReadError) in
            try VideoReader.children(file, of: minf, format, base: base)
        }?.first { $0.type == "stbl" }
        let tables = try stbl.map { stbl throws(VideoReadError) in
            try VideoReader.children(file, of: stbl, format, base: base)
        }
        guard ISOAllowlist.keptHandlers.contains(handler) else {
            let entry = try media.flatMap { media throws(VideoReadError) in
                try VideoReader.firstSampleEntry(file, media: media, format, base: base)
            }
            let type = entry?.type ?? handler
            if let entry, recordsLocation(entry) { recordsTimedLocation = true }
            if let tables,
                let ranges = try? ISOSampleTable.chunkRanges(file, tables, format, base: base, fileSize: fileSize)
            {
                droppedMedia += ranges.map { ($0, type) }
            }
            drop(trak)
            return
        }
        try walk(trak, key: "trak", handler: handler, depth: depth + 1)
        if let tables {
            keptMedia += try ISOSampleTable.chunkRanges(file, tables, format, base: base, fileSize: fileSize)
        }
    }

    private func recordsLocation(_ entry: ISOBoxReader.Box) -> Bool {
        if Self.timedLocationEntries.contains(entry.type) { return true }
        guard entry.type == "mebx", let bytes = file.slice(entry.start, count: entry.end - entry.start) else {
            return false
        }
        let needle = Array("location".utf8)
        return bytes.count >= needle.count
            && (bytes.startIndex...(bytes.endIndex - needle.count)).contains {
                bytes[$0..<$0 + needle.count].elementsEqual(needle)
            }
    }

    /// `dref`: every entry must say the media is in this file; what follows its flags is zeroed.
    private mutating func dataReferences(_ dref: ISOBoxReader.Box) throws(VideoReadError) {
        let entries = ISOBoxReader.Box(
            type: "dref", start: dref.start, payloadStart: dref.payloadStart + 8, end: dref.end)
        for entry in try VideoReader.children(file, of: entries, format, base: base) {
            guard ISOAllowlist.dataReferences.contains(entry.type), let flags = file.u32(entry.payloadStart),
                flags & 1 == 1
            else {
                throw VideoReadError(
                    "\(format.name) track refers to media in another file ('\(entry.type)'), which cannot be "
                        + "published; export the video as one self-contained file", offset: base + entry.start)
            }
            zero(from: entry.payloadStart + 4, to: entry.end)
        }
    }

    /// `stsd`: each sample entry's fixed fields are kept (a visual one's compressor name zeroed)
    /// and its boxes walked; an entry whose boxes cannot be found is refused.
    private mutating func sampleEntries(
        _ stsd: ISOBoxReader.Box, handler: String, depth: Int
    ) throws(VideoReadError) {
        let list = ISOBoxReader.Box(type: "stsd", start: stsd.start, payloadStart: stsd.payloadStart + 8, end: stsd.end)
        for entry in try VideoReader.children(file, of: list, format, base: base) {
            let sizes = ISOAllowlist.sampleEntryFieldSizes(
                handler: handler, soundVersion: file.u16(entry.payloadStart + 8))
            let fields = sizes.first { size in
                entry.payloadStart + size <= entry.end
                    && ISOBoxReader.children(
                        file,
                        of: ISOBoxReader.Box(
                            type: entry.type, start: entry.start, payloadStart: entry.payloadStart + size,
                            end: entry.end)) != nil
            }
            guard let fields else {
                throw VideoReadError(
                    "\(format.name) sample entry '\(entry.type)' cannot be read", offset: base + entry.start)
            }
            if handler == "vide" { zero(from: entry.payloadStart + 42, to: entry.payloadStart + 74) }
            let boxes = ISOBoxReader.Box(
                type: entry.type, start: entry.start, payloadStart: entry.payloadStart + fields, end: entry.end)
            try walk(boxes, key: ISOAllowlist.sampleEntry, handler: handler, depth: depth + 1)
        }
    }

    /// Turns `box` into `free` with a zero body, unless it already is.
    private mutating func drop(_ box: ISOBoxReader.Box) {
        let isFree =
            box.type == "free"
            && (file.slice(box.start + box.headerSize, count: box.end - box.start - box.headerSize)?.allSatisfy {
                $0 == 0
            } ?? false)
        if !isFree { patches.append(VideoReader.free(file, box, base: base)) }
    }

    /// Zeroes `start..<end` when any of it is not zero.
    private mutating func zero(from start: Int, to end: Int) {
        guard start < end, let bytes = file.slice(start, count: end - start), bytes.contains(where: { $0 != 0 })
        else { return }
        patches.append(VideoPatch(offset: base + start, bytes: [], zeros: end - start))
    }

    static func fourCC(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
