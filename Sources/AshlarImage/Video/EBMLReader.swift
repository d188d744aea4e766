/// EBML (RFC 8794), the structure of Matroska and WebM: elements of a variable-length ID and a
/// variable-length size. It reads one element header at a time from a `ByteWindow`, so a caller
/// decides which elements to read whole.
package enum EBMLReader {
    /// One element: its ID (marker bits kept, as specifications write it: `0x1A45DFA3`) and where
    /// its header and data lie.
    struct Element: Equatable, Sendable {
        var id: UInt32
        var start: Int
        var dataStart: Int
        /// Nil for an element of unknown size (a live stream's `Segment` or `Cluster`).
        var end: Int?

        /// The same element `distance` bytes further on.
        func shifted(by distance: Int) -> Element {
            Element(id: id, start: start + distance, dataStart: dataStart + distance, end: end.map { $0 + distance })
        }
    }

    enum Header: Equatable {
        case element(Element)
        /// The header continues past the window.
        case needs
        /// An ID or size whose first byte is zero or too long, or an element past its container.
        case damaged
    }

    /// Elements per container beyond this are not read.
    static let maximumElements = 10_000

    /// The header at `offset`; an element of known size must end by `end`.
    static func header(_ file: ByteWindow, at offset: Int, end: Int) -> Header {
        guard let first = file.u8(offset) else { return .needs }
        let idLength = first.leadingZeroBitCount + 1
        guard idLength <= 4 else { return .damaged }
        guard let id = number(file, at: offset, length: idLength) else { return .needs }
        guard let sizeFirst = file.u8(offset + idLength) else { return .needs }
        let sizeLength = sizeFirst.leadingZeroBitCount + 1
        guard sizeLength <= 8 else { return .damaged }
        guard let raw = number(file, at: offset + idLength, length: sizeLength) else { return .needs }
        let valueBits = 7 * sizeLength
        let size = raw & (1 << valueBits - 1)
        let dataStart = offset + idLength + sizeLength
        guard size != 1 << valueBits - 1 else {
            return .element(Element(id: UInt32(id), start: offset, dataStart: dataStart, end: nil))
        }
        guard size <= UInt64(max(0, end - dataStart)) else { return .damaged }
        return .element(Element(id: UInt32(id), start: offset, dataStart: dataStart, end: dataStart + Int(size)))
    }

    /// The elements inside `parent`'s data (which must have a known size), or nil when one does
    /// not fit or has an unknown size.
    static func children(_ file: ByteWindow, of parent: Element) -> [Element]? {
        guard let end = parent.end else { return nil }
        var elements: [Element] = []
        var offset = parent.dataStart
        while offset < end {
            guard elements.count < maximumElements, case .element(let element) = header(file, at: offset, end: end),
                let next = element.end
            else { return nil }
            elements.append(element)
            offset = next
        }
        return elements
    }

    /// An unsigned integer element's value (0 to 8 bytes).
    static func unsigned(_ file: ByteWindow, _ element: Element) -> UInt64? {
        guard let end = element.end, end - element.dataStart <= 8 else { return nil }
        return number(file, at: element.dataStart, length: end - element.dataStart)
    }

    /// A float element's value (4 or 8 bytes).
    static func float(_ file: ByteWindow, _ element: Element) -> Double? {
        switch element.end.map({ $0 - element.dataStart }) {
        case 4: return file.u32(element.dataStart).map { Double(Float(bitPattern: $0)) }
        case 8: return file.u64(element.dataStart).map { Double(bitPattern: $0) }
        default: return nil
        }
    }

    /// A string element's value, NUL padding dropped.
    static func string(_ file: ByteWindow, _ element: Element) -> String? {
        guard let end = element.end, let bytes = file.slice(element.dataStart, count: end - element.dataStart) else {
            return nil
        }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func number(_ file: ByteWindow, at offset: Int, length: Int) -> UInt64? {
        guard let bytes = file.slice(offset, count: length) else { return nil }
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A `Void` element (ID `0xEC`) of exactly `length` bytes, header included (at least 2).
    static func void(length: Int) -> [UInt8] {
        let header = voidHeader(length: length)
        return header + [UInt8](repeating: 0, count: max(0, length - header.count))
    }

    /// The header of a `Void` element of exactly `length` bytes (at least 2): its data, the rest,
    /// is zeros.
    static func voidHeader(length: Int) -> [UInt8] {
        guard length >= 2 else { return [UInt8](repeating: 0xEC, count: max(0, length)) }
        // The shortest size field whose value fits; the data fills what is left.
        for sizeLength in 1...8 {
            let data = length - 1 - sizeLength
            guard data >= 0 else { break }
            if UInt64(data) < 1 << (7 * sizeLength) - 1 {
                let marked = UInt64(data) | 1 << (7 * sizeLength)
                return [0xEC] + (0..<sizeLength).reversed().map { UInt8(truncatingIfNeeded: marked >> (8 * $0)) }
            }
        }
        return [UInt8](repeating: 0xEC, count: length)
    }

    /// A variable-length integer (a block's track number): its value and length, or nil.
    static func vint(_ bytes: [UInt8]) -> (value: UInt64, length: Int)? {
        guard let first = bytes.first, first != 0 else { return nil }
        let length = first.leadingZeroBitCount + 1
        guard length <= bytes.count else { return nil }
        let raw = bytes.prefix(length).reduce(0) { $0 << 8 | UInt64($1) }
        return (raw & (1 << (7 * length) - 1), length)
    }
}
