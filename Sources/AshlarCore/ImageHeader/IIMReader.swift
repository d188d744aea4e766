import AshlarImage

/// IPTC-IIM (IPTC 1999, version 4.2) as a JPEG carries it: Photoshop image resources
/// (`8BIM`) in `APP13` segments, resource 0x0404 holding the IIM datasets. Reads the fields
/// photographers' tools write; text is UTF-8 when dataset 1:90 says so or when it is valid UTF-8,
/// else Latin-1.
struct IIMReader {
    private(set) var metadata = PhotoMetadata()
    private(set) var warnings: [String] = []

    /// Reads the joined payloads of a JPEG's `APP13` segments, each without its
    /// `Photoshop 3.0\0` header, walked by AshlarImage's `PhotoshopResources` as the rewriter
    /// walks them. Only the first IIM resource is read.
    init(photoshopResources resources: [UInt8]) {
        let walk = PhotoshopResources(resources[...])
        for resource in walk.resources {
            if !resource.isComplete {
                warnings.append(
                    "its Photoshop resource 0x\(Self.hex(resource.id)) says it is \(resource.size) bytes long, past the end of its segment; what fits is read"
                )
            }
            if resource.id == 0x0404 {
                readDatasets(resources[resource.data])
                return
            }
        }
        switch walk.ending {
        case .complete(let rest):
            // Too few bytes for a resource: a segment cut short, unless they are padding.
            if resources[rest].contains(where: { $0 != 0 }) {
                warnings.append("its Photoshop resources (APP13) end in the middle of a resource")
            }
        case .headerRunsPast:
            warnings.append("its Photoshop resources (APP13) end in the middle of a resource")
        case .unknownType(let offset):
            warnings.append("its Photoshop resources (APP13) are damaged at byte \(offset)")
        case .resourceRunsPast:
            break
        }
    }

    private mutating func readDatasets(_ iim: ArraySlice<UInt8>) {
        let walk = IIMDatasets(iim)
        switch walk.damage {
        case nil: break
        case .unreadable(let offset): warnings.append("its IPTC data is damaged at byte \(offset)")
        case .badLength(let record, let number):
            warnings.append("its IPTC dataset \(record):\(number) has a damaged length")
        case .runsPast(let record, let number, let length):
            warnings.append(
                "its IPTC dataset \(record):\(number)\(Self.name(record, number)) says it is \(length) bytes long, past the end of its segment; it is ignored"
            )
        }
        let datasets = walk.datasets.map { (record: $0.record, number: $0.number, data: iim[$0.data]) }
        // UTF-8 when 1:90 says so. Without it the standard means Latin-1, but many tools write
        // UTF-8 and say nothing; text that is valid UTF-8 with non-ASCII letters is almost never
        // meant as Latin-1 ("Ã©"), so it is read as UTF-8 too.
        let declaresUTF8 = datasets.contains {
            $0.record == 1 && $0.number == 90 && $0.data.elementsEqual([0x1B, 0x25, 0x47])
        }
        // One pass over the datasets: the first of each field, every keyword and by-line.
        var texts: [UInt8: String] = [:]
        var keywords: [String] = []
        var bylines: [String] = []
        for dataset in datasets where dataset.record == 2 && Self.readDatasets.contains(dataset.number) {
            let decoded =
                String(validating: dataset.data, as: UTF8.self)
                ?? (declaresUTF8
                    ? String(decoding: dataset.data, as: UTF8.self)
                    : String(String.UnicodeScalarView(dataset.data.lazy.map { Unicode.Scalar($0) })))
            guard let text = ExifText.nonEmpty(decoded.replacingNUL) else { continue }
            switch dataset.number {
            case 25: if !keywords.contains(text) { keywords.append(text) }
            case 80: bylines.append(text)
            default: if texts[dataset.number] == nil { texts[dataset.number] = text }
            }
        }
        metadata.title = texts[5]
        metadata.caption = texts[120]
        metadata.tags = keywords.isEmpty ? nil : keywords
        metadata.creator = bylines.isEmpty ? nil : bylines.joined(separator: ", ")
        metadata.rights = texts[116]
        metadata.location = texts[92]
        metadata.city = texts[90]
        metadata.region = texts[95]
        metadata.country = texts[101]
        metadata.date = Self.date(texts[55], time: texts[60])
    }

    /// The record 2 datasets Ashlar reads.
    static let readDatasets: Set<UInt8> = [5, 25, 55, 60, 80, 90, 92, 95, 101, 116, 120]

    /// " (caption)": a dataset's name for messages, when Ashlar reads it.
    static func name(_ record: UInt8, _ number: UInt8) -> String {
        let names: [UInt8: String] = [
            5: "object name", 25: "keywords", 55: "date created", 60: "time created", 80: "by-line", 90: "city",
            92: "sublocation", 95: "province", 101: "country", 116: "copyright notice", 120: "caption",
        ]
        guard record == 2, let name = names[number] else { return "" }
        return " (\(name))"
    }

    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `CCYYMMDD` and `HHMMSS±HHMM` as a `PhotoDate`.
    static func date(_ date: String?, time: String?) -> PhotoDate? {
        guard let date, date.utf8.count == 8, date.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let digits = Array(date)
        var text = "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))"
        if let time, time.utf8.count >= 6, time.utf8.prefix(6).allSatisfy({ (0x30...0x39).contains($0) }) {
            let clock = Array(time)
            text += "T\(String(clock[0..<2])):\(String(clock[2..<4])):\(String(clock[4..<6]))"
            if clock.count == 11, clock[6] == "+" || clock[6] == "-" {
                text += "\(clock[6])\(String(clock[7..<9])):\(String(clock[9..<11]))"
            }
        }
        guard !PhotoDate.isPlaceholder(text) else { return nil }
        return PhotoDate(parsing: text)
    }
}

extension String {
    /// NULs (which some tools leave at the end of IIM text) removed.
    fileprivate var replacingNUL: String {
        utf8.contains(0) ? String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{0}" })) : self
    }
}
