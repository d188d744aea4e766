/// What a WebM or Matroska file's `Info`, `Tracks` and `Tags` say, gathered as they are read.
///
/// Locations: a `SimpleTag` whose `TagName` names a place or a position (`LOCATION`,
/// `RECORDING_LOCATION`, `GPS…`, `…ISO6709`, `…LATITUDE`) means the file records where it was
/// taken (for the warning when it is published as it is); a published copy drops all `Tags`.
package struct MatroskaFacts {
    typealias ID = VideoReader.MatroskaID
    typealias Element = EBMLReader.Element

    private(set) var track: VideoTrack?
    private(set) var title: String?
    private(set) var recordsLocation = false
    private var timestampScale: UInt64 = 1_000_000
    private var rawDuration: Double?

    /// Seconds: `Duration` in units of `TimestampScale` nanoseconds.
    var duration: Double? {
        rawDuration.flatMap { $0.isFinite && $0 >= 0 ? $0 * Double(timestampScale) / 1e9 : nil }
    }

    /// Reads `element` (`Info`, `Tracks` or `Tags`), whole in `file`, whose byte 0 is the file's
    /// byte `base`.
    mutating func read(_ file: ByteWindow, _ element: Element, base: Int) throws(VideoReadError) {
        let children = try Self.children(file, of: element, base: base)
        switch element.id {
        case ID.info:
            for child in children {
                switch child.id {
                case ID.timestampScale:
                    if let scale = EBMLReader.unsigned(file, child), scale > 0, scale <= 1 << 40 {
                        timestampScale = scale
                    }
                case ID.duration: rawDuration = EBMLReader.float(file, child)
                case ID.title: title = EBMLReader.string(file, child).flatMap { $0.isEmpty ? nil : $0 }
                default: break
                }
            }
        case ID.tracks:
            for entry in children where entry.id == ID.trackEntry && track == nil {
                track = try Self.videoTrack(file, entry, base: base)
            }
        case ID.tags:
            for tag in children where tag.id == ID.tag {
                for simpleTag in try Self.children(file, of: tag, base: base) where simpleTag.id == ID.simpleTag {
                    try findLocations(file, simpleTag, base: base, depth: 0)
                }
            }
        default:
            break
        }
    }

    private mutating func findLocations(
        _ file: ByteWindow, _ simpleTag: Element, base: Int, depth: Int
    ) throws(VideoReadError) {
        let children = try Self.children(file, of: simpleTag, base: base)
        let name = children.first { $0.id == ID.tagName }.flatMap { EBMLReader.string(file, $0) } ?? ""
        if Self.namesALocation(name) {
            recordsLocation = true
            return
        }
        guard depth < 16 else {
            throw VideoReadError("WebM tags are nested too deeply", offset: base + simpleTag.start)
        }
        for child in children where child.id == ID.simpleTag {
            try findLocations(file, child, base: base, depth: depth + 1)
        }
    }

    /// Whether a tag name is a place or a position.
    static func namesALocation(_ name: String) -> Bool {
        let upper = name.uppercased()
        return ["LOCATION", "GPS", "ISO6709", "LATITUDE", "LONGITUDE", "COORDINATES"].contains { upper.contains($0) }
    }

    /// A `TrackEntry` of type 1 (video): its size (the display size when given in pixels) and codec.
    private static func videoTrack(_ file: ByteWindow, _ entry: Element, base: Int) throws(VideoReadError)
        -> VideoTrack?
    {
        let fields = try children(file, of: entry, base: base)
        guard fields.first(where: { $0.id == ID.trackType }).flatMap({ EBMLReader.unsigned(file, $0) }) == 1 else {
            return nil
        }
        let codec = fields.first { $0.id == ID.codecID }.flatMap { EBMLReader.string(file, $0) }
        guard let video = fields.first(where: { $0.id == ID.video }) else {
            throw VideoReadError("WebM video track has no 'Video' settings", offset: base + entry.start)
        }
        let settings = try children(file, of: video, base: base)
        func value(_ id: UInt32) -> Int? {
            settings.first { $0.id == id }.flatMap { EBMLReader.unsigned(file, $0) }
                .flatMap { $0 > 0 && $0 <= 1 << 20 ? Int($0) : nil }
        }
        guard var width = value(ID.pixelWidth), var height = value(ID.pixelHeight) else {
            throw VideoReadError("WebM video track has no size", offset: base + video.start)
        }
        let unit = settings.first { $0.id == ID.displayUnit }.flatMap { EBMLReader.unsigned(file, $0) } ?? 0
        if unit == 0, let displayWidth = value(ID.displayWidth), let displayHeight = value(ID.displayHeight) {
            width = displayWidth
            height = displayHeight
        }
        return VideoTrack(width: width, height: height, rotation: 0, codec: codec)
    }

    private static func children(_ file: ByteWindow, of element: Element, base: Int) throws(VideoReadError) -> [Element]
    {
        guard let children = EBMLReader.children(file, of: element) else {
            throw VideoReadError(
                "WebM element 0x\(VideoReader.hex(element.id)) is damaged", offset: base + element.start)
        }
        return children
    }
}
