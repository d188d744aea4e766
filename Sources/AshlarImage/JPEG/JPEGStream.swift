/// Walks a JPEG's markers, keeping the tables they define, and stops at each scan.
struct JPEGStream {
    struct Scan {
        /// Indexes into the frame's components, in scan order.
        var components: [Int]
        var dcTables: [Int]
        var acTables: [Int]
        var spectralStart: Int
        var spectralEnd: Int
        var approxHigh: Int
        var approxLow: Int
    }

    let bytes: [UInt8]
    var position = 0
    var frame: JPEGFrame?
    var quantTables: [[Int32]?] = [nil, nil, nil, nil]
    var dcTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    var acTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    var restartInterval = 0
    var sawJFIF = false
    var adobeTransform: Int?
    var iccChunks: [Int: [UInt8]] = [:]
    var iccChunkCount = 0
    var iccMalformed = false
    var scanCount = 0
    /// The application segments (`APP0`–`APP15`: EXIF, XMP, ICC, IPTC…) read so far.
    var applicationSegments: [JPEGSegment] = []
    /// When the bytes end before the headers do: how many bytes from the start of the file the
    /// reading needed, so that a reader of a file's first bytes can ask for more.
    var neededBytes: Int?
    /// False to check Huffman tables without building their lookup tables (reading headers only).
    var buildsHuffmanLookup = true
    /// Where the `FF` of the marker last returned by `nextMarker` is.
    private var markerOffset = 0

