/// IPTC-IIM (IPTC 1999, version 4.2) as a JPEG carries it: Photoshop image resources
/// (`8BIM`) in `APP13` segments, resource 0x0404 holding the IIM datasets. Reads every
/// application record (2:xx) dataset as text into an `IIMRecord`: UTF-8 when dataset 1:90 says
/// so or when it is valid UTF-8, else Latin-1. What the datasets mean for a photo is AshlarCore's
/// metadata field table's business.
struct IIMReader {
    private(set) var record = IIMRecord()
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
        // One pass over the datasets: each one's texts in the order written.
        for dataset in datasets where dataset.record == 2 {
            let decoded =
                String(validating: dataset.data, as: UTF8.self)
                ?? (declaresUTF8
                    ? String(decoding: dataset.data, as: UTF8.self)
                    : String(String.UnicodeScalarView(dataset.data.lazy.map { Unicode.Scalar($0) })))
            guard let text = ExifText.nonEmpty(decoded.replacingNUL) else { continue }
            record.datasets[dataset.number, default: []].append(text)
        }
    }

    /// " (caption)": a dataset's name for messages, for the datasets photographers' tools write.
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
}

extension String {
    /// NULs (which some tools leave at the end of IIM text) removed.
    fileprivate var replacingNUL: String {
        utf8.contains(0) ? String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{0}" })) : self
    }
}
