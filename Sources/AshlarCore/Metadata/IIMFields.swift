import AshlarImage

/// An image's IPTC-IIM (`IIMRecord`) as a photo's metadata: each field from its datasets in the
/// field table.
enum IIMFields {
    /// The fields `record` gives.
    static func metadata(_ record: IIMRecord) -> PhotoMetadata {
        var metadata = PhotoMetadata()
        for field in MetadataField.allCases {
            let datasets = field.definition.iim
            guard let first = datasets.first else { continue }
            switch field.definition.kind {
            case .names:
                let names = datasets.flatMap { record.datasets[$0] ?? [] }
                metadata[field] = names.isEmpty ? nil : .text(names.joined(separator: ", "))
            case .keywords:
                var keywords: [String] = []
                for keyword in datasets.flatMap({ record.datasets[$0] ?? [] }) where !keywords.contains(keyword) {
                    keywords.append(keyword)
                }
                metadata[field] = keywords.isEmpty ? nil : .texts(keywords)
            case .date:
                // Date created, then (optionally) time created.
                let time = datasets.dropFirst().first.flatMap(record.first)
                metadata[field] = date(record.first(first), time: time).map(MetadataValue.date)
            default:
                metadata[field] = datasets.lazy.compactMap(record.first).first.map(MetadataValue.text)
            }
        }
        return metadata
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
