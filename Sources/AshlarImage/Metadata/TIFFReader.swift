/// A bounded reader of the TIFF structure EXIF is stored in: both byte orders, every offset
/// checked against the data, entry counts and the number of IFDs capped, and IFD loops stopped.
/// It reads what metadata handling needs (IFD entries and where their values are), nothing more.
package struct TIFFReader: Sendable {
    /// More entries than any real IFD has (a camera's IFD0 has 10–30); a count past it means
    /// the offset points at something that is not an IFD.
    static let maximumEntries = 1_000
    /// The most IFDs followed in total (IFD0, IFD1, EXIF, interoperability, GPS, and spares).
    static let maximumIFDs = 32

    /// Tags that hold the offset of another IFD.
    enum Tag {
        static let orientation = 0x0112
        static let exifIFD = 0x8769
        static let gpsIFD = 0x8825
        static let interoperabilityIFD = 0xA005
        static let newSubfileType = 0x00FE
        static let compression = 0x0103
        static let photometricInterpretation = 0x0106
        static let stripOffsets = 0x0111
        static let stripByteCounts = 0x0117
        static let subIFDs = 0x014A
        static let jpegInterchangeFormat = 0x0201
        static let jpegInterchangeFormatLength = 0x0202
        /// Panasonic RW2's embedded JPEG (`JpgFromRaw`), an UNDEFINED value.
        static let jpgFromRaw = 0x002E
    }

    /// One 12-byte IFD entry.
    package struct Entry: Sendable, Equatable {
        package var tag: Int
        package var type: Int
        package var count: Int
        /// Offset of the entry itself in the data.
        package var position: Int
    }

    /// An IFD: where it starts, its entries and the offset of the next IFD (0 when none).
    package struct IFD: Sendable, Equatable {
        package var offset: Int
        package var entries: [Entry]
        package var next: Int
        /// Bytes the IFD occupies: the count, the entries and the next-IFD offset when present.
        var size: Int
    }

    package let bytes: [UInt8]
    package let bigEndian: Bool
    package let firstIFD: Int

    /// Reads the 8-byte header (`II*\0` or `MM\0*` and the offset of IFD0); `nil` when it is not one.
    /// With `cameraRAW`, the variants cameras write are read too: Panasonic's `IIU\0` (RW2) and
    /// Olympus's `IIRO`/`IIRS`/`MMOR` (ORF).
    package init?(_ bytes: [UInt8], cameraRAW: Bool = false) {
        guard bytes.count >= 8 else { return nil }
        let little = bytes[0] == 0x49 && bytes[1] == 0x49
        let big = bytes[0] == 0x4D && bytes[1] == 0x4D
        let rawLittle =
            (bytes[2] == 0x55 && bytes[3] == 0) || (bytes[2] == 0x52 && (bytes[3] == 0x4F || bytes[3] == 0x53))
        if little, (bytes[2] == 0x2A && bytes[3] == 0) || (cameraRAW && rawLittle) {
            bigEndian = false
        } else if big, (bytes[2] == 0 && bytes[3] == 0x2A) || (cameraRAW && bytes[2] == 0x4F && bytes[3] == 0x52) {
            bigEndian = true
        } else {
            return nil
        }
        let header = bigEndian ? Array(bytes[4..<8]) : bytes[4..<8].reversed()
        let offset = header.reduce(0) { $0 << 8 | Int($1) }
        guard offset >= 8, offset < bytes.count else { return nil }
        self.bytes = bytes
        firstIFD = offset
    }

    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = Int(bytes[offset])
        let b = Int(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 4, let high = uint16(at: bigEndian ? offset : offset + 2),
            let low = uint16(at: bigEndian ? offset + 2 : offset)
        else { return nil }
        return high << 16 | low
    }

    /// The IFD at `offset`, or `nil` when its entries do not fit in the data or are too many.
    /// A missing next-IFD offset at the very end of the data counts as none.
    package func ifd(at offset: Int) -> IFD? {
        guard let count = entryCount(ofIFDAt: offset) else { return nil }
        let entriesEnd = offset + 2 + 12 * count
        let entries = (0..<count).map { index -> Entry in
            let position = offset + 2 + 12 * index
            // In range: position + 12 <= entriesEnd <= bytes.count.
            return Entry(
                tag: uint16(at: position) ?? 0, type: uint16(at: position + 2) ?? 0,
                count: uint32(at: position + 4) ?? 0, position: position)
        }
        let next = uint32(at: entriesEnd) ?? 0
        return IFD(offset: offset, entries: entries, next: next, size: min(entriesEnd + 4, bytes.count) - offset)
    }

    /// The number of entries of the IFD at `offset`, when they fit in the data and are not too many.
    func entryCount(ofIFDAt offset: Int) -> Int? {
        guard offset >= 8, let count = uint16(at: offset), count <= Self.maximumEntries,
            offset + 2 + 12 * count <= bytes.count
        else { return nil }
        return count
    }

    /// IFD0, IFD1 and further IFDs of the main chain, then the EXIF, interoperability and (when
    /// `followingGPS`) GPS IFDs they point to; each offset once, at most ``maximumIFDs``.
    func allIFDs(followingGPS: Bool = false) -> [IFD] {
        var found: [IFD] = []
        var visited: Set<Int> = []
        var pending = [firstIFD]
        while let offset = pending.popLast(), found.count < Self.maximumIFDs {
            guard visited.insert(offset).inserted, let ifd = ifd(at: offset) else { continue }
            found.append(ifd)
            if ifd.next != 0 { pending.append(ifd.next) }
            for entry in ifd.entries
            where entry.tag == Tag.exifIFD || entry.tag == Tag.interoperabilityIFD
                || (followingGPS && entry.tag == Tag.gpsIFD)
            {
                if let target = integer(of: entry) { pending.append(target) }
            }
        }
        return found
    }

    /// Bytes per value of a TIFF type; `nil` for a type TIFF 6 and EXIF do not define.
    static func valueSize(ofType type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    /// Where the entry's values are: inside the entry when they fit in 4 bytes, else at the
    /// offset it holds. `nil` when the type is unknown or the values lie outside the data.
    package func valueRange(of entry: Entry) -> Range<Int>? {
        guard let size = Self.valueSize(ofType: entry.type), entry.count <= bytes.count else { return nil }
        let length = size * entry.count
        if length <= 4 { return entry.position + 8..<entry.position + 8 + length }
        guard let offset = uint32(at: entry.position + 8), offset <= bytes.count - length else { return nil }
        return offset..<offset + length
    }

    /// The first value of a RATIONAL or SRATIONAL entry; nil when the denominator is zero or the
    /// value is not finite (what the value means, and which values are plausible, the caller decides).
    package func rational(of entry: Entry) -> Double? {
        guard entry.count >= 1, entry.type == 5 || entry.type == 10, let range = valueRange(of: entry),
            let numerator = uint32(at: range.lowerBound), let denominator = uint32(at: range.lowerBound + 4)
        else { return nil }
        let signed = { (value: Int) in entry.type == 10 ? Int(Int32(truncatingIfNeeded: value)) : value }
        guard signed(denominator) != 0 else { return nil }
        let value = Double(signed(numerator)) / Double(signed(denominator))
        return value.isFinite ? value : nil
    }

    /// The first value of a SHORT, LONG or IFD entry.
    package func integer(of entry: Entry) -> Int? {
        guard entry.count >= 1 else { return nil }
        switch entry.type {
        case 3: return uint16(at: entry.position + 8)
        case 4, 13: return uint32(at: entry.position + 8)
        default: return nil
        }
    }
}
