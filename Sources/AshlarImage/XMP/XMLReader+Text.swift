extension XMLReader {
    /// Reads character data inside an element up to the next `<`, adding it to the element's
    /// text with references decoded and line ends normalized to LF.
    mutating func characterData() throws(ParseError) {
        while true {
            let runStart = position
            while position + 8 <= end {
                let word = word(at: position)
                if Self.contains(word, UInt8(ascii: "<")) || Self.contains(word, UInt8(ascii: "&"))
                    || Self.contains(word, UInt8(ascii: "\r")) || Self.contains(word, UInt8(ascii: "]"))
                {
                    break
                }
                position += 8
            }
            while position < end {
                let byte = bytes[position]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\r")
                    || byte == UInt8(ascii: "]")
                {
                    break
                }
                position += 1
            }
            if position > runStart {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
            }
            guard position < end else { throw unclosedElement() }
            switch bytes[position] {
            case UInt8(ascii: "<"):
                return
            case UInt8(ascii: "&"):
                let (scalar, next) = try reference(at: position, limit: end)
                text.append(contentsOf: String(scalar).utf8)
                position = next
            case UInt8(ascii: "\r"):
                text.append(UInt8(ascii: "\n"))
                position += 1
                if position < end, bytes[position] == UInt8(ascii: "\n") { position += 1 }
            default:
                if position + 2 < end, bytes[position + 1] == UInt8(ascii: "]"),
                    bytes[position + 2] == UInt8(ascii: ">")
                {
                    throw error("']]>' is not allowed in text")
                }
                text.append(UInt8(ascii: "]"))
                position += 1
            }
        }
    }

    /// The input ended inside the innermost open element; the error points at its start tag.
    func unclosedElement() -> ParseError {
        guard end == bytes.count, let open = stack.last else { return endOfInput("unexpected end of file") }
        return error("unclosed element '\(string(open.name))'", at: open.tagStart)
    }

    /// Reads an attribute value after its opening quote and moves past the closing one. Tabs,
    /// line feeds and carriage returns become spaces (a CR LF pair one space), as XML specifies.
    mutating func attributeValue(quote: UInt8) throws(ParseError) -> String {
        let start = position
        var isPlain = true
        while true {
            while position + 8 <= end {
                let word = word(at: position)
                if Self.contains(word, quote) || Self.contains(word, UInt8(ascii: "<"))
                    || Self.contains(word, UInt8(ascii: "&")) || Self.hasZeroByte(word & (Self.lowBits &* 0xE0))
                {
                    break
                }
                position += 8
            }
            guard position < end else { break }
            let byte = bytes[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw error("'<' is not allowed in an attribute value") }
            if byte == UInt8(ascii: "&") || byte == 0x09 || byte == 0x0A || byte == 0x0D { isPlain = false }
            position += 1
        }
        guard position < end else { throw endOfInput("unexpected end of file in an attribute value") }
        let valueEnd = position
        position += 1
        if isPlain { return string(start..<valueEnd) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(valueEnd - start)
        var index = start
        while index < valueEnd {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"):
                let (scalar, next) = try reference(at: index, limit: valueEnd)
                decoded.append(contentsOf: String(scalar).utf8)
                index = next
            case 0x0D:
                decoded.append(0x20)
                index += 1
                if index < valueEnd, bytes[index] == 0x0A { index += 1 }
            case 0x09, 0x0A:
                decoded.append(0x20)
                index += 1
            default:
                decoded.append(byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Decodes the entity or character reference whose `&` is at `offset`, not reading past
    /// `limit`; returns the scalar and the offset after the `;`.
    func reference(at offset: Int, limit: Int) throws(ParseError) -> (Unicode.Scalar, Int) {
        var index = offset + 1
        guard index < limit else {
            if limit == end { throw endOfInput("unexpected end of file after '&'") }
            throw error("'&' must start an entity or character reference; write '&amp;' for '&'", at: offset)
        }
        if bytes[index] == UInt8(ascii: "#") {
            return try characterReference(at: offset, limit: limit)
        }
        let nameStart = index
        guard Self.isNameStart(bytes[index]) else {
            throw error("'&' must start an entity or character reference; write '&amp;' for '&'", at: offset)
        }
        while index < limit, Self.isNameCharacter(bytes[index]) { index += 1 }
        guard index < limit, bytes[index] == UInt8(ascii: ";") else {
            if index >= end { throw endOfInput("unexpected end of file in an entity reference") }
            throw error("expected ';' after '&\(string(nameStart..<index))'", at: offset)
        }
        let name = nameStart..<index
        let scalar: Unicode.Scalar
        switch string(name) {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default: throw error("undefined entity '&\(string(name));'", at: offset)
        }
        return (scalar, index + 1)
    }

    /// `&#…;` or `&#x…;`, which must name a character XML allows.
    private func characterReference(at offset: Int, limit: Int) throws(ParseError) -> (Unicode.Scalar, Int) {
        var index = offset + 2
        let isHex = index < limit && bytes[index] == UInt8(ascii: "x")
        if isHex { index += 1 }
        let digitsStart = index
        var value: UInt32 = 0
        while index < limit, let digit = Self.digitValue(bytes[index], hex: isHex) {
            value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart, index < limit, bytes[index] == UInt8(ascii: ";") else {
            if index >= end { throw endOfInput("unexpected end of file in a character reference") }
            throw error("invalid character reference '\(string(offset..<min(index + 1, limit)))'", at: offset)
        }
        guard let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar.value) else {
            throw error("character reference '\(string(offset..<(index + 1)))' is not an XML character", at: offset)
        }
        return (scalar, index + 1)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's `Char`: tab, LF, CR and scalars from U+0020 except U+FFFE and U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
    }
}
