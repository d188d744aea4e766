extension XMLReader {
    static let xml = Array("xml".utf8)
    static let xmlns = Array("xmlns".utf8)

    /// Moves past a name at `position` and returns where it is, or nil when no name starts here.
    /// Names start with a letter, `_`, `:` or any non-ASCII scalar and go on with those, digits,
    /// `-` and `.`: XML's sets, approximately.
    mutating func scanName() -> Range<Int>? {
        let start = position
        guard position < end, Self.isNameStart(bytes[position]) else { return nil }
        position += 1
        while position < end, Self.isNameCharacter(bytes[position]) { position += 1 }
        return start..<position
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
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
        String(decoding: bytes[range], as: UTF8.self)
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
        let location = SourceLocation(offset: offset ?? position, in: bytes)
        return ParseError(reason: reason, line: location.line, column: location.column)
    }

    /// The input ended where `reason` says, unless it ended early at a byte that is not UTF-8
    /// or not an XML character: then that is the error.
    func endOfInput(_ reason: String) -> ParseError {
        if let invalidCharacter, end < bytes.count { return error(invalidCharacter, at: end) }
        return error(reason, at: end)
    }
}
