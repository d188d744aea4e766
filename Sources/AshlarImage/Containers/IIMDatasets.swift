/// The datasets of IPTC-IIM (IPTC 1999, version 4.2), as Photoshop resource 0x0404 carries them:
/// each a tag byte `1C`, a record and dataset number, and a 2-byte length (or, with its top bit
/// set, the count of the bytes that hold an extended length), then the data. The one walker of
/// these datasets: the gallery's header scan reads text from them, and ``LocationRecord`` looks
/// for place names in them.
package struct IIMDatasets: Sendable, Equatable {
    package struct Dataset: Sendable, Equatable {
        package var record: UInt8
        package var number: UInt8
        /// Where its data is, as indices of the walked bytes.
        package var data: Range<Int>
    }

    /// How the walk ended early; the datasets before the damage are listed.
    package enum Damage: Sendable, Equatable {
        /// Bytes that are neither a dataset nor zero padding, at this offset from the start.
        case unreadable(at: Int)
        /// An extended length with a count of length bytes outside 1–4, or cut short.
        case badLength(record: UInt8, number: UInt8)
        /// A dataset whose data runs past the end.
        case runsPast(record: UInt8, number: UInt8, length: Int)
    }

    /// Repeated datasets (keywords) beyond this are not listed.
    package static let maximumDatasets = 10_000

    package private(set) var datasets: [Dataset] = []
    package private(set) var damage: Damage?

    /// Walks the datasets in `bytes` (a resource's data).
    package init(_ bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        let end = bytes.endIndex
        var offset = start
        while end - offset >= 5, datasets.count < Self.maximumDatasets {
            let record = bytes[offset + 1]
            let number = bytes[offset + 2]
            guard bytes[offset] == 0x1C else {
                // Padding after the last dataset is common; anything else is damage.
                if bytes[offset...].contains(where: { $0 != 0 }) { damage = .unreadable(at: offset - start) }
                return
            }
            let length16 = Int(bytes[offset + 3]) << 8 | Int(bytes[offset + 4])
            var length = length16
            var dataStart = offset + 5
            if length16 & 0x8000 != 0 {
                let lengthBytes = length16 & 0x7FFF
                guard (1...4).contains(lengthBytes), end - dataStart >= lengthBytes else {
                    damage = .badLength(record: record, number: number)
                    return
                }
                length = bytes[dataStart..<dataStart + lengthBytes].reduce(0) { $0 << 8 | Int($1) }
                dataStart += lengthBytes
            }
            guard length <= end - dataStart else {
                damage = .runsPast(record: record, number: number, length: length)
                return
            }
            datasets.append(Dataset(record: record, number: number, data: dataStart..<dataStart + length))
            offset = dataStart + length
        }
    }
}
