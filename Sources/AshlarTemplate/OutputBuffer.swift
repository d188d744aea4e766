/// The growing UTF-8 output of one render.
///
/// A page is built from hundreds of thousands of small pieces; `[UInt8]`'s
/// generic `append(contentsOf:)` costs several times the copy itself, so this
/// keeps one raw allocation, doubles it when full and copies pieces straight in.
/// It lives only inside a single render and never escapes it.
final class OutputBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16 * 1024) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    /// Allocates storage that is not filled first: pieces are copied in with `initialize`, and
    /// nothing past `count` is ever read. (Zero-filling a page's 16 KiB, and each doubling, was
    /// 4 % of the instructions of a cold build of photo pages.)
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The output so far as a `String`; template text and data strings are valid UTF-8, so nothing is repaired.
    func makeString() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// The output so far as bytes.
    func makeBytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    func append(_ byte: UInt8) {
        reserve(1)
        (base + count).initialize(to: byte)
        count += 1
    }

    /// Appends a string's UTF-8 bytes, copying straight from its storage when it is contiguous.
    func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if copied == nil {
            append(Array(text.utf8))
        }
    }

    /// Appends a string's UTF-8 bytes with `& < > " '` replaced by their HTML entities.
    func appendEscapingHTML(_ text: String) {
        let escaped: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscapingHTML($0) }
        if escaped == nil {
            Array(text.utf8).withUnsafeBufferPointer { appendEscapingHTML($0) }
        }
    }

    private func appendEscapingHTML(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(start)
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            // Skip eight bytes at a time while none of them needs escaping.
            if index + 8 <= count
                && !Self.containsSpecialCharacter(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = start[index]
            // All five special characters are below 64: one shift and mask rules out the rest.
            if byte < 64 && (Self.specialCharacters >> byte) & 1 != 0 {
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                default: entity = "&#39;"
                }
                append(UnsafeBufferPointer(start: start + runStart, count: index - runStart))
                entity.withUTF8Buffer { append($0) }
                runStart = index + 1
            }
            index += 1
        }
        append(UnsafeBufferPointer(start: start + runStart, count: count - runStart))
    }

    /// Whether any of the eight bytes in `word` is one of `" & ' < >` (the classic "has zero byte" trick per character).
    @inline(__always)
    private static func containsSpecialCharacter(_ word: UInt64) -> Bool {
        func has(_ character: UInt8) -> UInt64 {
            let spread = word ^ (0x0101_0101_0101_0101 &* UInt64(character))
            return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
        }
        return has(UInt8(ascii: "&")) | has(UInt8(ascii: "<")) | has(UInt8(ascii: ">"))
            | has(UInt8(ascii: "\"")) | has(UInt8(ascii: "'")) != 0
    }

    /// Appends a number as `TemplateValue.interpolationText` spells it,
    /// writing integral values digit by digit without building a `String`.
    func appendNumber(_ number: Double) {
        // NaN fails both comparisons; the range keeps the conversion from trapping.
        guard number > -0x1p63 && number < 0x1p63 else {
            append(number.description)
            return
        }
        let integer = Int64(number)
        guard Double(integer) == number else {
            append(number.description)
            return
        }
        if integer < 0 {
            append(UInt8(ascii: "-"))
        }
        // Int64's magnitude has at most 19 digits; write them backwards into a small buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = integer.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits.initializeElement(at: start, to: UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Bit n is set when byte n must be escaped: `"` (34), `&` (38), `'` (39), `<` (60), `>` (62).
    private static let specialCharacters: UInt64 = 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62

    private func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < needed {
            newCapacity *= 2
        }
        let newBase = Self.allocate(newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
