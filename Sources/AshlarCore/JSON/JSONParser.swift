/// A recursive-descent reader over UTF-8 bytes, used by `JSONDocument`.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        // Windows editors save "Unicode" as UTF-16: a byte order mark, or ASCII with zero bytes.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(2).contains(0) {
            throw fail("JSON must be encoded as UTF-8; this file looks like UTF-16")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw fail("expected a JSON value, found end of file") }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected \(describeCurrent()) after the JSON value") }
        return value
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, reason: reason)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character 0x\(String(byte, radix: 16, uppercase: true))" }
        // Name the character: a curly quote pasted from a word processor, a second byte order mark.
        var iterator = bytes[index...].prefix(4).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            return "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
            .privateUse, .unassigned, .surrogate:
            return code
        default:
            return "'\(Character(scalar))' (\(code))"
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw fail("expected a JSON value, found end of file") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), offset: start)
        default:
            throw fail("expected a JSON value, found \(describeWord(from: index))")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw fail("expected a JSON value, found \(describeWord(from: start))", at: start)
            }
            index += 1
        }
    }

    private func describeWord(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 20,
            (0x61...0x7A).contains(bytes[end]) || (0x41...0x5A).contains(bytes[end])
        {
            end += 1
        }
        if end == start { return "\(describeCurrent())" }
        return "'" + String(decoding: bytes[start..<end], as: UTF8.self) + "'"
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONDocument.maximumDepth {
            throw fail("nesting deeper than \(JSONDocument.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enter()
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONValue(.object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unclosed object: expected '}'", at: start) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after key '\(key)', found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unclosed object: expected '}'", at: start) }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    throw fail("trailing comma before '}'", at: comma)
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return JSONValue(.object(members), offset: start)
            }
            throw fail("expected ',' or '}' after a value, found \(describeCurrent())")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONValue(.array(items), offset: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unclosed list: expected ']'", at: start) }
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unclosed list: expected ']'", at: start) }
            if bytes[index] == UInt8(ascii: ",") {
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    throw fail("trailing comma before ']'", at: comma)
                }
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return JSONValue(.array(items), offset: start)
            }
            throw fail("expected ',' or ']' after a value, found \(describeCurrent())")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var isFraction = false
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw fail("invalid number: expected a digit after '-', found \(describeWord(from: index))", at: start)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw fail("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isFraction = true
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: expected a digit after '.'", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isFraction = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fail("invalid number: expected a digit in the exponent", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // Whole numbers of up to 15 digits are exact in a Double: skip the text conversion.
        if index - start <= 15, !isFraction {
            var value = 0
            for byte in bytes[start..<index] where byte != UInt8(ascii: "-") { value = value * 10 + Int(byte - 0x30) }
            return Double(bytes[start] == UInt8(ascii: "-") ? -value : value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw fail("number \(text.count > 40 ? text.prefix(40) + "…" : text) is out of range", at: start)
        }
        return number
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        var plainRun = true
        while true {
            guard index < bytes.count else { throw fail("unclosed string: expected '\"'", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if plainRun {
                    index += 1
                    return try decodeUTF8(runStart..<(index - 1))
                }
                scalars.append(contentsOf: try decodeUTF8(runStart..<index).unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw fail(
                    "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
            }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: try decodeUTF8(runStart..<index).unicodeScalars)
                plainRun = false
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
    }

    private func decodeUTF8(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        let slice = bytes[range]
        // Most sidecar text is ASCII, which needs no validation; decoding from a buffer is much
        // faster than the generic validating initialiser.
        let ascii: String? = slice.withUnsafeBufferPointer { buffer in
            buffer.allSatisfy { $0 < 0x80 } ? String(decoding: buffer, as: UTF8.self) : nil
        }
        if let ascii { return ascii }
        if let text = String(validating: slice, as: UTF8.self) { return text }
        // Find the first invalid byte for the message.
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        var offset = range.lowerBound
        while true {
            let before = offset
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return String(decoding: slice, as: UTF8.self)
            case .error: throw fail("invalid UTF-8 in a string", at: before)
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail("unclosed string: expected '\"'", at: start) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4(escapeStart: start)
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw fail("unpaired surrogate in \\u escape", at: start)
                }
                index += 2
                let low = try parseHex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape", at: start) }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw fail("invalid \\u escape", at: start) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw fail("unpaired surrogate in \\u escape", at: start) }
            return scalar
        default:
            throw fail("invalid escape in a string", at: start)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("invalid \\u escape", at: escapeStart) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