    init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageError(.malformed, "not a JPEG file (no start-of-image marker)")
        }
        self.bytes = bytes
        position = 2
    }

    /// Reads markers up to the next start-of-scan and returns its header, or nil at the end of
    /// the image (EOI or the end of the bytes once a scan has been read).
    mutating func nextScan(stopAtFrame: Bool = false) throws(ImageError) -> Scan? {
        while true {
            guard let marker = nextMarker() else {
                if frame == nil || scanCount == 0 {
                    throw ImageError(.malformed, "JPEG ends inside its headers")
                }
                return nil
            }
            switch marker {
            case 0xD8, 0x01, 0xD0...0xD7:
                continue
            case 0xD9:
                if frame == nil { throw ImageError(.malformed, "JPEG ends before its frame header") }
                if scanCount == 0 { throw ImageError(.malformed, "JPEG has no image data") }
                return nil
            case 0xC0, 0xC1, 0xC2:
                let segment = try readSegment()
                try readFrame(segment, progressive: marker == 0xC2)
                if stopAtFrame { return nil }
            case 0xC3:
                throw ImageError(.unsupported, "JPEG uses lossless coding, which is not supported")
            case 0xC5, 0xC6, 0xC7, 0xCD, 0xCE, 0xCF, 0xDE:
                throw ImageError(.unsupported, "JPEG uses hierarchical coding, which is not supported")
            case 0xC9, 0xCA, 0xCB:
                throw ImageError(.unsupported, "JPEG uses arithmetic coding, which is not supported")
            case 0xC4:
                try readHuffmanTables(try readSegment())
            case 0xDB:
                try readQuantTables(try readSegment())
            case 0xDD:
                let segment = try readSegment()
                guard segment.count >= 2 else { throw ImageError(.malformed, "JPEG restart interval is too short") }
                restartInterval = Int(segment[segment.startIndex]) << 8 | Int(segment[segment.startIndex + 1])
            case 0xDC:
                throw ImageError(.unsupported, "JPEG sets its height in a DNL marker, which is not supported")
            case 0xDA:
                return try readScanHeader(try readSegment())
            case 0xE0:
                let segment = try readSegment()
                if segment.starts(with: [0x4A, 0x46, 0x49, 0x46, 0]) { sawJFIF = true }
            case 0xE2:
                readICCChunk(try readSegment())
            case 0xEE:
                let segment = try readSegment()
                if segment.count >= 12, segment.starts(with: [0x41, 0x64, 0x6F, 0x62, 0x65]) {
                    adobeTransform = Int(segment[segment.startIndex + 11])
                }
            default:
                _ = try readSegment()
            }
        }
    }

    /// The marker code after the current position, skipping fill bytes and any stray data.
    private mutating func nextMarker() -> UInt8? {
        guard let (marker, offset) = JPEGMarkers.next(in: bytes, from: position) else {
            neededBytes = max(position, bytes.count) + 2
            position = bytes.count
            return nil
        }
        markerOffset = offset
        position = offset + 2
        return marker
    }

    /// The payload of the segment whose marker `nextMarker` just returned.
    private mutating func readSegment() throws(ImageError) -> ArraySlice<UInt8> {
        let marker = bytes[markerOffset + 1]
        switch JPEGMarkers.segment(marker, at: markerOffset, in: bytes) {
        case .segment(let segment):
            position = segment.end
            if (0xE0...0xEF).contains(marker) { applicationSegments.append(segment) }
            return bytes[segment.start..<segment.end]
        case .runsPast(let needed):
            neededBytes = needed
            throw ImageError(.malformed, "JPEG ends inside its headers")
        case .invalidLength(let length):
            throw ImageError(.malformed, "JPEG marker segment has length \(length)")
        }
    }

    private mutating func readFrame(_ s: ArraySlice<UInt8>, progressive: Bool) throws(ImageError) {
        guard frame == nil else { throw ImageError(.malformed, "JPEG has more than one frame header") }
        let b = Array(s)
        guard b.count >= 6 else { throw ImageError(.malformed, "JPEG frame header is too short") }
        let precision = Int(b[0])
        guard precision == 8 else {
            if precision == 12 {
                throw ImageError(.unsupported, "JPEG has 12-bit samples, which are not supported")
            }
            throw ImageError(.malformed, "JPEG frame has \(precision)-bit samples")
        }
        let height = Int(b[1]) << 8 | Int(b[2])
        let width = Int(b[3]) << 8 | Int(b[4])
        let count = Int(b[5])
        guard b.count >= 6 + 3 * count else { throw ImageError(.malformed, "JPEG frame header is too short") }
        guard height > 0 else {
            throw ImageError(.unsupported, "JPEG sets its height in a DNL marker, which is not supported")
        }
        guard width > 0 else { throw ImageError(.malformed, "JPEG frame has width 0") }
        guard count == 1 || count == 3 || count == 4 else {
            throw ImageError(.unsupported, "JPEG has \(count) colour components; only 1, 3 and 4 are supported")
        }
        var components: [JPEGFrame.Component] = []
        for i in 0..<count {
            let id = Int(b[6 + 3 * i])
            let h = Int(b[7 + 3 * i] >> 4)
            let v = Int(b[7 + 3 * i] & 15)
            let q = Int(b[8 + 3 * i])
            guard (1...4).contains(h), (1...4).contains(v) else {
                throw ImageError(.malformed, "JPEG component \(id) has sampling factors \(h)×\(v)")
            }
            guard q < 4 else { throw ImageError(.malformed, "JPEG component \(id) uses quantization table \(q)") }
            guard !components.contains(where: { $0.id == id }) else {
                throw ImageError(.malformed, "JPEG frame lists component \(id) twice")
            }
            components.append(.init(id: id, h: h, v: v, quantTable: q))
        }
        frame = JPEGFrame(width: width, height: height, isProgressive: progressive, components: components)
    }

    private mutating func readHuffmanTables(_ s: ArraySlice<UInt8>) throws(ImageError) {
        var i = s.startIndex
        while i < s.endIndex {
            let tc = Int(s[i] >> 4)
            let th = Int(s[i] & 15)
            guard tc <= 1, th <= 3, i + 17 <= s.endIndex else {
                throw ImageError(.malformed, "JPEG Huffman table definition is malformed")
            }
            let counts = (0..<16).map { Int(s[i + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256, i + 17 + total <= s.endIndex else {
                throw ImageError(.malformed, "JPEG Huffman table definition is malformed")
            }
            let values = Array(s[(i + 17)..<(i + 17 + total)])
            let table =
                buildsHuffmanLookup || !JPEGHuffmanTable.fitsCodeSpace(counts)
                ? JPEGHuffmanTable(counts: counts, values: values) : JPEGHuffmanTable.empty
            guard table.isValid else {
                throw ImageError(.malformed, "JPEG Huffman table \(th) has more codes than fit")
            }
            if tc == 0 { dcTables[th] = table } else { acTables[th] = table }
            i += 17 + total
        }
    }

    private mutating func readQuantTables(_ s: ArraySlice<UInt8>) throws(ImageError) {
        var i = s.startIndex
        while i < s.endIndex {
            let pq = Int(s[i] >> 4)
            let tq = Int(s[i] & 15)
            let size = pq == 0 ? 64 : 128
            guard pq <= 1, tq <= 3, i + 1 + size <= s.endIndex else {
                throw ImageError(.malformed, "JPEG quantization table definition is malformed")
            }
            // Stored in natural (row-major) order so the IDCT can index it directly.
            var table = [Int32](repeating: 0, count: 64)
            for k in 0..<64 {
                let value = pq == 0 ? Int32(s[i + 1 + k]) : Int32(s[i + 1 + 2 * k]) << 8 | Int32(s[i + 2 + 2 * k])
                table[JPEGZigzag.natural[k]] = value
            }
            quantTables[tq] = table
            i += 1 + size
        }
    }

    private mutating func readScanHeader(_ s: ArraySlice<UInt8>) throws(ImageError) -> Scan {
        guard let frame else { throw ImageError(.malformed, "JPEG scan comes before the frame header") }
        let b = Array(s)
        guard let count = b.first.map(Int.init), count >= 1, count <= 4, b.count >= 4 + 2 * count else {
            throw ImageError(.malformed, "JPEG scan header is malformed")
        }
        var scan = Scan(
            components: [], dcTables: [], acTables: [], spectralStart: 0, spectralEnd: 63,
            approxHigh: 0, approxLow: 0)
        for i in 0..<count {
            let id = Int(b[1 + 2 * i])
            guard let index = frame.components.firstIndex(where: { $0.id == id }),
                !scan.components.contains(index)
            else {
                throw ImageError(.malformed, "JPEG scan names component \(id), which the frame does not have")
            }
            let dc = Int(b[2 + 2 * i] >> 4)
            let ac = Int(b[2 + 2 * i] & 15)
            guard dc < 4, ac < 4 else { throw ImageError(.malformed, "JPEG scan uses Huffman table \(max(dc, ac))") }
            scan.components.append(index)
            scan.dcTables.append(dc)
            scan.acTables.append(ac)
        }
        scan.spectralStart = Int(b[1 + 2 * count])
        scan.spectralEnd = Int(b[2 + 2 * count])
        scan.approxHigh = Int(b[3 + 2 * count] >> 4)
        scan.approxLow = Int(b[3 + 2 * count] & 15)
        let blocksInMCU = scan.components.reduce(0) { $0 + frame.components[$1].h * frame.components[$1].v }
        guard count == 1 || blocksInMCU <= 10 else {
            throw ImageError(.malformed, "JPEG scan has \(blocksInMCU) blocks in an MCU (at most 10 are allowed)")
        }
        if frame.isProgressive {
            let ss = scan.spectralStart
            let se = scan.spectralEnd
            let valid =
                ss <= se && se <= 63 && (ss == 0 ? se == 0 : count == 1)
                && scan.approxHigh <= 13 && scan.approxLow <= 13
            guard valid else { throw ImageError(.malformed, "JPEG progressive scan has invalid parameters") }
        } else {
            scan.spectralStart = 0
            scan.spectralEnd = 63
            scan.approxHigh = 0
            scan.approxLow = 0
        }
        for (i, c) in scan.components.enumerated() {
            let needsDC = scan.spectralStart == 0 && scan.approxHigh == 0
            let needsAC = scan.spectralEnd > 0
            let dc = scan.dcTables[i]
            let ac = scan.acTables[i]
            let component = frame.components[c]
            if needsDC && dcTables[dc] == nil {
                throw ImageError(.malformed, "JPEG scan uses DC Huffman table \(dc), which is not defined")
            }
            if needsAC && acTables[ac] == nil {
                throw ImageError(.malformed, "JPEG scan uses AC Huffman table \(ac), which is not defined")
            }
            if quantTables[component.quantTable] == nil {
                throw ImageError(
                    .malformed,
                    "JPEG component \(component.id) uses quantization table "
                        + "\(component.quantTable), which is not defined")
            }
        }
        scanCount += 1
        return scan
    }

    private mutating func readICCChunk(_ s: ArraySlice<UInt8>) {
        let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]
        guard s.count >= 14, s.starts(with: signature) else { return }
        let sequence = Int(s[s.startIndex + 12])
        let count = Int(s[s.startIndex + 13])
        if sequence == 0 || sequence > count || (iccChunkCount != 0 && count != iccChunkCount)
            || iccChunks[sequence] != nil
        {
            iccMalformed = true
            return
        }
        iccChunkCount = count
        iccChunks[sequence] = Array(s.dropFirst(14))
    }

    /// The ICC profile joined from its chunks, or nil and a warning when some are missing.
    func iccProfile() -> (profile: [UInt8]?, warning: ImageWarning?) {
        guard iccChunkCount > 0 || iccMalformed else { return (nil, nil) }
        if !iccMalformed, let missing = (1...iccChunkCount).first(where: { iccChunks[$0] == nil }) {
            return (nil, .iccProfileIgnored(.missingChunk(missing, of: iccChunkCount)))
        }
        if iccMalformed {
            return (nil, .iccProfileIgnored(.inconsistentNumbering))
        }
        return ((1...iccChunkCount).flatMap { iccChunks[$0] ?? [] }, nil)
    }

    /// How the components are to be turned into output colours, as libjpeg guesses it.
    func colorTransform() -> JPEGFrame.ColorTransform {
        guard let frame else { return .gray }
        switch frame.components.count {
        case 1:
            return .gray
        case 3:
            if sawJFIF { return .ycbcr }
            if let adobeTransform { return adobeTransform == 0 ? .rgb : .ycbcr }
            let ids = frame.components.map(\.id)
            return ids == [0x52, 0x47, 0x42] ? .rgb : .ycbcr
        default:
            return adobeTransform.map { $0 == 0 ? .cmyk : .ycck } ?? .cmyk
        }
    }
}
