extension XMLReader {
    /// Whether `range` holds `xml`.
    func isXML(_ range: Range<Int>) -> Bool {
        range.count == 3 && bytes[range.lowerBound] == UInt8(ascii: "x")
            && bytes[range.lowerBound + 1] == UInt8(ascii: "m")
            && bytes[range.lowerBound + 2] == UInt8(ascii: "l")
    }

    /// Whether `range` holds `xmlns`.
    func isXMLNS(_ range: Range<Int>) -> Bool {
        range.count == 5 && isXML(range.lowerBound..<(range.lowerBound + 3))
            && bytes[range.lowerBound + 3] == UInt8(ascii: "n") && bytes[range.lowerBound + 4] == UInt8(ascii: "s")
    }

    /// Moves past a name at `position` and returns where it is, or nil when no name starts here.
    /// Names start with a letter, `_`, `:` or any non-ASCII scalar and go on with those, digits,
    /// `-` and `.`: XML's sets, approximately.
    mutating func scanName() -> Name? {
        let start = position
        guard start < end, Self.isNameStart(bytes[start]) else { return nil }
        var index = start + 1
        while index < end, Self.isNameCharacter(bytes[index]) { index += 1 }
        position = index
        var colon = start
        while colon < index, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
        return Name(range: start..<index, colon: colon < index ? colon : nil)
    }

    /// ASCII bytes 0–63 and 64–127 that may be in a name, as bit masks: `-`, `.`, digits and
    /// `:`; letters and `_`.
    private static var nameBitsLow: UInt64 { 0x07FF_6000_0000_0000 }
    private static var nameBitsHigh: UInt64 { 0x07FF_FFFE_87FF_FFFE }
    private static var colonBit: UInt64 { 0x0400_0000_0000_0000 }

    static func isNameStart(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let bits = byte < 64 ? colonBit >> byte : nameBitsHigh >> (byte & 63)
        return bits & 1 != 0
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let bits = byte < 64 ? nameBitsLow >> byte : nameBitsHigh >> (byte & 63)
        return bits & 1 != 0
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    static var lowBits: UInt64 { 0x0101_0101_0101_0101 }
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether any of the eight bytes of `word` is zero.
    static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- lowBits) & ~word & highBits != 0
    }

    /// `word` with the high bit set in exactly the bytes that are zero, and nothing else.
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = ~highBits
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// Whether any byte of `word` is `byte`.
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        hasZeroByte(word ^ (lowBits &* UInt64(byte)))
    }

    /// The eight bytes at `offset`, which must be at most `end - 8`.
    func word(at offset: Int) -> UInt64 {
        UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Moves past spaces, tabs, carriage returns and line feeds; true if there were any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < end, Self.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }

    func sameBytes(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        var other = second.lowerBound
        for index in first {
            if bytes[index] != bytes[other] { return false }
            other += 1
        }
        return true
    }

    func sameBytes(_ range: Range<Int>, _ expected: [UInt8]) -> Bool {
        guard range.count == expected.count else { return false }
        var other = 0
        for index in range {
            if bytes[index] != expected[other] { return false }
            other += 1
        }
        return true
    }

    func starts(at offset: Int, _ expected: [UInt8]) -> Bool {
        offset + expected.count <= end && sameBytes(offset..<(offset + expected.count), expected)
    }

    /// Whether the bytes at `offset` are `expected`, ASCII letters compared without case.
    func startsIgnoringCase(at offset: Int, _ expected: String) -> Bool {
        var index = offset
        for byte in expected.utf8 {
            guard index < end, bytes[index] | 0x20 == byte | 0x20 else { return false }
            index += 1
        }
        return true
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// FNV-1a, to compare attribute names cheaply before comparing their bytes.
    func hash(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01B3 }
        return hash
    }

    /// The scalar at `offset`, for messages.
    func characterText(at offset: Int) -> String {
        var length = 1
        while offset + length < end, bytes[offset + length] & 0xC0 == 0x80 { length += 1 }
        return string(offset..<min(offset + length, end))
    }

    func error(_ reason: String, at offset: Int? = nil) -> ParseError {
        let location = XMLPosition(offset: offset ?? position, in: bytes)
        return ParseError(reason: reason, line: location.line, column: location.column)
    }

    /// The input ended where `reason` says, unless it ended early at a byte that is not UTF-8
    /// or not an XML character: then that is the error.
    func endOfInput(_ reason: String) -> ParseError {
        if let invalidCharacter, end < bytes.count { return error(invalidCharacter, at: end) }
        return error(reason, at: end)
    }
}
