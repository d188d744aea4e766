extension VideoReader {
    typealias Element = EBMLReader.Element

    /// Matroska element IDs this reader uses.
    enum MatroskaID {
        static let ebml: UInt32 = 0x1A45_DFA3
        static let docType: UInt32 = 0x4282
        static let segment: UInt32 = 0x1853_8067
        static let seekHead: UInt32 = 0x114D_9B74
        static let seek: UInt32 = 0x4DBB
        static let seekID: UInt32 = 0x53AB
        static let info: UInt32 = 0x1549_A966
        static let timestampScale: UInt32 = 0x2A_D7B1
        static let duration: UInt32 = 0x4489
        static let title: UInt32 = 0x7BA9
        static let tracks: UInt32 = 0x1654_AE6B
        static let trackEntry: UInt32 = 0xAE
        static let trackNumber: UInt32 = 0xD7
        static let trackType: UInt32 = 0x83
        static let codecID: UInt32 = 0x86
        static let codecPrivate: UInt32 = 0x63A2
        static let video: UInt32 = 0xE0
        static let pixelWidth: UInt32 = 0xB0
        static let pixelHeight: UInt32 = 0xBA
        static let displayWidth: UInt32 = 0x54B0
        static let displayHeight: UInt32 = 0x54BA
        static let displayUnit: UInt32 = 0x54B2
        static let tags: UInt32 = 0x1254_C367
        static let tag: UInt32 = 0x7373
        static let simpleTag: UInt32 = 0x67C8
        static let tagName: UInt32 = 0x45A3
        static let cues: UInt32 = 0x1C53_BB6B
        static let cluster: UInt32 = 0x1F43_B675
        static let simpleBlock: UInt32 = 0xA3
        static let blockGroup: UInt32 = 0xA0
        static let block: UInt32 = 0xA1
        /// The elements that may follow a `Cluster` of unknown size in a `Segment`, and so end it.
        static let segmentLevel: Set<UInt32> = [
            seekHead, info, tracks, cluster, cues, 0x1043_A770, tags, 0x1941_A469,
        ]
    }

    /// The largest `Info`, `Tracks` or `Tags` element read.
    static let maximumMatroskaElement = 4 << 20

    /// Walks a WebM or Matroska file: the EBML header (its `DocType`), then the `Segment`'s
    /// children by their headers, reading `Info`, `Tracks` and `Tags` whole, and checking every
    /// element against the allowlist of what a published copy keeps (`MatroskaPublishedCopy`),
    /// `Cluster`s block header by block header (walking through the children of one of unknown
    /// size, as a live stream writes, to what ends it).
    static func readMatroska(fileSize: Int, _ read: Read) throws(VideoReadError) -> VideoFacts {
        try withoutActuallyEscaping(read) { (read: @escaping Read) throws(VideoReadError) -> VideoFacts in
            try readMatroska(fileSize: fileSize, copy: MatroskaPublishedCopy(fileSize: fileSize, read), read)
        }
    }

    private static func readMatroska(
        fileSize: Int, copy: MatroskaPublishedCopy, _ read: Read
    ) throws(VideoReadError) -> VideoFacts {
        var copy = copy
        func whole(_ element: Element) throws(VideoReadError) -> (ByteWindow, Element) {
            guard let end = element.end else {
                throw VideoReadError("WebM element 0x\(hex(element.id)) has an unknown size", offset: element.start)
            }
            guard end - element.start <= maximumMatroskaElement else {
                throw VideoReadError("WebM element 0x\(hex(element.id)) is larger than 4 MiB", offset: element.start)
            }
            let data = try bytes(read, at: element.start, count: end - element.start, fileSize: fileSize)
            return (ByteWindow(data), element.shifted(by: -element.start))
        }

        let ebml = try copy.header(at: 0, end: fileSize)
        let (header, headerElement) = try whole(ebml)
        let docType = EBMLReader.children(header, of: headerElement)?.first { $0.id == MatroskaID.docType }
            .flatMap { EBMLReader.string(header, $0) }
        guard ebml.id == MatroskaID.ebml, docType == "webm" || docType == "matroska" else {
            throw VideoReadError("EBML file is not WebM or Matroska (DocType '\(docType ?? "")')")
        }
        try copy.keep(ebml)
        let segment = try copy.header(at: ebml.end ?? fileSize, end: fileSize)
        guard segment.id == MatroskaID.segment else {
            throw VideoReadError("WebM has no 'Segment' after its header", offset: segment.start)
        }
        var facts = MatroskaFacts()
        let segmentEnd = segment.end ?? fileSize
        var offset = segment.dataStart
        var clusterEnd: Int?
        while offset < segmentEnd {
            let element = try copy.header(at: offset, end: clusterEnd ?? segmentEnd)
            if clusterEnd != nil, MatroskaID.segmentLevel.contains(element.id) {
                clusterEnd = nil
            }
            if clusterEnd == nil {
                switch element.id {
                case MatroskaID.info, MatroskaID.tracks, MatroskaID.tags:
                    let (data, local) = try whole(element)
                    try facts.read(data, local, base: element.start)
                default:
                    break
                }
                try copy.visit(element, in: MatroskaID.segment)
                if element.id == MatroskaID.cluster, element.end == nil {
                    clusterEnd = segmentEnd
                    offset = element.dataStart
                    continue
                }
            } else {
                try copy.visit(element, in: MatroskaID.cluster)
            }
            guard let end = element.end else {
                throw VideoReadError("WebM element 0x\(hex(element.id)) has an unknown size", offset: element.start)
            }
            offset = end
        }
        copy.dropRest(from: segmentEnd)
        guard let track = facts.track else { throw VideoReadError("WebM has no video track") }
        return VideoFacts(
            format: .webM, width: track.width, height: track.height, rotation: 0, duration: facts.duration,
            codec: track.codec, mimeType: VideoFormat.webM.mimeType, title: facts.title,
            patches: copy.patches, recordsLocation: facts.recordsLocation)
    }

    static func hex(_ id: UInt32) -> String {
        String(id, radix: 16, uppercase: true)
    }
}
